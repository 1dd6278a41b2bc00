<?php
// One bench run of FastQueue\Worker over the N jobs bench/lib/push.php put on QUEUE.
// Usage: php -d extension=modules/fastqueue.so bench/lib/fastqueue-worker.php PORT QUEUE N PREFETCH [adapter] [metrics]
// Only daemon() is timed. With "adapter", a processing listener reads the whole payload and the
// job's id first, as fastqueue/laravel's JobProcessing path does. With "metrics", the worker
// gathers its figures ('metrics' => true) and a 'measured' listener receives each job's.

declare(strict_types=1);

require __DIR__ . '/common.php';

[$port, $queue, $n, $rest] = bench_args($argv, 1);
$prefetch = (int) $rest[0];
$adapter = in_array('adapter', array_slice($rest, 1), true);
$metrics = in_array('metrics', array_slice($rest, 1), true);

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
}, ['sleep' => 0, 'tries' => 1, 'timeout' => 60, 'memory' => 512, 'stop_when_empty' => true, 'prefetch' => $prefetch]
    + ($metrics ? ['metrics' => true] : []));
if ($adapter) {
    $w->on('processing', function (FastQueue\Job $job) {
        $job->payload();
        $job->getJobId();
    });
}

$r = bench_redis($port);
$before = $q->size($queue);                   // connects, as the Laravel side does
if ($before !== $n) {
    fwrite(STDERR, "fastqueue: queue $queue holds $before jobs before the run, expected $n\n");
    exit(1);
}

bench_measure_and_finish($r, "fq-p$prefetch", $queue, $q->getPrefix() . $q->getQueue($queue), $n,
    fn() => $w->daemon($queue), function () use (&$seen, &$calls) { return [$seen, $calls]; });
