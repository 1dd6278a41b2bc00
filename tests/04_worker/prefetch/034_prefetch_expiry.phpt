--TEST--
Worker prefetch: a prefetched job whose reservation could expire before it finishes is handed back instead of run late; it runs once, on a fresh reservation, and the queue keeps its order
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w034';
$raw = fq_raw();

// Runs the queue with a handler that records each job and how long its reservation still has.
function drain(FastQueue\RedisQueue $q, string $name, int $retryAfter, array $options, array $sleeps = []): void
{
    $raw = fq_raw();
    $ran = [];
    $stale = [];
    $w = fqw_worker($q, function ($job) use (&$ran, &$stale, $raw, $name, $sleeps, $retryAfter) {
        $ran[] = $job->getName() . '#' . $job->attempts();
        $until = $raw->cmd('ZSCORE', "queues:$name:reserved", $job->getReservedJob());
        // A fresh reservation ends retry_after (in whole seconds: up to 1 s less) after the job
        // was reserved, which was just now; one made before an earlier job ran has less left
        // (below: at most 3 - 1.6 = 1.4 s). The half second allows for a busy machine between
        // the reserve and this read, and still tells the two apart (2 - 0.5 > 1.4).
        $slack = 0.5;
        if ($until === null || (float) $until - microtime(true) < $retryAfter - 1 - $slack) {
            $stale[] = $job->getName();
        }
        usleep($sleeps[$job->getName()] ?? 0);
    }, $options);
    $status = $w->daemon($name);
    echo json_encode($options), ": status $status\n  ran ", implode(',', $ran), "\n  ",
        count($ran) === count(array_unique($ran)) ? 'each once' : 'SOME TWICE', ', ',
        $stale ? 'started on an old reservation: ' . implode(',', $stale) : 'all on fresh reservations', ', ', fqw_counts($name), "\n";
}

// retry_after 2 < timeout 5: no prefetched job could wait for its turn, so the worker says so
// and reserves one job at a time.
fq_clean($name);
$q = fq_queue(['queue' => $name, 'retry_after' => 2]);
$q->bulk(['A', 'B', 'C', 'D']);
drain($q, $name, 2, ['prefetch' => 8, 'timeout' => 5]);

// retry_after 3, timeout 1 (+ 0.5 s grace, + 1 s of whole-second rounding): B..D may start
// within half a second of their reservation, but A takes 1.6 s; they must not start on a
// reservation that could expire under them: they go back and are reserved again.
fq_clean($name);
$q = fq_queue(['queue' => $name, 'retry_after' => 3]);
$q->push('A', null, null, ['timeout' => 10]);
$q->bulk(['B', 'C', 'D']);
drain($q, $name, 3, ['prefetch' => 4, 'timeout' => 1, 'timeout_grace' => 0.5], ['A' => 1600000]);

// The defaults (retry_after 60, timeout 60): prefetching cannot be used safely, so the worker
// reserves one job at a time (and says so on stderr); jobs still run once each, in order.
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$q->bulk(array_map(fn($i) => "J$i", range(1, 6)));
drain($q, $name, 60, ['prefetch' => 4]);
echo 'notify ', $raw->cmd('LLEN', "queues:$name:notify"), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w034'); ?>
--EXPECT--
FastQueue: prefetch 8 unused: a prefetched job must be able to finish before its reservation ends, and timeout (5 s) + timeout_grace (1.0 s) leaves no room in retry_after (2 s); reserving one job at a time. Raise retry_after (Laravel's default is 90) or lower timeout.
{"prefetch":8,"timeout":5}: status 0
  ran A#1,B#1,C#1,D#1
  each once, all on fresh reservations, pending=0 delayed=0 reserved=0
{"prefetch":4,"timeout":1,"timeout_grace":0.5}: status 0
  ran A#1,B#1,C#1,D#1
  each once, all on fresh reservations, pending=0 delayed=0 reserved=0
FastQueue: prefetch 4 unused: a prefetched job must be able to finish before its reservation ends, and timeout (60 s) + timeout_grace (1.0 s) leaves no room in retry_after (60 s); reserving one job at a time. Raise retry_after (Laravel's default is 90) or lower timeout.
{"prefetch":4}: status 0
  ran J1#1,J2#1,J3#1,J4#1,J5#1,J6#1
  each once, all on fresh reservations, pending=0 delayed=0 reserved=0
notify 0
