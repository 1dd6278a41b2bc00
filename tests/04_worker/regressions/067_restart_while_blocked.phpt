--TEST--
Worker restart_key while idle and blocked (block_for 0, waiting for ever for a push): the key is read once a second meanwhile, so queue:restart stops the worker with 0 within about a second, as it stops a busy one after its job
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); if (!function_exists('posix_kill')) die('skip posix'); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
require __DIR__ . '/../../inc/signals.inc';
$raw = fq_raw();
fq_clean('w067');
$raw->cmd('SET', 'w067:restart', '1000');
$child = fq_child('require ' . var_export(__DIR__ . '/../../inc/worker_jobs.inc', true) . ';
$w = fqw_worker(fq_queue(["queue" => "w067", "block_for" => 0]), function ($job) {}, ["restart_key" => "w067:restart", "stop_when_empty" => false]);
$w->on("stopping", function ($status) { echo "stopping $status\n"; });
echo "ready\n";
exit($w->daemon("w067"));
');
echo $child->waitFor("ready\n", fq_slow() ? 20 : 5) ? "started\n" : "DID NOT START\n";
echo 'blocked in BLPOP: ', var_export(fq_sig_wait_blpop(fq_slow() ? 20 : 5), true), "\n";
$t = microtime(true);
$raw->cmd('SET', 'w067:restart', '1001');
$r = $child->wait(fq_slow() ? 20 : 10);
// The promise: read at least once a second, then the wait step (a quarter second) ends.
fq_check_time('stopped after the restart key changed', microtime(true) - $t, 0, 1.5);
echo 'status ', var_export($r['status'], true), "\n", $r['stdout'];
$raw->cmd('DEL', 'w067:restart');
?>
--CLEAN--
<?php
require __DIR__ . '/../../inc/config.inc';
fq_raw()->cmd('DEL', 'w067:restart');
fq_clean('w067');
?>
--EXPECT--
started
blocked in BLPOP: true
stopped after the restart key changed: ok
status 0
ready
stopping 0
