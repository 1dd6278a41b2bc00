--TEST--
Worker restart_key with prefetch: while prefetched jobs keep it from reserving, the worker still reads the key (at most once a second), stops within about a second of the change, and hands the unstarted jobs back untouched
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w037';
$key = 'w037:restart';
$raw = fq_raw();
fq_clean($name);
$raw->cmd('SET', $key, '1000');
// retry_after 90 > timeout 60 + grace: the worker really prefetches 8 at a time.
$q = fq_queue(['queue' => $name, 'retry_after' => 90]);
$q->bulk(array_map(fn($i) => "J$i", range(1, 12)));
$pending = fqw_pending($name);
$ran = [];
$w = fqw_worker($q, function ($job) use (&$ran, $raw, $key) {
    $ran[] = $job->getName();
    if ($job->getName() === 'J2') {
        $raw->cmd('SET', $key, '1001');   // php artisan queue:restart, during the second job
    }
    usleep(300000);
}, ['restart_key' => $key, 'prefetch' => 8, 'stop_when_empty' => false, 'max_time' => 20]); // max_time: a guard only
$gets = $raw->calls('get');
$t = microtime(true);
$status = $w->daemon($name);
$secs = microtime(true) - $t;
$gets = $raw->calls('get') - $gets;
echo "status $status\n";
// Without the check between reserves all 8 prefetched jobs would run (2.4 s).
echo count($ran) >= 2 && count($ran) <= 6 ? "stopped after a few jobs\n" : 'ran ' . count($ran) . " jobs: " . implode(',', $ran) . "\n";
echo $ran === array_slice(array_map(fn($i) => "J$i", range(1, 12)), 0, count($ran)) ? "in order\n" : "out of order\n";
echo fqw_pending($name) === array_slice($pending, count($ran)) ? "the rest is pending, untouched, in order\n" : "the rest differs\n";
echo preg_replace('/pending=\d+/', 'pending=N', fqw_counts($name)), "\n";
// The key is read at start, by the reserve, and then at most once a second between reserves
// (a GET inside the reserve script counts too): not before every prefetched job.
echo $gets <= 2 + (int) ceil($secs) ? "the key was read at most once a second\n" : "the key was read $gets times in " . round($secs, 2) . " s, " . count($ran) . " jobs\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w037'); fq_raw()->cmd('DEL', 'w037:restart'); } ?>
--EXPECT--
status 0
stopped after a few jobs
in order
the rest is pending, untouched, in order
pending=N delayed=0 reserved=0
the key was read at most once a second
