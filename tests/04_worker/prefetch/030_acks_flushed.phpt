--TEST--
Worker acknowledgements: when daemon() or runNextJob() returns, every finished job has left :reserved (the deferred deletes were sent), whatever the prefetch and the stop reason
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w030';
fq_clean($name);
// retry_after 90 (Laravel's default) > timeout 60 + grace, so prefetched jobs may wait their turn.
$q = fq_queue(['queue' => $name, 'retry_after' => 90]);
$raw = fq_raw();

$cases = [
    'prefetch 1, stop_when_empty' => [[], 30],
    'prefetch 8, stop_when_empty' => [['prefetch' => 8], 30],
    'prefetch 32, stop_when_empty' => [['prefetch' => 32], 30],
    'prefetch 8, max_jobs 13' => [['prefetch' => 8, 'max_jobs' => 13, 'stop_when_empty' => false], 30],
    'prefetch 1, max_jobs 1' => [['max_jobs' => 1, 'stop_when_empty' => false], 3],
    'prefetch 8, stop() in the 5th job' => [['prefetch' => 8, 'stop_when_empty' => false], 30, 5],
];
foreach ($cases as $label => $case) {
    [$options, $count, $stopAt] = $case + [2 => null];
    fq_clean($name);
    $q->bulk(array_map(fn($i) => "J$i", range(1, $count)));
    $seen = [];
    $w = null;
    $w = fqw_worker($q, function ($job) use (&$seen, &$w, $stopAt) {
        $seen[] = $job->getReservedJob();
        // Some jobs delete themselves: those deletes are deferred too.
        if (count($seen) % 3 === 0) {
            $job->delete();
        }
        if (count($seen) === $stopAt) {
            $w->stop();
        }
    }, $options);
    $status = $w->daemon($name);
    $left = array_filter($seen, fn($r) => $raw->cmd('ZSCORE', "queues:$name:reserved", $r) !== null);
    echo "$label: status $status, ran ", count($seen), ', still reserved ', count($left), ', ', fqw_counts($name), "\n";
}

// runNextJob: its job is acknowledged before it returns.
fq_clean($name);
$q->bulk(['A', 'B']);
$w = fqw_worker($q, function ($job) {}, ['prefetch' => 8]);
var_dump($w->runNextJob($name));
echo 'after runNextJob: ', fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w030'); ?>
--EXPECT--
prefetch 1, stop_when_empty: status 0, ran 30, still reserved 0, pending=0 delayed=0 reserved=0
prefetch 8, stop_when_empty: status 0, ran 30, still reserved 0, pending=0 delayed=0 reserved=0
prefetch 32, stop_when_empty: status 0, ran 30, still reserved 0, pending=0 delayed=0 reserved=0
prefetch 8, max_jobs 13: status 0, ran 13, still reserved 0, pending=17 delayed=0 reserved=0
prefetch 1, max_jobs 1: status 0, ran 1, still reserved 0, pending=2 delayed=0 reserved=0
prefetch 8, stop() in the 5th job: status 0, ran 5, still reserved 0, pending=25 delayed=0 reserved=0
bool(true)
after runNextJob: pending=1 delayed=0 reserved=0
