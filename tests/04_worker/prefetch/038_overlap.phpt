--TEST--
Worker overlap: with prefetch, daemon() reserves the next batch while it runs the current one (option overlap, on by default); a job pushed to a higher queue waits at most that one batch; on stop the overlapped batch goes back untouched and in order; every job runs once and is acknowledged
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w038';
$raw = fq_raw();
$q = fq_queue(['queue' => $name, 'retry_after' => 90]);

// 1. While the first job of a batch of 8 runs, the list shrinks by a second batch: Redis
// reserved it meanwhile. With overlap off it stays at 32 of 40.
foreach ([true, false] as $overlap) {
    fq_clean($name);
    $q->bulk(array_map(fn($i) => "J$i", range(1, 40)));
    $seen = null;
    $w = fqw_worker($q, function ($job) use (&$seen, $raw, $name) {
        if ($seen !== null) {
            return;
        }
        // Redis runs the call the worker sent before this job started; give it up to 2 s.
        for ($t = 0; $t < 200 && ($seen = $raw->cmd('LLEN', "queues:$name")) > 24; $t++) {
            usleep(10000);
        }
    }, ['prefetch' => 8, 'overlap' => $overlap]);
    $w->daemon($name);
    echo 'overlap ', var_export($overlap, true), ": during the first job the list held $seen of 40; after: ", fqw_counts($name), "\n";
}

// 2. Priority: "H" pushed to the higher queue during the first job runs after the batch
// running (L1-L4) and the one already reserved (L5-L8), before any other.
fq_clean('w038hi');
fq_clean('w038lo');
$q->bulk(array_map(fn($i) => "L$i", range(1, 24)), null, 'w038lo');
$order = [];
$w = fqw_worker($q, function ($job) use (&$order, $q) {
    $order[] = $job->getName();
    if (count($order) === 1) {
        $q->push('H', null, 'w038hi');
    }
}, ['prefetch' => 4]);
$w->daemon('w038hi,w038lo');
echo 'H ran as job ', array_search('H', $order) + 1, ' of ', count($order), ': ', implode(',', array_slice($order, 0, 10)), "\n";

// 3. Stop during the second job: J3-J4 (the buffer) and J5-J8 (the overlapped batch) go back,
// byte for byte, in order, before J9-J20; nothing stays reserved.
fq_clean($name);
$q->bulk(array_map(fn($i) => "J$i", range(1, 20)));
$pushed = fqw_pending($name);
$w = null;
$n = 0;
$w = fqw_worker($q, function ($job) use (&$w, &$n, $raw, $name, $q) {
    if (++$n === 2) {
        // The overlapped batch is out by now (sent as the first batch started).
        for ($t = 0; $t < 200 && $raw->cmd('LLEN', "queues:$name") > 12; $t++) {
            usleep(10000);
        }
        // J1 acknowledged with J2's start: a command on the worker's connection makes sure.
        $q->size();
        echo 'at stop: ', fqw_counts($name), "\n";
        $w->stop();
    }
}, ['prefetch' => 4, 'stop_when_empty' => false]);
$w->daemon($name);
echo 'after stop: ', fqw_counts($name), "\n";
var_dump(fqw_pending($name) === array_slice($pushed, 2));

// 4. Many batches: every job once, all acknowledged.
fq_clean($name);
$q->bulk(array_map(fn($i) => "M$i", range(1, 500)));
$ran = [];
$w = fqw_worker($q, function ($job) use (&$ran) { $ran[$job->getName()] = ($ran[$job->getName()] ?? 0) + 1; }, ['prefetch' => 32]);
$w->daemon($name);
echo count($ran), ' jobs ran, ', array_sum($ran), ' runs; ', fqw_counts($name), "\n";
fq_clean($name);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w038'); fq_clean('w038hi'); fq_clean('w038lo'); } ?>
--EXPECT--
overlap true: during the first job the list held 24 of 40; after: pending=0 delayed=0 reserved=0
overlap false: during the first job the list held 32 of 40; after: pending=0 delayed=0 reserved=0
H ran as job 9 of 25: L1,L2,L3,L4,L5,L6,L7,L8,H,L9
at stop: pending=12 delayed=0 reserved=7
after stop: pending=18 delayed=0 reserved=0
bool(true)
500 jobs ran, 500 runs; pending=0 delayed=0 reserved=0
