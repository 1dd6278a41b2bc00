--TEST--
Limits: the limits option's bad values are a TypeError/ValueError naming the option; concurrency needs retry_after; good ones are taken
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/config.inc';
$q = fq_queue(['queue' => 'w160', 'retry_after' => 30]);
$cases = [
    'a string' => 'mail',
    'a list' => [['rate' => 1, 'per' => 1]],
    'an entry not an array' => ['mail' => 5],
    'an empty entry' => ['mail' => []],
    'an unknown key' => ['mail' => ['rate' => 5, 'per' => 1, 'burst' => 2]],
    'rate without per' => ['mail' => ['rate' => 5]],
    'per without rate' => ['mail' => ['per' => 1]],
    'rate 0' => ['mail' => ['rate' => 0, 'per' => 1]],
    'rate -1' => ['mail' => ['rate' => -1, 'per' => 1]],
    'rate a float' => ['mail' => ['rate' => 1.5, 'per' => 1]],
    'rate a string' => ['mail' => ['rate' => '5', 'per' => 1]],
    'per 0' => ['mail' => ['rate' => 5, 'per' => 0]],
    'per -0.5' => ['mail' => ['rate' => 5, 'per' => -0.5]],
    'per INF' => ['mail' => ['rate' => 5, 'per' => INF]],
    'per a string' => ['mail' => ['rate' => 5, 'per' => '1']],
    'concurrency 0' => ['mail' => ['concurrency' => 0]],
    'concurrency -2' => ['mail' => ['concurrency' => -2]],
    'concurrency a float' => ['mail' => ['concurrency' => 2.0]],
    'concurrency null' => ['mail' => ['concurrency' => null]],
];
foreach ($cases as $label => $limits) {
    try {
        new FastQueue\Worker($q, null, ['limits' => $limits]);
        echo "$label: accepted\n";
    } catch (TypeError|ValueError $e) {
        echo "$label: ", get_class($e), ': ', preg_replace('/^FastQueue\\\\Worker::__construct\(\): Argument #3 \(\$options\) /', '', $e->getMessage()), "\n";
    }
}
// Concurrency holds a slot until its reservation ends: a queue without retry_after is refused.
foreach ([null, 0] as $retryAfter) {
    try {
        new FastQueue\Worker(fq_queue(['queue' => 'w160', 'retry_after' => $retryAfter]), null,
            ['limits' => ['mail' => ['concurrency' => 2]]]);
        echo "retry_after ", var_export($retryAfter, true), ": accepted\n";
    } catch (ValueError $e) {
        echo "retry_after ", var_export($retryAfter, true), ": ", get_class($e), ': ', preg_replace('/^.*\(\$options\) /', '', $e->getMessage()), "\n";
    }
}
// A rate alone needs no retry_after; limits of queues the run does not serve are ignored.
new FastQueue\Worker(fq_queue(['queue' => 'w160', 'retry_after' => null]), null, ['limits' => ['mail' => ['rate' => 5, 'per' => 0.5]]]);
$w = new FastQueue\Worker($q, fn() => null, ['limits' => [
    'w160-other' => ['rate' => 1, 'per' => 3600, 'concurrency' => 1], 7 => ['concurrency' => 3],
], 'stop_when_empty' => true]);
$q->push('X@y', [], 'w160');
echo 'daemon: ', $w->daemon('w160'), ', processed ', $w->stats()['processed'], "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w160'); } ?>
--EXPECT--
a string: TypeError: option "limits" must be of type ?array, string given
a list: ValueError: option "limits" must be keyed by queue names, a list given
an entry not an array: TypeError: option "limits["mail"]" must be of type array, int given
an empty entry: ValueError: option "limits["mail"]" must set "rate" with "per", or "concurrency"
an unknown key: ValueError: option "limits["mail"]" contains unknown key "burst" (known: rate, per, concurrency)
rate without per: ValueError: option "limits["mail"]" needs "rate" and "per" together
per without rate: ValueError: option "limits["mail"]" needs "rate" and "per" together
rate 0: ValueError: option "limits["mail"]["rate"]" must be between 1 and 1000000
rate -1: ValueError: option "limits["mail"]["rate"]" must be between 1 and 1000000
rate a float: TypeError: option "limits["mail"]["rate"]" must be of type int, float given
rate a string: TypeError: option "limits["mail"]["rate"]" must be of type int, string given
per 0: ValueError: option "limits["mail"]["per"]" must be greater than 0
per -0.5: ValueError: option "limits["mail"]["per"]" must be a finite number between 0 and 31536000
per INF: ValueError: option "limits["mail"]["per"]" must be a finite number between 0 and 31536000
per a string: TypeError: option "limits["mail"]["per"]" must be of type int|float, string given
concurrency 0: ValueError: option "limits["mail"]["concurrency"]" must be between 1 and 1000000
concurrency -2: ValueError: option "limits["mail"]["concurrency"]" must be between 1 and 1000000
concurrency a float: TypeError: option "limits["mail"]["concurrency"]" must be of type int, float given
concurrency null: TypeError: option "limits["mail"]["concurrency"]" must be of type int, null given
retry_after NULL: ValueError: option "limits["mail"]["concurrency"]" needs the RedisQueue's retry_after (1 s or more): without it a dead worker's slot would never come back
retry_after 0: ValueError: option "limits["mail"]["concurrency"]" needs the RedisQueue's retry_after (1 s or more): without it a dead worker's slot would never come back
daemon: 0, processed 1
