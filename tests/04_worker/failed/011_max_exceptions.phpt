--TEST--
Worker maxExceptions: a job is failed after that many exceptions even with tries left; its own releases do not count
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w011';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$raw = fq_raw();

function run_one(FastQueue\RedisQueue $q, string $name, array $push, callable $body): void
{
    $raw = fq_raw();
    $log = [];
    $q->push('J', null, null, $push);
    $w = fqw_worker($q, function ($job) use (&$log, $body, $raw) {
        $key = 'fastqueue:job-exceptions:' . $job->uuid();
        $log[] = 'run#' . $job->attempts() . '(count ' . ($raw->cmd('GET', $key) ?? '-') . ')';
        $body($job);
    }, ['tries' => 10, 'failed_store' => false]);
    $w->on('released', function ($job, $delay) use (&$log) { $log[] = 'released'; });
    $w->on('exception', function ($job, $e) use (&$log, $raw) {
        $ttl = $raw->cmd('TTL', 'fastqueue:job-exceptions:' . $job->uuid());
        $log[] = 'exception(ttl ' . ($ttl > 86000 && $ttl <= 86400 ? 'a day' : $ttl) . ')';
    });
    $w->on('failed', function ($job, $e) use (&$log, &$uuid) { $uuid = $job->uuid(); $log[] = 'FAILED(' . $e->getMessage() . ')'; });
    $w->on('processed', function ($job) use (&$log) { $log[] = 'ok'; });
    $w->daemon($name);
    echo json_encode($push), ': ', implode(' ', $log), ' | ', fqw_counts($name),
        ' | counter left: ', $uuid ? $raw->cmd('EXISTS', "fastqueue:job-exceptions:$uuid") : '-', "\n";
    if ($uuid) {
        $raw->cmd('DEL', "fastqueue:job-exceptions:$uuid");
    }
}

// Two exceptions allowed, ten tries: failed at the second exception.
run_one($q, $name, ['maxExceptions' => 2], function ($job) { throw new RuntimeException('e' . $job->attempts()); });

// Releasing itself is not an exception: three releases, then two exceptions.
run_one($q, $name, ['maxExceptions' => 2], function ($job) {
    if ($job->attempts() <= 3) {
        $job->release(0);
        return;
    }
    throw new RuntimeException('e' . $job->attempts());
});

// One exception, then success: never failed.
run_one($q, $name, ['maxExceptions' => 2], function ($job) {
    if ($job->attempts() === 1) {
        throw new RuntimeException('once');
    }
});

// The tries run out before the exceptions do.
run_one($q, $name, ['maxExceptions' => 5, 'maxTries' => 2], function ($job) { throw new RuntimeException('e' . $job->attempts()); });
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w011'); ?>
--EXPECT--
{"maxExceptions":2}: run#1(count -) exception(ttl a day) released run#2(count 1) FAILED(e2) exception(ttl -2) | pending=0 delayed=0 reserved=0 | counter left: 0
{"maxExceptions":2}: run#1(count -) ok run#2(count -) ok run#3(count -) ok run#4(count -) exception(ttl a day) released run#5(count 1) FAILED(e5) exception(ttl -2) | pending=0 delayed=0 reserved=0 | counter left: 0
{"maxExceptions":2}: run#1(count -) exception(ttl a day) released run#2(count 1) ok | pending=0 delayed=0 reserved=0 | counter left: -
{"maxExceptions":5,"maxTries":2}: run#1(count -) exception(ttl a day) released run#2(count 1) FAILED(e2) exception(ttl a day) | pending=0 delayed=0 reserved=0 | counter left: 1
