<?php
// One worker of bench/dashboard: FastQueue\Worker with its metrics served over HTTP.
// Usage: php -d extension=... bench/lib/dashboard-worker.php REDIS_PORT WORKER_NAME LISTEN_PORT
//
// The jobs (bench/lib/dashboard-producer.php) say what to do in their data's "kind": a short
// task, a slow one waiting on I/O, a CPU-bound one, one that allocates memory, and a flaky one
// that throws now and then (retried once, then failed).

declare(strict_types=1);

[, $port, $name, $listen] = $argv + [null, null, null, null];
if (!$port || !$name || !$listen) {
    fwrite(STDERR, "usage: php bench/lib/dashboard-worker.php REDIS_PORT WORKER_NAME LISTEN_PORT\n");
    exit(2);
}

$handler = function (FastQueue\Job $job): void {
    $kind = $job->getData()['kind'] ?? 'fast';
    switch ($kind) {
        case 'fast':
            usleep(random_int(1000, 6000));
            break;
        case 'slow':
            usleep(random_int(150000, 700000));
            break;
        case 'cpu':
            $until = hrtime(true) + random_int(20, 90) * 1000000;
            for ($x = 0; hrtime(true) < $until; $x++) {
                $x ^= 1;
            }
            break;
        case 'memory':
            $block = str_repeat('m', random_int(6, 48) << 20);
            usleep(20000);
            unset($block);
            break;
        case 'flaky':
            usleep(random_int(2000, 20000));
            if (random_int(1, 4) === 1) {
                throw new RuntimeException('the flaky job failed this time');
            }
            break;
    }
};

$queue = new FastQueue\RedisQueue(['host' => '127.0.0.1', 'port' => (int) $port, 'retry_after' => 90]);
$worker = new FastQueue\Worker($queue, $handler, [
    'name' => $name,
    'sleep' => 0.2,
    'tries' => 2,
    'prefetch' => 4,
    'metrics' => true,
    'metrics_worker' => $name,
    'metrics_listen' => (string) $listen,
    'metrics_interval' => 1,
]);
exit($worker->daemon('orders,mail'));
