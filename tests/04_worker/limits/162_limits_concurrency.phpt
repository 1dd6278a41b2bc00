--TEST--
Limits: concurrency 2 across four workers on 0.2 s jobs: never more than two run at once, at least 1.8 on average while work remains, each job on its first attempt
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/limits.inc';
$name = 'w162';
$jobs = 30;
fqlim_clean($name, $name);
$q = fq_queue(['queue' => $name]);
// The handler counts the jobs running in Redis (INCR as it starts, DECR as it ends) and keeps
// the most it saw; each run's start and end go to $name:runs.
$body = '
    $t = microtime(true);
    $raw->cmd("EVAL", "local n = redis.call(\"incr\", KEYS[1]) if n > tonumber(redis.call(\"get\", KEYS[2]) or \"0\") then redis.call(\"set\", KEYS[2], n) end", "2", "$key:running", "$key:max");
    usleep(200000);
    $raw->cmd("DECR", "$key:running");
    $raw->cmd("RPUSH", "$key:runs", sprintf("%.6f %.6f", $t, microtime(true)));
';
$options = ['limits' => [$name => ['concurrency' => 2]], 'sleep' => 1];
$workers = [];
for ($i = 0; $i < 4; $i++) {
    $workers[] = fqlim_worker($name, $name, $options, 60, $body);
}
fqlim_ready(...$workers);
usleep(300000);
fqlim_push($q, $name, $jobs);
$raw = fq_raw();
for ($until = microtime(true) + fqlim_t(30); microtime(true) < $until && (int) $raw->cmd('LLEN', "$name:runs") < $jobs; usleep(50000));
$stopped = fqlim_stop(...$workers);
$runs = array_map(fn($l) => array_map('floatval', explode(' ', $l)), $raw->cmd('LRANGE', "$name:runs", '0', '-1'));
$busy = array_sum(array_map(fn($r) => $r[1] - $r[0], $runs));
$span = max(array_column($runs, 1)) - min(array_column($runs, 0));
$starts = fqlim_starts($name);
echo 'runs: ', count($runs), "\n";
echo 'most at once: ', $raw->cmd('GET', "$name:max"), "\n";
echo 'on average: ', $busy / $span >= 1.8 || fq_slow() ? 'at least 1.8' : sprintf('%.2f', $busy / $span), "\n";
echo 'attempts above 1: ', count(array_filter($starts, fn($s) => $s[1] !== 1)), "\n";
echo 'held back by concurrency: ', array_sum(array_map(fn($s) => (int) preg_match('/^fastqueue_jobs_held_back_total\{[^}]*limit="concurrency"\} [1-9]\d*$/m', $s['metrics']), $stopped)) > 0 ? 'yes' : 'no', "\n";
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/limits.inc'; if (fq_test_port()) { fqlim_clean('w162', 'w162'); fq_raw()->cmd('DEL', 'w162:runs'); } ?>
--EXPECT--
runs: 30
most at once: 2
on average: at least 1.8
attempts above 1: 0
held back by concurrency: yes
pending=0 delayed=0 reserved=0
