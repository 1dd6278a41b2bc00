<?php
// The worker of both sides of the supervisor benchmarks (bench/supervisor-burst.php,
// bench/supervisor-idle.php): FastQueue\Worker::daemon() on one queue, whose jobs sleep the
// milliseconds their data says. Each job, once done, leaves a record in Redis for the bench
// (bench:done: "QUEUE I PUSHED STARTED ENDED", Unix seconds) and adds its run time to
// bench:runtime:QUEUE (sum, count), the per-job record Horizon's workers keep and its
// balancing reads. The worker also publishes its metrics, which FastQueue's supervisor reads.
//
//   php -d extension=fastqueue.so bench/lib/supervisor-worker.php PORT QUEUE METRICS_INTERVAL

declare(strict_types=1);

require __DIR__ . '/common.php';

if ($argc < 4) {
    fwrite(STDERR, "usage: {$argv[0]} PORT QUEUE METRICS_INTERVAL\n");
    exit(2);
}
[, $port, $queue, $interval] = $argv;
$port = (int) $port;

// block_for: an idle worker waits on :notify, so a push reaches it at once on both sides and
// the figures measure the supervisors, not the workers' sleep.
$q = new FastQueue\RedisQueue(['host' => '127.0.0.1', 'port' => $port, 'retry_after' => 90, 'block_for' => 2]);
$records = bench_redis($port);

$w = new FastQueue\Worker($q, function (FastQueue\Job $job) use ($records, $queue) {
    $data = $job->getData();
    $started = microtime(true);
    usleep((int) ($data['ms'] * 1000));
    $ended = microtime(true);
    $records->multi(Redis::PIPELINE)
        ->rPush('bench:done', sprintf('%s %d %.6f %.6f %.6f', $queue, $data['i'], $data['t'], $started, $ended))
        ->hIncrByFloat("bench:runtime:$queue", 'sum', $ended - $started)
        ->hIncrBy("bench:runtime:$queue", 'count', 1)
        ->exec();
}, ['sleep' => 0, 'tries' => 1, 'timeout' => 60, 'metrics_publish' => true, 'metrics_interval' => (float) $interval]);

exit($w->daemon($queue));
