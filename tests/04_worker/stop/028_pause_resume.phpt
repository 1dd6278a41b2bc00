--TEST--
Worker pause()/resume()/isPaused(): a worker paused from its handler starts no other job, and still stops at once on SIGTERM (child process)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); if (!function_exists('posix_kill')) die('skip posix'); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w028';
fq_clean($name);
$q = fq_queue(['queue' => $name]);

// The flag itself.
$w = fqw_worker($q, fn($job) => null);
var_dump($w->isPaused());
$w->pause();
var_dump($w->isPaused());
$w->pause();
var_dump($w->isPaused());
$w->resume();
var_dump($w->isPaused());
$w->resume();
var_dump($w->isPaused());

// Paused between runs: resume() lets the next run take jobs again.
$q->push('R');
$w->pause();
$w->resume();
var_dump($w->daemon($name));
echo fqw_counts($name), "\n";

// pause() inside the handler of A: B is not started; SIGTERM ends the paused worker quickly, with 0.
$q->bulk(['A', 'B']);
$child = fq_child('require ' . var_export(__DIR__ . '/../../inc/worker_jobs.inc', true) . ';
$w = null;
$w = fqw_worker(fq_queue(["queue" => "w028"]), function ($job) use (&$w) {
    echo "ran ", $job->getName(), "\n";
    $w->pause();
    echo "paused: ", var_export($w->isPaused(), true), "\n";
}, ["stop_when_empty" => false, "sleep" => 0.1]);
$w->on("stopping", function ($status) use (&$w) { echo "stopping $status, still paused: ", var_export($w->isPaused(), true), "\n"; });
exit($w->daemon("w028"));
');
$child->waitFor('paused:', fq_slow() ? 20 : 5);
usleep(1000000);
echo 'after 1 s: ', fqw_names(fqw_pending($name)), " still pending\n";
$child->signal(SIGTERM);
$t = microtime(true);
$r = $child->wait(fq_slow() ? 20 : 5);
$secs = microtime(true) - $t;
echo 'status ', var_export($r['status'], true), ', ', $secs < (fq_slow() ? 5 : 1.2) ? 'within 1 s' : "after $secs s", "\n", $r['stdout'], $r['stderr'];
echo fqw_counts($name), ' ', fqw_names(fqw_pending($name)), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w028'); ?>
--EXPECT--
bool(false)
bool(true)
bool(true)
bool(false)
bool(false)
int(0)
pending=0 delayed=0 reserved=0
after 1 s: B still pending
status 0, within 1 s
ran A
paused: true
stopping 0, still paused: true
pending=1 delayed=0 reserved=0 B
