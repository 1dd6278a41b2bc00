--TEST--
Worker: a job popped with attempts already above its tries (its last run died) is failed with MaxAttemptsExceededException before its handler runs
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--CONFLICTS--
failed_store
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w012';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$q->flushFailed();

function payload(string $job, int $attempts, ?int $maxTries): string
{
    return json_encode(['uuid' => "uuid-w012-$job", 'displayName' => "Display\\$job", 'job' => $job,
        'maxTries' => $maxTries, 'maxExceptions' => null, 'failOnTimeout' => false, 'backoff' => null,
        'timeout' => null, 'data' => ['job' => $job], 'id' => "id-w012-$job", 'attempts' => $attempts]);
}

// Pushed raw, as a worker that died mid-job leaves them: attempts already counted.
$pushed = [
    'Over' => payload('Over', 3, 2),        // popped as attempt 4 of 2: too many
    'Edge' => payload('Edge', 1, 2),        // popped as attempt 2 of 2: may run
    'WorkerTries' => payload('WorkerTries', 2, null), // attempt 3, the worker's tries 2: too many
    'Unlimited' => payload('Unlimited', 50, 0),       // maxTries 0: unlimited
];
foreach ($pushed as $p) {
    fqw_push_raw($name, $p);
}
$log = [];
$w = fqw_worker($q, function ($job) use (&$log) { $log[] = 'ran ' . fqw_describe($job); }, ['tries' => 2]);
$w->on('processing', function ($job) use (&$log) { $log[] = 'processing ' . fqw_describe($job); });
$w->on('failed', function ($job, $e) use (&$log) { $log[] = 'failed ' . fqw_describe($job) . ' ' . get_class($e); });
$w->on('exception', function ($job, $e) use (&$log) { $log[] = 'exception ' . fqw_describe($job) . ' ' . fqw_describe($e); });
$w->on('released', function ($job) use (&$log) { $log[] = 'RELEASED ' . fqw_describe($job); });
var_dump($w->daemon($name));
echo implode("\n", $log), "\n";
echo fqw_counts($name), "\n";
foreach (fqw_failed($q, $name) as $r) {
    echo $r['id'], ': ', $r['exception'], ': ', $r['message'], "\n";
    echo '  payload as pushed: ', var_export($r['payload'] === $pushed[json_decode($r['payload'], true)['job']], true), "\n";
}
$s = $w->stats();
echo "processed {$s['processed']} failed {$s['failed']} exceptions {$s['exceptions']} released {$s['released']}\n";
$q->flushFailed();
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w012'); fq_queue()->flushFailed(); } ?>
--EXPECT--
int(0)
processing Job(Over#4)
failed Job(Over#4) FastQueue\MaxAttemptsExceededException
exception Job(Over#4) FastQueue\MaxAttemptsExceededException(Display\Over has been attempted too many times or run too long. The job may have previously timed out.)
processing Job(Edge#2)
ran Job(Edge#2)
processing Job(WorkerTries#3)
failed Job(WorkerTries#3) FastQueue\MaxAttemptsExceededException
exception Job(WorkerTries#3) FastQueue\MaxAttemptsExceededException(Display\WorkerTries has been attempted too many times or run too long. The job may have previously timed out.)
processing Job(Unlimited#51)
ran Job(Unlimited#51)
pending=0 delayed=0 reserved=0
uuid-w012-Over: FastQueue\MaxAttemptsExceededException: Display\Over has been attempted too many times or run too long. The job may have previously timed out.
  payload as pushed: true
uuid-w012-WorkerTries: FastQueue\MaxAttemptsExceededException: Display\WorkerTries has been attempted too many times or run too long. The job may have previously timed out.
  payload as pushed: true
processed 4 failed 2 exceptions 2 released 0
