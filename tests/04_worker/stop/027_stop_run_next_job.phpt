--TEST--
Worker stop() from a handler ends daemon() after that job with the given status; runNextJob() runs one job (true) or nothing (false)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w027';
fq_clean($name);
$q = fq_queue(['queue' => $name]);

// stop(3) during the second of four jobs: it finishes, is deleted, and nothing else starts.
$q->bulk(['A', 'B', 'C', 'D']);
$pending = fqw_pending($name);
$w = null;
$w = fqw_worker($q, function ($job) use (&$w) {
    if ($job->getName() === 'B') {
        $w->stop(3);
        echo "stop(3) called in B\n";
    }
    echo 'ran ', $job->getName(), "\n";
}, ['stop_when_empty' => false]);
$w->on('processed', function ($job) { echo 'processed ', $job->getName(), "\n"; });
$w->on('stopping', function ($status) { echo "stopping $status\n"; });
var_dump($w->daemon($name));
echo fqw_counts($name), "\n";
var_dump(fqw_pending($name) === array_slice($pending, 2));

// The worker runs again after a stop: stop() applies to the run it was called in.
$w->on('looping', function () use ($w, $name) {
    if (!fqw_pending($name)) {
        $w->stop(0);
    }
});
var_dump($w->daemon($name));
echo fqw_counts($name), "\n";

// stop() with no status: 0. stop() from a listener works too.
$q->bulk(['E', 'F']);
$w = fqw_worker($q, fn($job) => print('ran ' . $job->getName() . "\n"), ['stop_when_empty' => false]);
$w->on('processed', function ($job) use ($w) { $w->stop(); });
var_dump($w->daemon($name));
echo fqw_counts($name), "\n";
fq_clean($name);

// runNextJob: one job per call, true; false when there is none (without sleeping, sleep 0).
$q->bulk(['G', 'H']);
$w = fqw_worker($q, function ($job) use ($name) { echo 'runNextJob ran ', $job->getName(), ': ', fqw_counts($name), "\n"; });
var_dump($w->runNextJob($name));
echo fqw_counts($name), "\n";
var_dump($w->runNextJob($name));
$t = microtime(true);
var_dump($w->runNextJob($name));
// At once, not after the default sleep (3 s).
var_dump(microtime(true) - $t < (fq_slow() ? 2.5 : 2));
echo fqw_counts($name), "\n";

// A job that throws still counts as run: true, and it is released.
$q->push('Throws');
$w = fqw_worker($q, function ($job) { throw new RuntimeException('x'); }, ['tries' => 2, 'backoff' => 30]);
var_dump($w->runNextJob($name));
echo fqw_counts($name), "\n";

// runNextJob sleeps 'sleep' seconds when there is nothing to do.
fq_clean($name);
$w = new FastQueue\Worker($q, fn($job) => null, ['sleep' => 0.5]);
$t = microtime(true);
var_dump($w->runNextJob($name));
$secs = microtime(true) - $t;
echo $secs >= 0.5 && $secs < (fq_slow() ? 3 : 1) ? "slept 0.5 s\n" : "slept $secs s\n";
var_dump($w->stats()['processed']);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w027'); ?>
--EXPECT--
ran A
processed A
stop(3) called in B
ran B
processed B
stopping 3
int(3)
pending=2 delayed=0 reserved=0
bool(true)
ran C
processed C
ran D
processed D
stopping 0
int(0)
pending=0 delayed=0 reserved=0
ran E
int(0)
pending=1 delayed=0 reserved=0
runNextJob ran G: pending=1 delayed=0 reserved=1
bool(true)
pending=1 delayed=0 reserved=0
runNextJob ran H: pending=0 delayed=0 reserved=1
bool(true)
bool(false)
bool(true)
pending=0 delayed=0 reserved=0
bool(true)
pending=0 delayed=1 reserved=0
bool(false)
slept 0.5 s
int(0)
