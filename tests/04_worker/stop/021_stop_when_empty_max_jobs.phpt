--TEST--
Worker stop conditions: stop_when_empty returns 0 once the queues are drained; max_jobs returns 0 after exactly N jobs (failed and released ones count)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w021';
fq_clean($name);
fq_clean('w021b');
$q = fq_queue(['queue' => $name]);

// stop_when_empty: all queues of the list are drained first, delayed jobs that are due too.
$q->bulk(['A', 'B', 'C']);
$q->push('D', null, 'w021b');
$q->later(0, 'E');
$q->later(60, 'NotYet');
$ran = [];
$w = new FastQueue\Worker($q, function ($job) use (&$ran) { $ran[] = $job->getName(); }, ['sleep' => 0, 'stop_when_empty' => true]);
var_dump($w->daemon("$name,w021b"));
echo implode(',', $ran), ' | ', fqw_counts($name), ' | ', fqw_counts('w021b'), "\n";
fq_clean($name);

// stop_when_empty on an empty queue, sleep 0: returns at once (not after the default sleep, 3 s).
$t = microtime(true);
var_dump($w->daemon($name), microtime(true) - $t < (fq_slow() ? 2.5 : 2));

// max_jobs: exactly N jobs, the rest stay on the queue untouched.
$q->bulk(['1', '2', '3', '4', '5']);
$before = fqw_pending($name);
$ran = [];
$w = new FastQueue\Worker($q, function ($job) use (&$ran) { $ran[] = $job->getName(); }, ['sleep' => 0, 'max_jobs' => 3]);
var_dump($w->daemon($name));
echo implode(',', $ran), ' | ', fqw_counts($name), "\n";
var_dump(fqw_pending($name) === array_slice($before, 3));
fq_clean($name);

// A job that is released counts, and so does one that fails.
$q->push('Throws');
$q->push('Fails', null, null, ['maxTries' => 1]);
$q->bulk(['Ok', 'Never']);
$ran = [];
$w = new FastQueue\Worker($q, function ($job) use (&$ran) {
    $ran[] = $job->getName() . '#' . $job->attempts();
    if ($job->getName() !== 'Ok') {
        throw new RuntimeException('x');
    }
}, ['sleep' => 0, 'max_jobs' => 3, 'tries' => 2, 'backoff' => 30, 'failed_store' => false]);
$w->on('failed', function ($job) { echo 'failed ', $job->getName(), "\n"; });
var_dump($w->daemon($name));
echo implode(',', $ran), ' | ', fqw_counts($name), "\n";

// max_jobs with stop_when_empty: whichever comes first.
fq_clean($name);
$q->bulk(['x', 'y']);
$w = new FastQueue\Worker($q, fn($job) => null, ['sleep' => 0, 'max_jobs' => 5, 'stop_when_empty' => true]);
var_dump($w->daemon($name), $w->stats()['processed']);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w021'); fq_clean('w021b'); } ?>
--EXPECT--
int(0)
A,B,C,E,D | pending=0 delayed=1 reserved=0 | pending=0 delayed=0 reserved=0
int(0)
bool(true)
int(0)
1,2,3 | pending=2 delayed=0 reserved=0
bool(true)
failed Fails
int(0)
Throws#1,Fails#1,Ok#1 | pending=1 delayed=1 reserved=0
int(0)
int(2)
