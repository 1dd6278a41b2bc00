--TEST--
Worker priority list: daemon("high,default,low") always takes a job from the first non-empty queue, even one pushed while it works
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$queues = ['w007high', 'w007default', 'w007low'];
foreach ($queues as $n) {
    fq_clean($n);
}
$q = fq_queue(['queue' => 'w007default']);

// Pushed lowest first, interleaved: the order of pushing must not matter.
foreach ([1, 2, 3] as $i) {
    $q->push("low$i", null, 'w007low');
    $q->push("default$i", null, 'w007default');
    $q->push("high$i", null, 'w007high');
}
$order = [];
$w = fqw_worker($q, function ($job) use (&$order, $q) {
    $order[] = $job->getName() . '@' . $job->getQueue();
    // A high-priority job pushed while default jobs remain runs next.
    if ($job->getName() === 'default1') {
        $q->push('high-late', null, 'w007high');
    }
    // A delayed high job that becomes due is migrated and preferred as well.
    if ($job->getName() === 'low1') {
        $q->later(0, 'high-delayed', null, 'w007high');
    }
});
var_dump($w->daemon(' w007high , w007default,w007low '));
echo implode("\n", $order), "\n";
foreach ($queues as $n) {
    echo "$n: ", fqw_counts($n), "\n";
}

// runNextJob follows the same rule.
$q->push('d', null, 'w007default');
$q->push('h', null, 'w007high');
$w = fqw_worker($q, function ($job) { echo 'runNextJob ran ', $job->getName(), "\n"; });
var_dump($w->runNextJob('w007high,w007default'), $w->runNextJob('w007high,w007default'), $w->runNextJob('w007high,w007default'));

// An empty list is refused.
foreach (['', ' , '] as $list) {
    try {
        $w->daemon($list);
    } catch (ValueError $e) {
        echo 'ValueError: ', $e->getMessage(), "\n";
    }
}
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w007high'); fq_clean('w007default'); fq_clean('w007low'); } ?>
--EXPECT--
int(0)
high1@w007high
high2@w007high
high3@w007high
default1@w007default
high-late@w007high
default2@w007default
default3@w007default
low1@w007low
high-delayed@w007high
low2@w007low
low3@w007low
w007high: pending=0 delayed=0 reserved=0
w007default: pending=0 delayed=0 reserved=0
w007low: pending=0 delayed=0 reserved=0
runNextJob ran h
runNextJob ran d
bool(true)
bool(true)
bool(false)
ValueError: FastQueue\Worker::daemon(): Argument #1 ($queues) must name at least one queue
ValueError: FastQueue\Worker::daemon(): Argument #1 ($queues) must name at least one queue
