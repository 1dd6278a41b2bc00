--TEST--
Worker: $job->fail($e) called by the handler records the failure and fires failed exactly once; nothing is released
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--CONFLICTS--
failed_store
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w015';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$q->flushFailed();

$q->push('FailAndReturn');
$q->push('FailAndThrow');
$q->push('FailTwice');
$kept = [];
$w = fqw_worker($q, function ($job) use (&$kept) {
    $kept[$job->getName()] = $job;
    switch ($job->getName()) {
        case 'FailAndReturn':
            $job->fail(new LogicException('given up'));
            echo 'after fail(): hasFailed ', var_export($job->hasFailed(), true), ', isDeleted ', var_export($job->isDeleted(), true), "\n";
            return;
        case 'FailAndThrow':
            $job->fail(new LogicException('failed first'));
            throw new RuntimeException('then thrown');
        case 'FailTwice':
            $job->fail(new LogicException('first'));
            $job->fail(new LogicException('second'));
            return;
    }
}, ['tries' => 3]);
foreach (['processed', 'released'] as $event) {
    $w->on($event, function ($job) use ($event) { echo "$event ", $job->getName(), "\n"; });
}
foreach (['failed', 'exception'] as $event) {
    $w->on($event, function ($job, $e) use ($event) { echo "$event ", $job->getName(), ' ', fqw_describe($e), "\n"; });
}
var_dump($w->daemon($name));
echo fqw_counts($name), "\n";
foreach (fqw_failed($q, $name) as $r) {
    echo 'record ', json_decode($r['payload'], true)['job'], ': ', $r['exception'], ': ', $r['message'], "\n";
}
foreach ($kept as $n => $job) {
    echo "$n: hasFailed ", var_export($job->hasFailed(), true), ', isReleased ', var_export($job->isReleased(), true), "\n";
}
$s = $w->stats();
echo "stats: failed {$s['failed']}, released {$s['released']}, exceptions {$s['exceptions']}\n";
$q->flushFailed();
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w015'); fq_queue()->flushFailed(); } ?>
--EXPECT--
failed FailAndReturn LogicException(given up)
after fail(): hasFailed true, isDeleted true
processed FailAndReturn
failed FailAndThrow LogicException(failed first)
exception FailAndThrow RuntimeException(then thrown)
failed FailTwice LogicException(first)
processed FailTwice
int(0)
pending=0 delayed=0 reserved=0
record FailAndReturn: LogicException: given up
record FailAndThrow: LogicException: failed first
record FailTwice: LogicException: first
FailAndReturn: hasFailed true, isReleased false
FailAndThrow: hasFailed true, isReleased false
FailTwice: hasFailed true, isReleased false
stats: failed 3, released 0, exceptions 1
