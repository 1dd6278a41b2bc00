--TEST--
Worker prefetch: on stop the unstarted prefetched jobs go back to the head of their queue untouched (same bytes, attempts unchanged, original order) and :reserved is empty
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w033';
fq_clean($name);
// retry_after above timeout + grace, so that prefetched jobs may start (see 034 for the other case).
$q = fq_queue(['queue' => $name, 'retry_after' => 90]);
$raw = fq_raw();

$q->bulk(array_map(fn($i) => "J$i", range(1, 10)));
$pushed = fqw_pending($name);
$ran = [];
$w = null;
$w = fqw_worker($q, function ($job) use (&$ran, &$w, $name, $q) {
    $ran[] = $job->getName();
    if (count($ran) === 3) {
        // J1, J2 done (acknowledged with the start of the job after each), J3 running, J4..J8
        // not started, J9, J10 reserved ahead (overlap) as the batch started. A command on the
        // worker's connection makes sure Redis has those marks.
        $q->size();
        echo 'at stop: ', fqw_counts($name), "\n";
        $w->stop(0);
    }
}, ['prefetch' => 8, 'stop_when_empty' => false]);
var_dump($w->daemon($name));
echo 'ran: ', implode(',', $ran), "\n";
echo fqw_counts($name), ', notify ', $raw->cmd('LLEN', "queues:$name:notify"), "\n";
// J4..J8 came back before J9, J10 (the overlapped batch), exactly as they were pushed.
var_dump(fqw_pending($name) === array_slice($pushed, 3));

// Jobs pushed while the worker ran stay behind the handed-back ones.
fq_clean($name);
$q->bulk(['A1', 'A2', 'A3', 'A4']);
$first = fqw_pending($name);
$w = null;
$w = fqw_worker($q, function ($job) use (&$w, $q) {
    $q->push('Late');
    $w->stop();
}, ['prefetch' => 4, 'stop_when_empty' => false]);
$w->daemon($name);
echo fqw_names(fqw_pending($name)), "\n";
var_dump(array_slice(fqw_pending($name), 0, 3) === array_slice($first, 1));

// A second worker takes them in order, as first attempts.
$ran = [];
$w = fqw_worker($q, function ($job) use (&$ran) { $ran[] = $job->getName() . '#' . $job->attempts(); }, ['prefetch' => 2]);
var_dump($w->daemon($name));
echo implode(',', $ran), ' | ', fqw_counts($name), "\n";

// Several queues: each job goes back to its own queue.
fq_clean('w033a');
fq_clean('w033b');
$q->bulk(['B1', 'B2', 'B3'], null, 'w033b');
$w = null;
$w = fqw_worker($q, function ($job) use (&$w) { $w->stop(); }, ['prefetch' => 8]);
$w->daemon('w033a,w033b');
echo 'w033a: ', fqw_counts('w033a'), ' | w033b: ', fqw_counts('w033b'), ' ', fqw_names(fqw_pending('w033b')), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w033'); fq_clean('w033a'); fq_clean('w033b'); } ?>
--EXPECT--
at stop: pending=0 delayed=0 reserved=8
int(0)
ran: J1,J2,J3
pending=7 delayed=0 reserved=0, notify 7
bool(true)
A2,A3,A4,Late
bool(true)
int(0)
A2#1,A3#1,A4#1,Late#1 | pending=0 delayed=0 reserved=0
w033a: pending=0 delayed=0 reserved=0 | w033b: pending=2 delayed=0 reserved=0 B2,B3
