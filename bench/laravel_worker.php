<?php
// One bench run of Laravel 8.83's own Illuminate\Queue\Worker over the N jobs bench/push.php put
// on QUEUE. Usage: php bench/laravel_worker.php PORT QUEUE N
//
// The worker is assembled by hand the way QueueServiceProvider does it, without a full app:
// Container, Events\Dispatcher, QueueManager with the redis connector on a RedisManager using the
// phpredis client, an ExceptionHandler that prints and rethrows, maintenance mode off, and the
// provider's reset-scope callback (minus the log manager, which this app does not have). No cache
// is set, so the worker does not poll a restart key (one Redis GET per job fewer than an app whose
// cache store is Redis). Only daemon() is timed.

declare(strict_types=1);

require __DIR__ . '/common.php';
bench_require_laravel();

use Illuminate\Config\Repository as Config;
use Illuminate\Container\Container;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Events\Dispatcher;
use Illuminate\Queue\Connectors\RedisConnector;
use Illuminate\Queue\QueueManager;
use Illuminate\Queue\Worker;
use Illuminate\Queue\WorkerOptions;
use Illuminate\Redis\RedisManager;
use Illuminate\Support\Facades\Facade;

[$port, $queue, $n] = bench_args($argv);

/** The no-op job: records which job ran and deletes itself (a Class@method job must, in Laravel). */
final class BenchNoopJob
{
    public static array $seen = [];
    public static int $calls = 0;

    public function handle($job, array $data): void
    {
        self::$calls++;
        $i = $data['i'];
        self::$seen[$i] = (self::$seen[$i] ?? 0) + 1;
        $job->delete();
    }
}

/** Any exception the worker reports ends the run loudly. */
final class BenchExceptionHandler implements ExceptionHandler
{
    public function report(Throwable $e)
    {
        fwrite(STDERR, "laravel worker reported: " . get_class($e) . ': ' . $e->getMessage() . "\n" . $e->getTraceAsString() . "\n");
        throw $e;
    }

    public function shouldReport(Throwable $e)
    {
        return true;
    }

    public function render($request, Throwable $e)
    {
        throw $e;
    }

    public function renderForConsole($output, Throwable $e)
    {
        fwrite(STDERR, (string) $e . "\n");
    }
}

$app = new Container();
Container::setInstance($app);
$app->instance('config', new Config([
    'queue' => [
        'default' => 'redis',
        'connections' => [
            'redis' => [
                'driver' => 'redis',
                'connection' => 'default',
                'queue' => $queue,
                'retry_after' => 90,   // Laravel's shipped config/queue.php
                'block_for' => null,
            ],
        ],
    ],
]));
$redis = new RedisManager($app, 'phpredis', [
    'client' => 'phpredis',
    'default' => ['host' => '127.0.0.1', 'port' => $port, 'database' => 0],
]);
$app->instance('redis', $redis);
$events = new Dispatcher($app);
$app->instance('events', $events);
$exceptions = new BenchExceptionHandler();
$app->instance(ExceptionHandler::class, $exceptions);
$manager = new QueueManager($app);
$manager->addConnector('redis', function () use ($redis) {
    return new RedisConnector($redis);
});
$app->instance('queue', $manager);

$worker = new Worker(
    $manager,
    $events,
    $exceptions,
    function () {
        return false; // isDownForMaintenance
    },
    function () use ($app) {
        $app->forgetScopedInstances();
        return Facade::clearResolvedInstances();
    }
);

// name, backoff, memory, timeout, sleep, maxTries, force, stopWhenEmpty. timeout 60 is
// queue:work's default: an alarm per job, as on the FastQueue side.
$options = new WorkerOptions('default', 0, 512, 60, 0, 1, false, true);

$r = bench_redis($port);
$connection = $manager->connection('redis');     // connects; also done the same way on the FastQueue side
$before = $connection->size($queue);
if ($before !== $n) {
    fwrite(STDERR, "laravel: queue $queue holds $before jobs before the run, expected $n\n");
    exit(1);
}

bench_measure_and_finish($r, 'laravel', $queue, 'queues:' . $queue, $n,
    fn() => $worker->daemon('redis', $queue, $options), fn() => [BenchNoopJob::$seen, BenchNoopJob::$calls]);
