--TEST--
Worker metrics: one outcome per attempt (processed; released by the worker's retry or the job's own release(); failed out of tries, by $job->fail() or as not runnable), a 'throw' timeout counted as timed out, each under its own queue label
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
[$a, $b] = ['w101a', 'w101b'];
fq_clean($a);
fq_clean($b);
$q = fq_queue(['queue' => $a]);
$q->push('Ok', '', $a);
$q->push('Retry', '', $a);       // throws twice: released, then failed (tries 2)
$q->push('OwnRelease', '', $a);  // release(0) on its first attempt, then done
$q->push('Fail', '', $a);        // $job->fail()
fqw_push_raw($a, 'not a job');   // failed before any handler runs
$q->push('Slow', '', $b, ['maxTries' => 1]); // runs past its timeout: TimeoutException, failed
$q->push('Ok', '', $b);

$seen = [];
$w = fqw_worker($q, function ($job) {
    switch ($job->getName()) {
        case 'Retry':
            throw new RuntimeException('again');
        case 'OwnRelease':
            if ($job->attempts() === 1) {
                $job->release(0);
            }
            return;
        case 'Fail':
            $job->fail();
            return;
        case 'Slow':
            for ($t = microtime(true); microtime(true) - $t < 10;) {
            }
            return;
    }
}, ['metrics' => true, 'metrics_worker' => 'w101', 'tries' => 2, 'timeout' => 1, 'timeout_mode' => 'throw']);
$w->on('measured', function ($job, array $f) use (&$seen) {
        try {
        $name = $job->getName() . '#' . $job->attempts();
    } catch (FastQueue\PayloadException) {
        $name = 'not-a-job';
    }
    $seen[] = sprintf('%s/%s %s%s', $f['queue'], $name, $f['outcome'], $f['timed_out'] ? ' timed out' : '');
});
echo 'status ', $w->daemon("$a,$b"), "\n";
sort($seen);
echo implode("\n", $seen), "\n";

$text = $w->metrics();
preg_match_all('/^fastqueue_(jobs_total|job_timeouts_total)\{worker="w101",queue="([^"]+)"(?:,outcome="(\w+)")?\} (\d+)$/m', $text, $m, PREG_SET_ORDER);
foreach ($m as [, $family, $queue, $outcome, $n]) {
    echo "$family $queue", $outcome ? " $outcome" : '', ": $n\n";
}
$stats = $w->stats();
echo "stats: processed {$stats['processed']}, failed {$stats['failed']}, released {$stats['released']}, timeouts {$stats['timeouts']}\n";
echo fqw_counts($a), ' | ', fqw_counts($b), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w101a'); fq_clean('w101b'); fq_queue()->flushFailed(); } ?>
--EXPECT--
status 0
w101a/Fail#1 failed
w101a/Ok#1 processed
w101a/OwnRelease#1 released
w101a/OwnRelease#2 processed
w101a/Retry#1 released
w101a/Retry#2 failed
w101a/not-a-job failed
w101b/Ok#1 processed
w101b/Slow#1 failed timed out
jobs_total w101a processed: 2
jobs_total w101a released: 2
jobs_total w101a failed: 3
jobs_total w101b processed: 1
jobs_total w101b released: 0
jobs_total w101b failed: 1
job_timeouts_total w101a: 0
job_timeouts_total w101b: 1
stats: processed 9, failed 4, released 1, timeouts 1
pending=0 delayed=0 reserved=0 | pending=0 delayed=0 reserved=0
