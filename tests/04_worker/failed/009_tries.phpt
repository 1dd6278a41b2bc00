--TEST--
Worker tries: released until the tries are used up, then failed; tries 0 retries for ever; the job's maxTries overrides the worker's tries
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w009';
fq_clean($name);
$q = fq_queue(['queue' => $name]);

// Runs one job that throws at attempts listed in $throwAt (or always); prints what happened.
function run_job(FastQueue\RedisQueue $q, string $name, array $worker, array $push, ?array $throwAt = null): void
{
    $log = [];
    $q->push('J', null, null, $push);
    $w = fqw_worker($q, function ($job) use (&$log, $throwAt) {
        $log[] = 'run#' . $job->attempts();
        if ($throwAt === null || in_array($job->attempts(), $throwAt, true)) {
            throw new RuntimeException('attempt ' . $job->attempts());
        }
    }, $worker + ['failed_store' => false]);
    $w->on('released', function ($job, $delay) use (&$log) { $log[] = 'released'; });
    $w->on('failed', function ($job, $e) use (&$log) { $log[] = 'FAILED(' . $e->getMessage() . ')'; });
    $w->on('processed', function ($job) use (&$log) { $log[] = 'ok'; });
    $status = $w->daemon($name);
    $s = $w->stats();
    echo json_encode($worker), ' ', json_encode($push), ': ', implode(' ', $log), " | status $status, ",
        "exceptions {$s['exceptions']} released {$s['released']} failed {$s['failed']} | ", fqw_counts($name), "\n";
}

run_job($q, $name, [], []);                                     // the default, tries 1
run_job($q, $name, ['tries' => 3], []);
run_job($q, $name, ['tries' => 3], [], [1]);                    // succeeds at its second attempt
run_job($q, $name, ['tries' => 0], [], [1, 2, 3, 4, 5, 6]);     // unlimited: never failed
run_job($q, $name, ['tries' => 3], ['maxTries' => 1]);          // the job's maxTries wins, lower...
run_job($q, $name, ['tries' => 1], ['maxTries' => 4]);          // ... or higher
run_job($q, $name, ['tries' => 2], ['maxTries' => 0], [1, 2, 3, 4]); // maxTries 0: unlimited too
run_job($q, $name, ['tries' => 0], ['maxTries' => 2]);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w009'); ?>
--EXPECT--
[] []: run#1 FAILED(attempt 1) | status 0, exceptions 1 released 0 failed 1 | pending=0 delayed=0 reserved=0
{"tries":3} []: run#1 released run#2 released run#3 FAILED(attempt 3) | status 0, exceptions 3 released 2 failed 1 | pending=0 delayed=0 reserved=0
{"tries":3} []: run#1 released run#2 ok | status 0, exceptions 1 released 1 failed 0 | pending=0 delayed=0 reserved=0
{"tries":0} []: run#1 released run#2 released run#3 released run#4 released run#5 released run#6 released run#7 ok | status 0, exceptions 6 released 6 failed 0 | pending=0 delayed=0 reserved=0
{"tries":3} {"maxTries":1}: run#1 FAILED(attempt 1) | status 0, exceptions 1 released 0 failed 1 | pending=0 delayed=0 reserved=0
{"tries":1} {"maxTries":4}: run#1 released run#2 released run#3 released run#4 FAILED(attempt 4) | status 0, exceptions 4 released 3 failed 1 | pending=0 delayed=0 reserved=0
{"tries":2} {"maxTries":0}: run#1 released run#2 released run#3 released run#4 released run#5 ok | status 0, exceptions 4 released 4 failed 0 | pending=0 delayed=0 reserved=0
{"tries":0} {"maxTries":2}: run#1 released run#2 FAILED(attempt 2) | status 0, exceptions 2 released 1 failed 1 | pending=0 delayed=0 reserved=0
