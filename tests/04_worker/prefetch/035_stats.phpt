--TEST--
Worker stats(): processed, failed, released, exceptions and timeouts after a known mix; started_at is the construction time; busy_seconds the time in jobs; memory_peak an int > 0
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w035';
fq_clean($name);
$q = fq_queue(['queue' => $name]);

$before = microtime(true);
$w = fqw_worker($q, function ($job) {
    switch ($job->getName()) {
        case 'Slow':
            usleep(200000);
            return;
        case 'Flaky':
            if ($job->attempts() === 1) {
                throw new RuntimeException('once');
            }
            return;
        case 'Bad':
            throw new RuntimeException('always');
        case 'SelfRelease':
            if ($job->attempts() === 1) {
                $job->release(0);
            }
            return;
        case 'SelfFail':
            $job->fail(new LogicException('no'));
            return;
    }
}, ['tries' => 2, 'failed_store' => false]);
$after = microtime(true);
$s = $w->stats();
echo implode(',', array_map(fn($k, $v) => "$k:" . get_debug_type($v), array_keys($s), $s)), "\n";
echo "before any job: processed {$s['processed']} failed {$s['failed']} released {$s['released']} exceptions {$s['exceptions']} timeouts {$s['timeouts']} busy {$s['busy_seconds']}\n";
echo 'started_at is the construction time: ', var_export($s['started_at'] >= $before - 0.01 && $s['started_at'] <= $after + 0.01, true), "\n";

$q->bulk(['Ok', 'Slow', 'Flaky', 'Bad', 'SelfRelease', 'SelfFail']);
usleep(100000);
var_dump($w->daemon($name));
$s2 = $w->stats();
// Runs: Ok, Slow, Flaky#1, Bad#1, SelfRelease#1, SelfFail, Flaky#2, Bad#2, SelfRelease#2.
echo "processed {$s2['processed']} failed {$s2['failed']} released {$s2['released']} exceptions {$s2['exceptions']} timeouts {$s2['timeouts']}\n";
echo 'started_at unchanged: ', var_export($s2['started_at'] === $s['started_at'], true), "\n";
echo 'busy_seconds: ', $s2['busy_seconds'] >= 0.2 && $s2['busy_seconds'] < microtime(true) - $after ? 'the time spent in jobs' : $s2['busy_seconds'], "\n";
echo fqw_counts($name), "\n";

// Counters add up over runs.
$q->push('Ok');
$w->daemon($name);
echo 'after another run: processed ', $w->stats()['processed'], "\n";

// memory_peak, in a child with PHP's allocator (it is off under valgrind, where PHP reports 0).
$child = fq_child('require ' . var_export(__DIR__ . '/../../inc/worker_jobs.inc', true) . ';
$q = fq_queue(["queue" => "w035"]);
$q->push("Big");
$w = fqw_worker($q, function ($job) { $s = str_repeat("y", 4 * 1024 * 1024); strlen($s); });
$w->daemon("w035");
$s = $w->stats();
echo is_int($s["memory_peak"]) && $s["memory_peak"] > 4 * 1024 * 1024 ? "memory_peak counts the job\'s 4 MB" : "memory_peak " . var_export($s["memory_peak"], true), "\n";
echo $s["memory_peak"] === memory_get_peak_usage(true) ? "as memory_get_peak_usage(true)" : "differs from memory_get_peak_usage(true): " . memory_get_peak_usage(true), "\n";
', ['USE_ZEND_ALLOC' => '1']);
$r = $child->wait(fq_slow() ? 30 : 10);
echo $r['stdout'], $r['stderr'];
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w035'); ?>
--EXPECT--
processed:int,failed:int,released:int,exceptions:int,timeouts:int,started_at:float,busy_seconds:float,memory_peak:int,lease_renewals:int,leases_lost:int,lease_failures:int,held_back:int,limited_seconds:float
before any job: processed 0 failed 0 released 0 exceptions 0 timeouts 0 busy 0
started_at is the construction time: true
int(0)
processed 9 failed 2 released 2 exceptions 3 timeouts 0
started_at unchanged: true
busy_seconds: the time spent in jobs
pending=0 delayed=0 reserved=0
after another run: processed 10
memory_peak counts the job's 4 MB
as memory_get_peak_usage(true)
