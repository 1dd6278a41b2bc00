--TEST--
RedisQueue options: block_for is at most one year and retry_after at most ten years (a ValueError naming the option), so no wait or reservation score can overflow; the largest values work
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/config.inc';
$name = 'rq130';
fq_clean($name);

$year = 365 * 86400;
$cases = [
    ['block_for' => $year], ['block_for' => $year + 0.5], ['block_for' => 1e300], ['block_for' => PHP_INT_MAX],
    ['retry_after' => 10 * $year], ['retry_after' => 10 * $year + 1], ['retry_after' => PHP_INT_MAX],
];
foreach ($cases as $opts) {
    $k = array_key_first($opts);
    $label = "$k => " . var_export($opts[$k], true);
    try {
        fq_queue($opts);
        echo "$label: accepted\n";
    } catch (ValueError $e) {
        echo "$label: ValueError", str_contains($e->getMessage(), "\"$k\"") ? '' : ' NOT NAMING IT', "\n";
    }
}
foreach (['block_for' => 1e300, 'retry_after' => PHP_INT_MAX] as $k => $v) {
    try {
        fq_queue([$k => $v]);
    } catch (ValueError $e) {
        echo $e->getMessage(), "\n";
    }
}

// The largest retry_after reserves the job for ten years: a positive score, not one that
// wrapped round and makes the job due again at once.
$q = fq_queue(['queue' => $name, 'retry_after' => 10 * $year]);
$q->push('A');
$before = time();
$job = $q->pop();
$after = time();
$scores = fq_raw()->cmd('ZRANGE', "queues:$name:reserved", '0', '-1', 'WITHSCORES');
$score = (int) $scores[1];
var_dump($job->getName(), $score >= $before - 1 + 10 * $year && $score <= $after + 10 * $year);
var_dump($q->pop());
echo 'reserved=', fq_raw()->cmd('ZCARD', "queues:$name:reserved"), "\n";

// The largest block_for does not wait when a job is there.
$q = fq_queue(['queue' => $name, 'block_for' => $year]);
$q->push('B');
var_dump($q->pop()->getName());
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq130'); ?>
--EXPECT--
block_for => 31536000: accepted
block_for => 31536000.5: ValueError
block_for => 1.0E+300: ValueError
block_for => 9223372036854775807: ValueError
retry_after => 315360000: accepted
retry_after => 315360001: ValueError
retry_after => 9223372036854775807: ValueError
FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "block_for" must be a finite number between 0 and 31536000
FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "retry_after" must be between 0 and 315360000
string(1) "A"
bool(true)
NULL
reserved=1
string(1) "B"
