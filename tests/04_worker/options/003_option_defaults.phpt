--TEST--
Worker defaults: name "default", tries 1, backoff 0, prefetch 1, failed_store on, stop_when_empty off, sleep 3 s
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--CONFLICTS--
failed_store
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w003';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$q->flushFailed();
$raw = fq_raw();

// name: the looping listener gets the worker's name and the queue list.
$w = new FastQueue\Worker($q, fn($job) => null, ['sleep' => 0, 'stop_when_empty' => true]);
$w->on('looping', function (...$args) use (&$looping) { $looping = $args; });
$w->daemon($name);
echo 'looping got: ', implode(', ', array_map('fqw_describe', $looping)), "\n";

// tries 1: a job that throws is failed at its first attempt, never released;
// failed_store on: the failure is recorded.
$q->push('Thrower');
$w = new FastQueue\Worker($q, function ($job) { throw new RuntimeException('no'); }, ['sleep' => 0, 'stop_when_empty' => true]);
$w->on('released', function () { echo "released!\n"; });
$w->on('failed', function ($job, $e) { echo 'failed ', fqw_describe($job), ' ', fqw_describe($e), "\n"; });
var_dump($w->daemon($name));
echo fqw_counts($name), "\n";
$failed = $q->failed($name);
echo count($failed), ' record: ', $failed[0]['exception'], ' ', $failed[0]['message'], "\n";
$q->flushFailed();

// backoff 0: with tries 2 the released job is due at once (score = now) and runs again at once.
$q->push('Thrower');
$w = new FastQueue\Worker($q, function ($job) { throw new RuntimeException('no'); }, ['sleep' => 0, 'tries' => 2]);
$w->on('released', function ($job, $delay) use ($raw, $name) {
    $score = (int) $raw->cmd('ZSCORE', "queues:$name:delayed", $job->getReservedJob());
    echo "released with delay $delay, due in ", $score - time() <= 0 ? '0' : $score - time(), " s\n";
});
$w->on('failed', function ($job, $e) use ($w) { echo 'failed at attempt ', $job->attempts(), "\n"; $w->stop(0); });
var_dump($w->daemon($name));
$q->flushFailed();

// prefetch 1: while a job runs only it is reserved, the others wait on the list.
$q->bulk(['A', 'B', 'C']);
$w = new FastQueue\Worker($q, function ($job) use ($name) { echo $job->getName(), ': ', fqw_counts($name), "\n"; }, ['sleep' => 0, 'stop_when_empty' => true]);
var_dump($w->daemon($name));
echo fqw_counts($name), "\n";

// stop_when_empty off: the worker keeps going round an empty queue until told to stop.
$rounds = 0;
$w = new FastQueue\Worker($q, fn($job) => null, ['sleep' => 0]);
$w->on('looping', function () use ($w, &$rounds) {
    if (++$rounds === 5) {
        $w->stop(7);
    }
});
var_dump($w->daemon($name), $rounds);

// sleep 3: with nothing to do, runNextJob() sleeps three seconds.
$w = new FastQueue\Worker($q);
$t = microtime(true);
var_dump($w->runNextJob($name));
$secs = microtime(true) - $t;
// The upper bound only has to tell 3 s from a second sleep (6 s), not measure this machine.
echo $secs >= 2.95 && $secs < (fq_slow() ? 5.5 : 5) ? "slept 3 s\n" : "slept $secs s\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w003'); fq_queue()->flushFailed(); } ?>
--EXPECT--
looping got: string('default'), string('w003')
failed Job(Thrower#1) RuntimeException(no)
int(0)
pending=0 delayed=0 reserved=0
1 record: RuntimeException no
released with delay 0, due in 0 s
failed at attempt 2
int(0)
A: pending=2 delayed=0 reserved=1
B: pending=1 delayed=0 reserved=1
C: pending=0 delayed=0 reserved=1
int(0)
pending=0 delayed=0 reserved=0
int(7)
int(5)
bool(false)
slept 3 s
