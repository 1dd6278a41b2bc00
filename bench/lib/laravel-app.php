<?php
// Laravel 8.83's own queue worker, assembled by hand the way QueueServiceProvider does it,
// without a full application: Container, Events\Dispatcher, QueueManager with the redis
// connector on a RedisManager using the phpredis client, an ExceptionHandler that prints and
// rethrows, maintenance mode off, and the provider's reset-scope callback (minus the log
// manager, which this app does not have). No cache is set, so the worker polls no restart key.
// Used by bench/lib/laravel-worker.php and bench/latency.php.

declare(strict_types=1);

require_once __DIR__ . '/common.php';
bench_require_laravel();

use Illuminate\Config\Repository as Config;
use Illuminate\Container\Container;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Events\Dispatcher;
use Illuminate\Queue\Connectors\RedisConnector;
use Illuminate\Queue\QueueManager;
use Illuminate\Queue\Worker;
use Illuminate\Redis\RedisManager;
use Illuminate\Support\Facades\Facade;

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

/**
 * The worker and its QueueManager, for the redis-server on $port; $queue is the connection's
 * default queue, $blockFor its block_for (null: Laravel's default, no blocking pop).
 * @return array{Worker, QueueManager}
 */
function bench_laravel_worker(int $port, string $queue, int|float|null $blockFor): array
{
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
                    'block_for' => $blockFor,
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

    return [$worker, $manager];
}
