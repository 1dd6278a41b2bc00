--TEST--
Limits: rate 50 per 1 s across three workers on a backlog of 2,000 jobs: never more than 50 starts in any second (+1 for the clocks), at least 45 a second, each job on its first attempt
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/limits.inc';
$name = 'w161';
fqlim_clean($name, $name);
$q = fq_queue(['queue' => $name]);
$limits = ['limits' => [$name => ['rate' => 50, 'per' => 1]], 'sleep' => 0.2];
$workers = [fqlim_worker($name, $name, $limits), fqlim_worker($name, $name, $limits), fqlim_worker($name, $name, $limits)];
// The backlog comes once every worker is idle in daemon(): a worker still starting up would
// take the CPU from those running jobs, and the jitter between a job's reservation and its
// handler's start is what the clocks' +1 allows for, not a process's start.
fqlim_ready(...$workers);
usleep(300000);
fqlim_push($q, $name, 2000);
usleep((int) (fq_slow() ? 12e6 : 6e6));
$stopped = fqlim_stop(...$workers);
$starts = fqlim_starts($name);
$times = array_column($starts, 0);
sort($times);
// The most starts in any window of one second: from each start, those less than 1 s later.
$most = 0;
for ($i = 0, $j = 0, $n = count($times); $i < $n; $i++) {
    while ($j < $n && $times[$j] < $times[$i] + 1.0) {
        $j++;
    }
    $most = max($most, $j - $i);
}
// The rate over whole windows: from the first start to the last, the windows it spans.
$spanned = $times[count($times) - 1] - $times[0];
$rate = (count($times) - 1) / max($spanned, 0.001);
// Under valgrind a job's handler starts long after its reservation, by a time that varies:
// the handlers' clocks then say little about the window the reserve script kept.
echo 'most in a second: ', $most <= 51 || fq_slow() ? 'at most 51' : $most, "\n";
echo 'per second: ', $rate >= 45 || fq_slow() ? 'at least 45' : sprintf('%.1f over %.2f s', $rate, $spanned), "\n";
echo 'attempts above 1: ', count(array_filter($starts, fn($s) => $s[1] !== 1)), "\n";
echo 'workers that ran jobs: ', count(array_unique(array_column($starts, 3))), "\n";
// Nothing was charged or moved for the jobs held back: the rest wait in the queue, untouched.
$raw = fq_raw();
$left = $raw->cmd('LLEN', "queues:$name");
echo 'left: ', $left + count($starts) === 2000 ? 'the rest' : $left, ', delayed ', $raw->cmd('ZCARD', "queues:$name:delayed"),
    ', reserved ', $raw->cmd('ZCARD', "queues:$name:reserved"), "\n";
echo "held back by the rate: ",
    array_sum(array_map(fn($s) => preg_match_all('/^fastqueue_jobs_held_back_total\{[^}]*limit="rate"\} ([1-9]\d*)$/m', $s['metrics']), $stopped)) === 3 ? 'in every worker' : 'not in every worker', "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/limits.inc'; if (fq_test_port()) { fqlim_clean('w161', 'w161'); } ?>
--EXPECT--
most in a second: at most 51
per second: at least 45
attempts above 1: 0
workers that ran jobs: 3
left: the rest, delayed 0, reserved 0
held back by the rate: in every worker
