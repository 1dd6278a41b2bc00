--TEST--
Worker metrics: wait_seconds from a Laravel 12 payload's createdAt (plus its delay) on the first attempt; none without createdAt or on a later attempt, and those are left out of the wait histogram
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w102';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
// As Laravel 12's Queue::createPayloadArray writes it: createdAt in whole seconds, delay.
function payload(string $job, array $extra): string
{
    return json_encode($extra + ['uuid' => "uuid-$job", 'displayName' => $job, 'job' => $job, 'maxTries' => null,
        'maxExceptions' => null, 'failOnTimeout' => false, 'backoff' => null, 'timeout' => null,
        'retryUntil' => null, 'data' => [], 'attempts' => 0]);
}
$now = time();
fqw_push_raw($name, payload('Pushed5sAgo', ['createdAt' => $now - 5, 'delay' => null]));
fqw_push_raw($name, payload('Delayed3', ['createdAt' => $now - 5, 'delay' => 3]));
fqw_push_raw($name, payload('NoCreatedAt', []));
fqw_push_raw($name, payload('SecondAttempt', ['createdAt' => $now - 5, 'attempts' => 1]));

$waits = [];
$w = fqw_worker($q, fn($job) => null, ['metrics' => true, 'metrics_worker' => 'w102', 'tries' => 3]);
$w->on('measured', function ($job, array $f) use (&$waits) { $waits[$job->getName()] = $f['wait_seconds']; });
echo 'status ', $w->daemon($name), "\n";
// createdAt is whole seconds: the wait is known to within a second, plus this test's own time.
$in = fn($v, $lo, $hi) => is_float($v) && $v >= $lo && $v < $hi ? "in [$lo, $hi)" : var_export($v, true);
echo 'pushed 5 s ago: ', $in($waits['Pushed5sAgo'], 5, 7), "\n";
echo 'due 2 s ago: ', $in($waits['Delayed3'], 2, 4), "\n";
echo 'no createdAt: ', var_export($waits['NoCreatedAt'], true), "\n";
echo 'second attempt: ', var_export($waits['SecondAttempt'], true), "\n";

$text = $w->metrics();
$labels = '{worker="w102",queue="w102"';
preg_match('/^fastqueue_job_wait_seconds_count' . preg_quote($labels, '/') . '\} (\S+)$/m', $text, $count);
preg_match('/^fastqueue_job_wait_seconds_bucket' . preg_quote($labels, '/') . ',le="2"\} (\S+)$/m', $text, $le2);
preg_match('/^fastqueue_job_wait_seconds_bucket' . preg_quote($labels, '/') . ',le="10"\} (\S+)$/m', $text, $le10);
preg_match('/^fastqueue_job_run_seconds_count' . preg_quote($labels, '/') . '\} (\S+)$/m', $text, $runs);
echo "histogram: count {$count[1]}, le=2 {$le2[1]}, le=10 {$le10[1]}; run count {$runs[1]}\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w102'); ?>
--EXPECT--
status 0
pushed 5 s ago: in [5, 7)
due 2 s ago: in [2, 4)
no createdAt: NULL
second attempt: NULL
histogram: count 2, le=2 0, le=10 2; run count 4
