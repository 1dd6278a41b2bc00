--TEST--
Worker skipQueues(): the named queues of the run are not reserved from, from the next round on (set from a looping listener too); prefetched jobs of a queue skipped go back in order; every queue skipped is a round with no job
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
[$a, $b] = ['w084a', 'w084b'];
fq_clean($a);
fq_clean($b);
$q = fq_queue(['queue' => $a]);
$ran = [];
$handler = function ($job) use (&$ran) { $ran[] = $job->getName(); };

// Skipped before the run: only the other queue is worked.
$q->bulk(['A1'], '', $a);
$q->bulk(['B1', 'B2'], '', $b);
$w = fqw_worker($q, $handler);
$w->skipQueues([$a, 'not-in-the-list']);
echo 'status ', $w->daemon("$a,$b"), ': ', implode(' ', $ran), ' | ', fqw_counts($a), ' | ', fqw_counts($b), "\n";

// Every queue skipped: no job, stop_when_empty ends the run; runNextJob() finds none.
$ran = [];
$w->skipQueues([$b, $a]);
echo 'status ', $w->daemon("$a,$b"), ', ran ', count($ran), ', runNextJob: ', var_export($w->runNextJob("$a,$b"), true), ' | ', fqw_counts($a), "\n";
$w->skipQueues([]);
var_dump($w->runNextJob("$a,$b"), implode(' ', $ran));

// From a looping listener, with prefetch: A1..A3 are reserved in one batch; skipping the
// first queue in round 2 hands A2, A3 back, B1 runs, then A2, A3 once it is no longer skipped.
foreach ([4, 1] as $prefetch) {
    $ran = [];
    $q->bulk(['A1', 'A2', 'A3'], '', $a);
    $q->bulk(['B1'], '', $b);
    $w = fqw_worker($q, $handler, ['prefetch' => $prefetch, 'timeout' => 10]);
    $round = 0;
    $w->on('looping', function () use ($w, &$round, $a) {
        $round++;
        $w->skipQueues($round === 2 ? [$a] : []);
    });
    echo "prefetch $prefetch: status ", $w->daemon("$a,$b"), ': ', implode(' ', $ran), ' | ', fqw_counts($a), ' | ', fqw_counts($b), "\n";
}

// Bad input.
try {
    $w->skipQueues([$a, 7]);
} catch (TypeError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w084a'); fq_clean('w084b'); } ?>
--EXPECT--
status 0: B1 B2 | pending=1 delayed=0 reserved=0 | pending=0 delayed=0 reserved=0
status 0, ran 0, runNextJob: false | pending=1 delayed=0 reserved=0
bool(true)
string(2) "A1"
prefetch 4: status 0: A1 B1 A2 A3 | pending=0 delayed=0 reserved=0 | pending=0 delayed=0 reserved=0
prefetch 1: status 0: A1 B1 A2 A3 | pending=0 delayed=0 reserved=0 | pending=0 delayed=0 reserved=0
TypeError: FastQueue\Worker::skipQueues(): Argument #1 ($queues) must contain only queue names (strings), int given
