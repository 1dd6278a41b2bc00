--TEST--
A processing listener that decodes the payload first: the worker still reads the job's id, tries, backoff and validity right (from the decoded payload)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$q = fq_queue(['retry_after' => 90]);

// Charged (prefetch 1, the script counts attempts) and uncharged (prefetch 8, the worker scans).
foreach (['w068a' => 1, 'w068b' => 8] as $name => $prefetch) {
    fq_clean($name);
    $ids = [
        'Once' => $q->push('Once', null, $name, ['maxTries' => 1]),
        'Again' => $q->push('Again', null, $name, ['maxTries' => 3, 'backoff' => '4']),
        'Fine' => $q->push('Fine', null, $name, ['timeout' => 5]),
    ];
    fqw_push_raw($name, '[{"job":"List","id":"x"}]');
    $lines = [];
    $w = fqw_worker($q, function (FastQueue\Job $job) use (&$lines, &$ids) {
        $lines[] = "run {$job->getName()}#{$job->attempts()}: id " . ($job->getJobId() === $ids[$job->getName()] ? 'as pushed' : 'WRONG');
        if ($job->getName() !== 'Fine') {
            throw new RuntimeException('no');
        }
    }, ['prefetch' => $prefetch, 'tries' => 0, 'backoff' => 60, 'timeout' => 0]);
    // As the Laravel adapter's JobProcessing listeners do: the whole payload first.
    $w->on('processing', function (FastQueue\Job $job) use (&$lines, $ids) {
        try {
            $p = $job->payload();
            $lines[] = "processing {$p['job']}: id " . ($job->getJobId() === $ids[$p['job']] ? 'as pushed' : 'WRONG ' . $job->getJobId())
                . ', timeout ' . var_export($job->timeout(), true);
        } catch (FastQueue\PayloadException $e) {
            $lines[] = 'processing: ' . $e->getMessage();
        }
    });
    $w->on('released', function ($job, $delay) use (&$lines) { $lines[] = "released {$job->getName()} after $delay s"; });
    $w->on('failed', function ($job, $e) use (&$lines) {
        $lines[] = 'failed ' . (json_decode($job->getRawBody(), true)['job'] ?? 'not a job') . ': ' . fqw_describe($e);
    });
    $w->daemon($name);
    echo "prefetch $prefetch:\n  ", implode("\n  ", $lines), "\n  ", fqw_counts($name), "\n";
    foreach (fqw_failed($q, $name) as $f) {
        $job = json_decode($f['payload'], true)['job'] ?? 'not a job';
        echo "  failed record of $job: ", $f['id'] === (json_decode($f['payload'], true)['uuid'] ?? 'none') ? 'under its uuid' : 'under another id', "\n";
        $q->forgetFailed($f['id']);
    }
    fq_clean($name);
}
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w068a'); fq_clean('w068b'); } ?>
--EXPECT--
prefetch 1:
  processing Once: id as pushed, timeout NULL
  run Once#1: id as pushed
  failed Once: RuntimeException(no)
  processing Again: id as pushed, timeout NULL
  run Again#1: id as pushed
  released Again after 4 s
  processing Fine: id as pushed, timeout 5
  run Fine#1: id as pushed
  processing: Job payload must be a JSON object
  failed not a job: FastQueue\PayloadException(Job payload must be a JSON object)
  pending=0 delayed=1 reserved=0
  failed record of Once: under its uuid
  failed record of not a job: under another id
prefetch 8:
  processing Once: id as pushed, timeout NULL
  run Once#1: id as pushed
  failed Once: RuntimeException(no)
  processing Again: id as pushed, timeout NULL
  run Again#1: id as pushed
  released Again after 4 s
  processing Fine: id as pushed, timeout 5
  run Fine#1: id as pushed
  processing: Job payload must be a JSON object
  failed not a job: FastQueue\PayloadException(Job payload must be a JSON object)
  pending=0 delayed=1 reserved=0
  failed record of Once: under its uuid
  failed record of not a job: under another id
