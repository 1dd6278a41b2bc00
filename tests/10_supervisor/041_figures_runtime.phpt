--TEST--
Figures: with strategy 'time', status() shows a queue's average run time from the metrics its workers publish: over the jobs since the previous reading when some ran, else over all that is published; busy is 0 once no job runs
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php
if (!extension_loaded('fastqueue')) die('skip fastqueue extension not loaded');
require __DIR__ . '/../inc/config.inc';
fq_skip_unless_redis();
?>
--FILE--
<?php
require __DIR__ . '/../inc/supervisor.inc';
fq_reaper_list();

$queue = 'sv41';
fq_clean($queue);
$raw = fq_raw();
$jobs = ['short' => ['work:0.2', 'work:0.20', 'work:0.200'], 'long' => []];
foreach ($jobs['short'] as $data) {
    $raw->cmd('DEL', "sv:done:$data");
}
$q = fq_queue();
foreach ($jobs['short'] as $data) {
    $q->push('J', $data, $queue);
}
$done = fn(array $list) => count(array_filter($list, fn($d) => $raw->cmd('GET', "sv:done:$d") !== null)) === count($list);
// Two more jobs of 0.6 s, each with data of its own (its done key).
$pushLong = function () use (&$jobs, $q, $queue, $raw) {
    for ($i = 0; $i < 2; $i++) {
        $data = 'work:0.6' . str_repeat('0', count($jobs['long']));
        $raw->cmd('DEL', "sv:done:$data");
        $jobs['long'][] = $data;
        $q->push('J', $data, $queue);
    }
};

// Readings every 2 s (the cooldown); the log's clock, a pool whose process exits every 1.1 s,
// sees each reading at least once.
$out = tempnam(sys_get_temp_dir(), 'sv41');
$phase = 0;
$seen = [];
$tDone = 0.0;
$until = microtime(true) + fq_sig_t(40);
$s = new FastQueue\Supervisor(['queue' => $q, 'stop_timeout' => fq_sig_t(5),
    'log' => function (string $line, array $ev) use (&$s, &$phase, &$seen, &$until, &$jobs, &$tDone, $pushLong, $queue, $done) {
        $f = $s->status()['queues'][$queue];
        if ($phase === 0 && $done($jobs['short'])) {
            $tDone = microtime(true);
            $phase = 1;
        } elseif ($phase === 1 && microtime(true) > $tDone + 2.5 && $f['runtime'] !== null) {
            // A reading after the short jobs were published: whether it covers them or not, 0.2.
            $seen['short'] = $f['runtime'] >= 0.2 && $f['runtime'] < 0.2 + 2 ? 'about 0.2' : var_export($f['runtime'], true);
            $pushLong();
            $phase = 2;
        } elseif ($phase === 2 && $f['runtime'] >= 0.5) {
            // Only the jobs since the previous reading count: all of them would average under 0.5.
            $seen['long'] = ($f['runtime'] < 0.6 + 2 ? 'about 0.6, the jobs since the previous reading' : var_export($f['runtime'], true))
                . ($f['busy'] > 0 ? ', busy' : ', busy ' . var_export($f['busy'], true));
            $phase = 3;
        } elseif ($phase === 2 && $done($jobs['long']) && $f['busy'] === 0.0 && count($jobs['long']) < 6) {
            $pushLong();  // the reading of the long jobs fell between two looks: once more
        } elseif ($phase === 3 && $done($jobs['long']) && $f['busy'] === 0.0) {
            // No job since the previous reading: busy 0, and the run time of all that is published.
            $k = count($jobs['long']);
            $all = (0.2 * 3 + 0.6 * $k) / (3 + $k);
            $seen['idle'] = $f['runtime'] >= $all && $f['runtime'] < $all + 2 ? 'the average of every job published' : var_export($f['runtime'], true);
            $phase = 4;
        }
        if ($phase === 4 || microtime(true) > $until) {
            $s->stop();
        }
    }]);
$s->addGroup('g', ['balance' => 'auto', 'strategy' => 'time', 'max_processes' => 2, 'cooldown' => 2]);
$s->addPool('w', fq_sup_worker_cmd($queue, ['metrics_publish' => true, 'metrics_interval' => 0.1, 'sleep' => 0.05]), 1,
    ['group' => 'g', 'queues' => [$queue], 'min_processes' => 1, 'max_processes' => 1, 'env' => ['FQ_SV_OUT' => $out]]);
$s->addPool('clock', fq_sup_php_cmd('usleep(1100000);'), 1);
$rc = $s->run();
echo "run returned $rc, phase $phase\n";
if ($phase !== 4) {
    echo 'jobs done: ', json_encode(array_map(fn($d) => $raw->cmd('GET', "sv:done:$d"), array_merge(...array_values($jobs)))), "\n";
}
foreach ($seen as $k => $v) {
    echo "$k: $v\n";
}
unlink($out);
?>
--CLEAN--
<?php
require __DIR__ . '/../inc/config.inc';
fq_clean('sv41');
foreach (['work:0.2', 'work:0.20', 'work:0.200', 'work:0.6', 'work:0.60', 'work:0.600', 'work:0.6000', 'work:0.60000', 'work:0.600000'] as $data) {
    fq_raw()->cmd('DEL', "sv:done:$data");
}
?>
--EXPECT--
run returned 0, phase 4
short: about 0.2
long: about 0.6, the jobs since the previous reading, busy
idle: the average of every job published
