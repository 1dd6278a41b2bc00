--TEST--
push/later job options: an unknown name or a bad value is a TypeError/ValueError naming the option, and nothing is pushed
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
$raw = fq_raw();
fq_clean('rq127');
$q = fq_queue(['queue' => 'rq127']);
$cases = [
    ['tries' => 3],
    ['maxtries' => 3],
    ['delay' => 5],
    [0 => 3],
    ['maxTries' => 'x'],
    ['maxTries' => '3'],
    ['maxTries' => -1],
    ['maxTries' => 2.0],
    ['maxExceptions' => true],
    ['maxExceptions' => -1],
    ['timeout' => 1.5],
    ['timeout' => -5],
    ['backoff' => 'a,b'],
    ['backoff' => '1,,2'],
    ['backoff' => ',1'],
    ['backoff' => '1,'],
    ['backoff' => '1, 5'],
    ['backoff' => '-1'],
    ['backoff' => [1, 'x']],
    ['backoff' => [1, -5]],
    ['backoff' => -1],
    ['backoff' => 1.5],
    ['backoff' => false],
    ['retryUntil' => 'tomorrow'],
    ['retryUntil' => -5],
    ['retryUntil' => 1.5e9],
    ['failOnTimeout' => 1],
    ['failOnTimeout' => 'yes'],
    ['displayName' => 5],
];
function label(array $opts): string
{
    $k = array_key_first($opts);
    return var_export($k, true) . ' => ' . str_replace("\n", '', var_export($opts[$k], true));
}
foreach ($cases as $opts) {
    $name = array_key_first($opts);
    $line = label($opts) . ':';
    foreach (['push' => fn() => $q->push('J', '', null, $opts), 'later' => fn() => $q->later(5, 'J', '', null, $opts)] as $m => $f) {
        try {
            $f();
            $line .= " $m accepted;";
        } catch (TypeError|ValueError $e) {
            $named = is_string($name) ? str_contains($e->getMessage(), "\"$name\"") : str_contains($e->getMessage(), 'string keys');
            $pos = $m === 'push' ? '#4 ($options)' : '#5 ($options)';
            $line .= ' ' . get_class($e) . (str_contains($e->getMessage(), $pos) ? '' : ' (wrong argument number)')
                . ($named ? '' : ' NOT NAMING IT: ' . $e->getMessage()) . ';';
        }
    }
    echo $line, "\n";
}
var_dump($raw->cmd('EXISTS', 'queues:rq127', 'queues:rq127:delayed', 'queues:rq127:notify'));
fq_clean('rq127');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq127'); ?>
--EXPECT--
'tries' => 3: ValueError; ValueError;
'maxtries' => 3: ValueError; ValueError;
'delay' => 5: ValueError; ValueError;
0 => 3: ValueError; ValueError;
'maxTries' => 'x': TypeError; TypeError;
'maxTries' => '3': TypeError; TypeError;
'maxTries' => -1: ValueError; ValueError;
'maxTries' => 2.0: TypeError; TypeError;
'maxExceptions' => true: TypeError; TypeError;
'maxExceptions' => -1: ValueError; ValueError;
'timeout' => 1.5: TypeError; TypeError;
'timeout' => -5: ValueError; ValueError;
'backoff' => 'a,b': ValueError; ValueError;
'backoff' => '1,,2': ValueError; ValueError;
'backoff' => ',1': ValueError; ValueError;
'backoff' => '1,': ValueError; ValueError;
'backoff' => '1, 5': ValueError; ValueError;
'backoff' => '-1': ValueError; ValueError;
'backoff' => array (  0 => 1,  1 => 'x',): ValueError; ValueError;
'backoff' => array (  0 => 1,  1 => -5,): ValueError; ValueError;
'backoff' => -1: ValueError; ValueError;
'backoff' => 1.5: TypeError; TypeError;
'backoff' => false: TypeError; TypeError;
'retryUntil' => 'tomorrow': TypeError; TypeError;
'retryUntil' => -5: ValueError; ValueError;
'retryUntil' => 1500000000.0: TypeError; TypeError;
'failOnTimeout' => 1: TypeError; TypeError;
'failOnTimeout' => 'yes': TypeError; TypeError;
'displayName' => 5: TypeError; TypeError;
int(0)
