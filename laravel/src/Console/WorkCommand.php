<?php

namespace FastQueue\Laravel\Console;

use FastQueue\Laravel\LaravelWorker;
use FastQueue\Laravel\RedisQueueFactory;
use FastQueue\Laravel\WorkerSettings;
use Illuminate\Contracts\Cache\Repository as Cache;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Queue\Console\WorkCommand as QueueWorkCommand;
use Illuminate\Queue\Worker;
use Illuminate\Support\Facades\Facade;

/**
 * php artisan fastqueue:work: the running Laravel's own queue:work command, whose worker loop
 * is replaced by FastQueue's native worker. Everything else is queue:work's, in whatever
 * version runs it: the arguments and options, the maintenance check before --once, the lines
 * printed for each job (listenForEvents and writeOutput), the failed-job logging, the queue
 * and connection lookup. Only runWorker() is FastQueue's.
 */
class WorkCommand extends QueueWorkCommand
{
    /** What FastQueue adds to queue:work's signature. */
    protected const FASTQUEUE_OPTIONS = '
                            {--prefetch=1 : FastQueue: the number of jobs to reserve per Redis round trip}
                            {--no-overlap : FastQueue: with --prefetch, reserve the next batch only once this one is done, not while it runs}
                            {--timeout-mode=kill : FastQueue: on a job timeout, "kill" the worker (as queue:work) or "throw" inside the job}';

    /**
     * @var string
     */
    protected $description = 'Start processing jobs on the queue as a daemon, with FastQueue\'s native worker';

    /**
     * As queue:work is made (ArtisanServiceProvider): Laravel's worker, which stays unused but
     * for sleeping through --once in maintenance mode, and the cache queue:restart writes to.
     */
    public function __construct(Worker $worker, Cache $cache)
    {
        // queue:work's own signature, in the running version, under this command's name.
        $this->signature = preg_replace('/^\s*queue:work\b/', 'fastqueue:work', $this->signature)
            .static::FASTQUEUE_OPTIONS;

        parent::__construct($worker, $cache);
    }

    public function handle()
    {
        if (! extension_loaded('fastqueue')) {
            $this->error('The fastqueue extension is not loaded (extension=fastqueue.so in php.ini, or php -d extension=fastqueue.so artisan ...).');

            return 1;
        }

        return parent::handle();
    }

    /**
     * queue:work's handle() ends here, with the output listeners registered and the
     * connection and queue chosen; the native worker runs the loop.
     */
    protected function runWorker($connection, $queue)
    {
        try {
            $worker = $this->makeWorker($connection, $queue);
        } catch (\ValueError|\TypeError $e) {
            // An option the native worker refuses ("prefetch" must be between 1 and 1000, ...).
            $this->error(preg_replace('/^FastQueue\\\\\w+::__construct\(\): Argument #\d \(\$options\) /', '', $e->getMessage()));

            return 1;
        }

        if ($this->option('once')) {
            $worker->runNextJob();

            return 0;
        }

        return $worker->daemon();
    }

    protected function makeWorker(string $connection, string $queue): LaravelWorker
    {
        $factory = $this->laravel->make(RedisQueueFactory::class);
        // Laravel's worker settings that the native worker applies (WorkerSettings).
        $options = $this->nativeWorkerOptions() + WorkerSettings::nativeOptions();

        // queue:restart: read by the native worker in its reserve call when the cache store
        // queue:restart writes to is a Redis store on the queue's server, database and prefix;
        // else polled through that cache repository (see LaravelWorker::restartRequested).
        $restartCache = null;
        // (None when Worker::$restartable is off: Queue::withoutInterruptionPolling().)
        if (! $this->option('once') && WorkerSettings::restartable()) {
            $key = $factory->nativeRestartKey($connection, $this->cache);
            if ($key !== null) {
                $options['restart_key'] = $key;
            } else {
                $restartCache = $this->cache;
            }
        }

        return new LaravelWorker(
            $this->laravel,
            $this->laravel['events'],
            $this->laravel->make(ExceptionHandler::class),
            $connection,
            $queue,
            $factory->make($connection),
            $options,
            $restartCache,
            $this->resetScope(),
            // Laravel's own check, as queue:work's worker makes it, rather than the native
            // worker's maintenance_file: an application may define maintenance otherwise, and
            // a worker that is down must still see queue:restart when it polls the cache.
            $this->option('force') ? null : $this->maintenanceCheck(),
            // queue:work's own WorkerOptions, for the events that carry them.
            $this->gatherWorkerOptions(),
            isset($options['restart_key']) ? $this->cache : null,
        );
    }

    /** The FastQueue\Worker options from queue:work's options. */
    protected function nativeWorkerOptions(): array
    {
        return [
            'name' => (string) $this->option('name'),
            // WorkerOptions: max(--backoff, --delay); either may be a list such as "1,5,10".
            'backoff' => $this->backoffOption(max($this->option('backoff'), $this->option('delay'))),
            'memory' => $this->memoryOption(),
            'timeout' => (int) $this->option('timeout'),
            'sleep' => $this->numericOption('sleep'),
            'tries' => (int) $this->option('tries'),
            'force' => (bool) $this->option('force'),
            'stop_when_empty' => (bool) $this->option('stop-when-empty'),
            'max_jobs' => (int) $this->option('max-jobs'),
            'max_time' => (int) $this->option('max-time'),
            'rest' => $this->numericOption('rest'),
            'prefetch' => (int) $this->option('prefetch'),
            'overlap' => ! $this->option('no-overlap'),
            'timeout_mode' => (string) $this->option('timeout-mode'),
            // Failed jobs go to Laravel's failer, through JobFailed (logFailedJob).
            'failed_store' => false,
        ];
    }

    /**
     * --memory in megabytes, as the running version's queue:work reads it.
     * - Where its --memory also takes a percentage of PHP's memory_limit (Laravel 13's option
     *   says so), "50%" is that share, computed as Worker::memoryExceeded does;
     *   memory_get_usage(true) counts whole 2 MB chunks, so rounding the share up stops at the
     *   same point. A share of no limit (-1) is no limit. Elsewhere "50%" is 50, as there.
     * - 0 or below means what it means to Laravel's own Worker::memoryExceeded(): "no limit"
     *   from Laravel 12 on (the native worker's largest limit), and before 12 a limit every
     *   process has exceeded (it stops with exit 12 after its first round, 1 MB here).
     */
    protected function memoryOption(): int
    {
        $value = (string) $this->option('memory');
        $noLimit = PHP_INT_MAX >> 20;
        if (str_ends_with($value, '%') && str_contains((string) $this->getDefinition()->getOption('memory')->getDescription(), 'percentage')) {
            $mb = ini_parse_quantity((string) ini_get('memory_limit')) / 1024 / 1024 * ((float) $value / 100);

            return $mb > 0 ? (int) min(ceil($mb), $noLimit) : $noLimit;
        }
        $memory = (int) $value;
        if ($memory > 0) {
            return $memory;
        }
        if (is_object($this->worker) && method_exists($this->worker, 'memoryExceeded') && ! $this->worker->memoryExceeded($memory)) {
            return $noLimit;
        }

        return 1;
    }

    /** "3" -> 3, "1,5,10" -> [1, 5, 10], as Worker::calculateBackoff reads it. */
    protected function backoffOption($value): int|array
    {
        $list = array_map(fn ($s) => max(0, (int) $s), explode(',', (string) $value));

        return count($list) === 1 ? $list[0] : $list;
    }

    protected function numericOption(string $option): int|float
    {
        $value = $this->option($option);

        return is_numeric($value) ? $value + 0 : 0;
    }

    /**
     * The reset-scope callback QueueServiceProvider made Laravel's worker with, run before each
     * job as queue:work runs it: what it resets (log context, scoped instances, resolved
     * facades, and from Laravel 10 on the database query-duration counters) is the running
     * version's. Without one (a worker made otherwise), the facades and scoped instances.
     */
    protected function resetScope(): \Closure
    {
        if (is_callable($reset = $this->laravelWorkerProperty('resetScope'))) {
            return \Closure::fromCallable($reset);
        }
        $app = $this->laravel;

        return function () use ($app) {
            if (method_exists($app, 'forgetScopedInstances')) {
                $app->forgetScopedInstances();
            }
            Facade::clearResolvedInstances();
        };
    }

    /**
     * The maintenance check queue:work's worker makes before each round (QueueServiceProvider
     * gives it the application's isDownForMaintenance(): storage/framework/down in Laravel 8,
     * the MaintenanceMode driver from Laravel 10 on).
     */
    protected function maintenanceCheck(): \Closure
    {
        if (is_callable($check = $this->laravelWorkerProperty('isDownForMaintenance'))) {
            return \Closure::fromCallable($check);
        }

        return fn () => $this->laravel->isDownForMaintenance();
    }

    /** A protected property of Laravel's own worker (the one queue:work would run), or null. */
    private function laravelWorkerProperty(string $name): mixed
    {
        if (! is_object($this->worker)) {
            return null;
        }

        return (function () use ($name) {
            return property_exists($this, $name) ? $this->{$name} : null;
        })->call($this->worker);
    }
}
