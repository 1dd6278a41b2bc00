--TEST--
Worker looping event: a listener returning false skips the round (no job is reserved, the worker sleeps); any other value lets it run
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w019';
fq_clean($name);
$q = fq_queue(['queue' => $name]);

$q->bulk(['A', 'B']);
$round = 0;
$log = [];
$w = new FastQueue\Worker($q, function ($job) use (&$log) { $log[] = 'ran ' . $job->getName(); },
    ['sleep' => 0.1, 'max_jobs' => 2]);
// The first listener says no twice; the second one's answer must not override that.
$w->on('looping', function () use (&$round, &$log, $name) {
    $round++;
    $log[] = "looping $round: " . fqw_counts($name);
    return $round <= 2 ? false : null;
});
$w->on('looping', fn() => true);
// (At round 4, A is done: its delete travels with the next reserve, so it is still in :reserved.)
$t = microtime(true);
var_dump($w->daemon($name));
$secs = microtime(true) - $t;
echo implode("\n", $log), "\n";
// Two skipped rounds slept 0.1 s each.
echo $secs >= 0.19 ? "slept while skipping\n" : "did not sleep: $secs s\n";
echo fqw_counts($name), "\n";

// Only false skips: 0, '', null and [] let the job run.
foreach ([0, '', null, []] as $value) {
    $q->push('J');
    $w = fqw_worker($q, fn($job) => print('ran with looping returning ' . json_encode($value) . "\n"), ['max_jobs' => 1]);
    $w->on('looping', fn() => $value);
    $w->daemon($name);
}
echo fqw_counts($name), "\n";

// A looping listener that stops the worker and skips the round: it returns at once, without
// sleeping the idle 'sleep' (10 s) first.
$q->push('Never');
$w = fqw_worker($q, fn($job) => print("RAN\n"), ['sleep' => 10, 'stop_when_empty' => false]);
$w->on('looping', function () use ($w) { $w->stop(0); return false; });
$t = microtime(true);
var_dump($w->daemon($name));
echo microtime(true) - $t < (fq_slow() ? 8 : 5) ? "stopped without sleeping\n" : "slept before stopping\n";
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w019'); ?>
--EXPECT--
int(0)
looping 1: pending=2 delayed=0 reserved=0
looping 2: pending=2 delayed=0 reserved=0
looping 3: pending=2 delayed=0 reserved=0
ran A
looping 4: pending=0 delayed=0 reserved=1
ran B
slept while skipping
pending=0 delayed=0 reserved=0
ran with looping returning 0
ran with looping returning ""
ran with looping returning null
ran with looping returning []
pending=0 delayed=0 reserved=0
int(0)
stopped without sleeping
pending=1 delayed=0 reserved=0
