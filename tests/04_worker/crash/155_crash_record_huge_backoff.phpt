--TEST--
Crash records: a reservation that expired unfinished, of a job whose payload has a huge backoff (a long digit string, PHP_INT_MAX) or a retryUntil far ahead, is moved back and recorded with a lifetime of at most a day plus ten years per part (an integer EX): the reserve does not fail on it
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/config.inc';
$name = 'wk155';
fq_clean($name);
$q = fq_queue(['queue' => $name, 'retry_after' => 60]);
$raw = fq_raw();
$cases = [
    'backoff digits' => ['backoff' => '99999999999999999999'],
    'backoff PHP_INT_MAX' => ['backoff' => PHP_INT_MAX],
    'retryUntil far ahead' => ['retryUntil' => PHP_INT_MAX],
];
$most = 86400 + 3 * 315360000;
foreach ($cases as $case => $fields) {
    $uuid = bin2hex(random_bytes(8));
    // The reserved copy of attempt 1, its reservation already expired.
    $payload = json_encode(['uuid' => $uuid, 'displayName' => 'J', 'job' => 'J', 'maxTries' => null, 'data' => []] + $fields + ['attempts' => 1]);
    $raw->cmd('ZADD', "queues:$name:reserved", (string) (time() - 5), $payload);
    $job = null;
    try {
        $job = $q->pop();
        echo "$case: popped ", $job === null ? 'nothing' : 'attempt ' . $job->attempts(), "\n";
    } catch (Throwable $e) {
        echo "$case: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
    $ttl = $raw->cmd('TTL', "queues:$name:crash:$uuid:1");
    echo "$case: record lives ", is_int($ttl) && $ttl > 86400 && $ttl <= $most ? 'a day to a day plus thirty years' : var_export($ttl, true), "\n";
    $job?->delete();
}
fq_clean($name);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('wk155'); ?>
--EXPECT--
backoff digits: popped attempt 2
backoff digits: record lives a day to a day plus thirty years
backoff PHP_INT_MAX: popped attempt 2
backoff PHP_INT_MAX: record lives a day to a day plus thirty years
retryUntil far ahead: popped attempt 2
retryUntil far ahead: record lives a day to a day plus thirty years
