--TEST--
Limits: a worker held back waits without polling: under a rate, until the window lets the next job start (its reserve round trips bounded by the windows; SIGTERM ends the wait within 1 s); under concurrency, until the worker holding the slot frees it, which wakes it at once
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/limits.inc';
$name = 'w166';
fqlim_clean($name, $name);
$q = fq_queue(['queue' => $name]);

// Rate 2 per second, sleep 3: the worker wakes when the window lets the next start through,
// not after its sleep, and reserves about once per job and per window.
fqlim_push($q, $name, 30);
$w = fqlim_worker($name, $name, ['limits' => [$name => ['rate' => 2, 'per' => 1]], 'sleep' => 3]);
fqlim_ready($w);
for ($until = microtime(true) + fqlim_t(10); microtime(true) < $until && !fqlim_starts($name); usleep(10000));
usleep(3500000);
// It waits in steps: SIGTERM ends the wait within a second, as any other.
$t = microtime(true);
[$stopped] = fqlim_stop($w);
$took = microtime(true) - $t;
$starts = count(fqlim_starts($name));
$trips = (int) fqlim_metric($stopped, 'fastqueue_reserve_round_trips_total');
echo 'rate: ', $starts >= 6 && $starts <= 10 ? '6 to 10' : $starts, ' starts in 3.5 s; round trips ',
    $trips <= $starts + 2 * 5 ? 'within the windows\' bound' : "$trips for $starts starts",
    '; stopped ', $took < 1.0 || fq_slow() ? 'within 1 s of SIGTERM' : sprintf('%.2f s after SIGTERM', $took), "\n";
fqlim_clean($name, $name);

// Concurrency 1, sleep 10: the second worker waits for the slot the first holds for 1 s, and
// starts the next job as soon as the first job's end frees it.
$opts = ['limits' => [$name => ['concurrency' => 1]], 'sleep' => 10];
// Each job is pushed before the worker meant to take it starts: an empty queue is slept on.
$q->push('X@y', 'first', $name);
$a = fqlim_worker($name, $name, $opts + ['max_jobs' => 1], 60, 'usleep(1000000); $raw->cmd("SET", "$key:ended", sprintf("%.6f", microtime(true)));');
fqlim_ready($a);
for ($until = microtime(true) + fqlim_t(10); microtime(true) < $until && !fqlim_starts($name); usleep(20000));
// The second job waits when the second worker comes: held back, not an empty queue.
$q->push('X@y', 'second', $name);
$b = fqlim_worker($name, $name, $opts, 60);
fqlim_ready($b);
for ($until = microtime(true) + fqlim_t(15); microtime(true) < $until && count(fqlim_starts($name)) < 2; usleep(20000));
// The first worker ends by itself after its one job (max_jobs 1): a SIGTERM that came as it
// exits, its handlers gone, would kill it.
$ra = $a->wait(fq_slow() ? 60 : 10);
if ($ra['status'] !== 0 || !str_contains($ra['stdout'], 'stopped 0')) {
    echo 'first worker: status ', var_export($ra['status'], true), "\n", $ra['stdout'], $ra['stderr'];
}
$stopped = fqlim_stop($b);
$starts = fqlim_starts($name);
$gap = ($starts[1][0] ?? INF) - (float) fq_raw()->cmd('GET', "$name:ended");
echo 'concurrency: the second job started ', $gap < 1.0 || fq_slow() ? 'within 1 s' : sprintf('%.2f s', $gap),
    ' of the first one\'s end, by ', ($starts[1][3] ?? 0) === $b->pid ? 'the waiting worker' : 'another', "; its round trips: ",
    ($t = (int) fqlim_metric($stopped[0] ?? ['metrics' => ''], 'fastqueue_reserve_round_trips_total')) <= 4 ? 'at most 4' : $t, "\n";
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/limits.inc'; if (fq_test_port()) { fqlim_clean('w166', 'w166'); fq_raw()->cmd('DEL', 'w166:ended'); } ?>
--EXPECT--
rate: 6 to 10 starts in 3.5 s; round trips within the windows' bound; stopped within 1 s of SIGTERM
concurrency: the second job started within 1 s of the first one's end, by the waiting worker; its round trips: at most 4
pending=0 delayed=0 reserved=0
