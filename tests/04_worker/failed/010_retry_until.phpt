--TEST--
Worker retryUntil: in the future the job retries past its tries; once passed it is failed (before it runs when popped late, at its exception when it passes during the run)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w010';
fq_clean($name);
$q = fq_queue(['queue' => $name]);

function watch(FastQueue\Worker $w, array &$log): FastQueue\Worker
{
    $w->on('released', function ($job, $delay) use (&$log) { $log[] = 'released'; });
    $w->on('failed', function ($job, $e) use (&$log) { $log[] = 'FAILED(' . get_class($e) . ')'; });
    $w->on('processed', function ($job) use (&$log) { $log[] = 'ok'; });
    return $w;
}

// In the future: retried past both the worker's tries and the job's maxTries.
$log = [];
$q->push('J', null, null, ['retryUntil' => time() + 60, 'maxTries' => 1]);
$w = watch(fqw_worker($q, function ($job) use (&$log) {
    $log[] = 'run#' . $job->attempts();
    if ($job->attempts() < 4) {
        throw new RuntimeException('not yet');
    }
}, ['tries' => 1, 'failed_store' => false]), $log);
var_dump($w->daemon($name));
echo implode(' ', $log), ' | ', fqw_counts($name), "\n";

// In the past when popped: failed with MaxAttemptsExceededException, the handler never runs.
$log = [];
$q->push('Late', null, null, ['retryUntil' => time() - 5]);
$w = watch(fqw_worker($q, function ($job) use (&$log) { $log[] = 'HANDLER RAN'; }, ['tries' => 0, 'failed_store' => false]), $log);
$w->on('exception', function ($job, $e) use (&$log) { $log[] = 'exception(' . $e->getMessage() . ')'; });
var_dump($w->daemon($name));
echo implode(' ', $log), ' | ', fqw_counts($name), "\n";

// Passing during the run: the job's exception fails it rather than releasing it, even with tries left.
$log = [];
$until = time() + 1;
$q->push('Slow', null, null, ['retryUntil' => $until]);
$w = watch(fqw_worker($q, function ($job) use (&$log, $until) {
    $log[] = 'run#' . $job->attempts();
    // Well past it: C's time() reads a coarse clock that may lag PHP's by a few ms.
    while (microtime(true) < $until + 0.05) {
        usleep(20000);
    }
    throw new RuntimeException('too late');
}, ['tries' => 5, 'failed_store' => false]), $log);
var_dump($w->daemon($name));
echo implode(' ', $log), ' | ', fqw_counts($name), "\n";

// A payload from an older Laravel carries the deadline as "timeoutAt" (8.83's retryUntil() falls
// back to it): in the past, it fails before it runs, and Job::retryUntil() reports it.
$log = [];
$at = time() - 5;
$q->pushRaw(json_encode(['uuid' => 'u-old', 'displayName' => 'Old', 'job' => 'Old', 'maxTries' => null,
    'timeout' => null, 'timeoutAt' => $at, 'data' => null, 'id' => 'old1', 'attempts' => 0]));
$w = watch(fqw_worker($q, function ($job) use (&$log) { $log[] = 'HANDLER RAN'; }, ['tries' => 0, 'failed_store' => false]), $log);
$w->on('processing', function ($job) use (&$log, $at) { $log[] = 'retryUntil ' . ($job->retryUntil() === $at ? 'is timeoutAt' : var_export($job->retryUntil(), true)); });
var_dump($w->daemon($name));
echo implode(' ', $log), ' | ', fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w010'); ?>
--EXPECT--
int(0)
run#1 released run#2 released run#3 released run#4 ok | pending=0 delayed=0 reserved=0
int(0)
FAILED(FastQueue\MaxAttemptsExceededException) exception(Late has been attempted too many times or run too long. The job may have previously timed out.) | pending=0 delayed=0 reserved=0
int(0)
run#1 FAILED(RuntimeException) | pending=0 delayed=0 reserved=0
int(0)
retryUntil is timeoutAt FAILED(FastQueue\MaxAttemptsExceededException) | pending=0 delayed=0 reserved=0
