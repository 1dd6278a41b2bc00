--TEST--
Worker max_time: returns 0 once that many seconds have passed, idle or busy, after the current job; rest: pauses after each job
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w022';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$slack = fq_slow() ? 2.0 : 0.5;

// Idle: the worker polls an empty queue and stops after max_time.
$w = new FastQueue\Worker($q, fn($job) => null, ['sleep' => 0.1, 'max_time' => 1]);
$t = microtime(true);
var_dump($w->daemon($name));
$secs = microtime(true) - $t;
echo $secs >= 1.0 && $secs < 1.0 + $slack ? "idle: stopped after 1 s\n" : "idle: stopped after $secs s\n";

// Busy: jobs of 0.3 s each; the worker stops after the job during which 1 s passed.
$q->bulk(array_map(fn($i) => "J$i", range(1, 10)));
$ran = 0;
$w = new FastQueue\Worker($q, function ($job) use (&$ran) { $ran++; usleep(300000); }, ['sleep' => 0, 'max_time' => 1]);
$t = microtime(true);
var_dump($w->daemon($name));
$secs = microtime(true) - $t;
echo $secs >= 1.0 && $secs < 1.3 + $slack ? "busy: stopped after 1 s and the current job\n" : "busy: stopped after $secs s\n";
echo $ran >= 3 && $ran <= 4 ? "3 or 4 jobs ran\n" : "$ran jobs ran\n";
echo 'left: ', count(fqw_pending($name)) === 10 - $ran ? 'the others' : fqw_counts($name), ', reserved ', fq_raw()->cmd('ZCARD', "queues:$name:reserved"), "\n";
fq_clean($name);

// rest: 0.2 s after each of 3 jobs.
$q->bulk(['A', 'B', 'C']);
$w = fqw_worker($q, fn($job) => null, ['rest' => 0.2]);
$t = microtime(true);
var_dump($w->daemon($name));
$secs = microtime(true) - $t;
echo $secs >= 0.6 && $secs < 0.6 + $slack ? "rested 3 x 0.2 s\n" : "rested $secs s\n";
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w022'); ?>
--EXPECT--
int(0)
idle: stopped after 1 s
int(0)
busy: stopped after 1 s and the current job
3 or 4 jobs ran
left: the others, reserved 0
int(0)
rested 3 x 0.2 s
pending=0 delayed=0 reserved=0
