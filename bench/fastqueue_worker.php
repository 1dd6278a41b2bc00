<?php
// One bench run of FastQueue\Worker over the N jobs bench/push.php put on QUEUE.
// Usage: php -d extension=modules/fastqueue.so bench/fastqueue_worker.php PORT QUEUE N PREFETCH
// Only daemon() is timed.

declare(strict_types=1);

require __DIR__ . '/common.php';

[$port, $queue, $n, $rest] = bench_args($argv, 1);
$prefetch = (int) $rest[0];

if (!class_exists('FastQueue\Worker')) {
    echo "SKIP FastQueue\\Worker not available\n";
    exit(0);
}

$seen = [];
$calls = 0;
// retry_after 90 and timeout 60: Laravel's shipped defaults, the same on the Laravel side.
$q = new FastQueue\RedisQueue(['host' => '127.0.0.1', 'port' => $port, 'retry_after' => 90]);
$w = new FastQueue\Worker($q, function (FastQueue\Job $job) use (&$seen, &$calls) {
    $calls++;
    $i = $job->getData()['i'];
    $seen[$i] = ($seen[$i] ?? 0) + 1;
}, ['sleep' => 0, 'tries' => 1, 'timeout' => 60, 'memory' => 512, 'stop_when_empty' => true, 'prefetch' => $prefetch]);

$r = bench_redis($port);
$before = $q->size($queue);                   // connects, as the Laravel side does
if ($before !== $n) {
    fwrite(STDERR, "fastqueue: queue $queue holds $before jobs before the run, expected $n\n");
    exit(1);
}

$machine0 = bench_machine_cpu();
$cpu0 = bench_rusage();
$redis0 = bench_redis_cpu($r);
$t0 = hrtime(true);
$status = $w->daemon($queue);
$t1 = hrtime(true);
$redis1 = bench_redis_cpu($r);
$cpu1 = bench_rusage();
$machine1 = bench_machine_cpu();

$problems = bench_check($r, $q->getPrefix() . $q->getQueue($queue), $seen, $calls, $n, $notes);
if ($status !== 0) {
    $problems[] = "daemon() returned $status, expected 0";
}
bench_finish([
    'side' => "fq-p$prefetch",
    'queue' => $queue,
    'n' => $n,
    'secs' => ($t1 - $t0) / 1e9,
    'user' => $cpu1[0] - $cpu0[0],
    'sys' => $cpu1[1] - $cpu0[1],
    'redis_cpu' => $redis1 - $redis0,
    'machine_busy' => $machine1[0] - $machine0[0],
    'steal' => $machine1[1] - $machine0[1],
    'status' => $status,
    'rss_kb' => (int) (getrusage()['ru_maxrss'] ?? 0),
], $problems, $notes);
