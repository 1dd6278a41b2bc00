--TEST--
Worker round trips: one reserve call per job with prefetch 1 (reserved charged, as Laravel's pop: no start mark; sent ahead as each job ends, and asked once more when the one sent ahead of the last job finds the queue empty), one per 32 jobs with prefetch 32 (and with overlap one more that finds the queue empty while the last batch runs), plus one start mark per prefetched job sent without waiting; prefetch where no prefetched job could wait safely (the defaults: retry_after 60, timeout 60) falls back to one job per call, never to reserving jobs only to hand them back
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--CONFLICTS--
commandstats
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w036';
$raw = fq_raw();
$n = 64;

// Counts the commands Redis received while the worker drained $n jobs (the reserve script's
// inner commands are counted under their own names, so only client commands are summed here).
function drain(array $qopts, array $wopts): void
{
    global $name, $raw, $n;
    fq_clean($name);
    $q = fq_queue(['queue' => $name] + $qopts);
    $q->bulk(array_fill(0, $n, 'J'));
    $q->push('Warm', '', $name . '-warm');
    // Loads the reserve script, so no NOSCRIPT/EVAL below.
    fqw_worker($q, fn() => null)->daemon($name . '-warm');
    $ran = 0;
    $w = fqw_worker($q, function () use (&$ran) { $ran++; }, $wopts);
    $raw->cmd('CONFIG', 'RESETSTAT');
    $status = $w->daemon($name);
    $stats = $raw->cmd('INFO', 'commandstats');
    preg_match_all('/^cmdstat_([a-z|]+):calls=(\d+)/m', $stats, $m);
    $calls = array_combine($m[1], array_map('intval', $m[2]));
    // A prefetched job is marked started in one MULTI ... EXEC (plain commands: no script call
    // per job); a job reserved alone is reserved charged and needs none.
    $starts = $calls['exec'] ?? 0;
    echo json_encode($qopts + $wopts), ": status $status, ran $ran, reserve calls ", $calls['evalsha'] ?? 0,
        ", start marks $starts, eval ", $calls['eval'] ?? 0, ", requeue-sized work: lpush ", $calls['lpush'] ?? 0, ", ", fqw_counts($name), "\n";
}

// n jobs + the call sent ahead as the last job ends, which finds the queue empty (and carries
// the last acknowledgement), + one more, as jobs may have come since. Without overlap, the
// next reserve goes out after the loop's checks: n jobs + the empty one.
drain([], ['prefetch' => 1]);
drain([], ['prefetch' => 1, 'overlap' => false]);
drain([], ['prefetch' => 32]);
// Overlap (the default): 2 batches, the call sent ahead during the second that finds the queue
// empty, and one more, as jobs may have come since it was sent. Without: 2 batches + 1.
drain(['retry_after' => 90], ['prefetch' => 32]);
drain(['retry_after' => 90], ['prefetch' => 32, 'overlap' => false]);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w036'); fq_clean('w036-warm'); } ?>
--EXPECT--
{"prefetch":1}: status 0, ran 64, reserve calls 66, start marks 0, eval 0, requeue-sized work: lpush 0, pending=0 delayed=0 reserved=0
{"prefetch":1,"overlap":false}: status 0, ran 64, reserve calls 65, start marks 0, eval 0, requeue-sized work: lpush 0, pending=0 delayed=0 reserved=0
FastQueue: prefetch 32 unused: a prefetched job must be able to finish before its reservation ends, and timeout (60 s) + timeout_grace (1.0 s) leaves no room in retry_after (60 s); reserving one job at a time. Raise retry_after (Laravel's default is 90) or lower timeout.
{"prefetch":32}: status 0, ran 64, reserve calls 66, start marks 0, eval 0, requeue-sized work: lpush 0, pending=0 delayed=0 reserved=0
{"retry_after":90,"prefetch":32}: status 0, ran 64, reserve calls 4, start marks 64, eval 0, requeue-sized work: lpush 0, pending=0 delayed=0 reserved=0
{"retry_after":90,"prefetch":32,"overlap":false}: status 0, ran 64, reserve calls 3, start marks 64, eval 0, requeue-sized work: lpush 0, pending=0 delayed=0 reserved=0
