<?php

namespace FastQueue\Laravel\Console;

use FastQueue\Laravel\Fast\EventShortcut;
use FastQueue\Laravel\Fast\ScopeReset;
use FastQueue\Laravel\LaravelWorker;
use FastQueue\Laravel\RedisQueueFactory;
use FastQueue\Laravel\Worker\QueueEvents;
use FastQueue\Laravel\Worker\RestartPoll;
use FastQueue\Laravel\WorkerSettings;
use Illuminate\Contracts\Cache\Repository as Cache;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Contracts\Queue\Job;
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
                            {--no-overlap : FastQueue: reserve the next job or batch only once this one is over and the loop checks are done, not while it runs or ends}
                            {--lease-renewal : FastQueue: keep the reservation of the running job alive, so a job longer than retry_after never runs twice}
                            {--timeout-mode=kill : FastQueue: on a job timeout, "kill" the worker (as queue:work) or "throw" inside the job}
                            {--metrics : FastQueue: gather per-queue job figures (outcomes, wait, run and CPU time, memory peak) and fire JobMeasured}
                            {--metrics-file= : FastQueue: with metrics, rewrite this file (Prometheus text, for node_exporter\'s textfile collector) every interval}
                            {--metrics-listen= : FastQueue: with metrics, serve GET /metrics on "PORT" (127.0.0.1) or "HOST:PORT"}
                            {--metrics-allow= : FastQueue: with --metrics-listen, serve only these client networks, comma-separated (e.g. "10.0.0.0/8,::1/128")}
                            {--metrics-publish : FastQueue: with metrics, publish the figures to Redis for php artisan fastqueue:metrics}
                            {--metrics-interval= : FastQueue: seconds between two rewrites or publications of the figures (default 5)}
                            {--metrics-worker= : FastQueue: the metrics\' worker label (default HOSTNAME:PID)}';

    /** The job lines this command writes itself (JobLine), made at the first line. */
    private ?JobLine $jobLine = null;

    /** How the per-job events reach this command's output listeners (see LaravelWorker). */
    private ?EventShortcut $eventShortcut = null;

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

    /** queue:work's output listeners, noted as this command's own (EventShortcut). */
    protected function listenForEvents()
    {
        $events = $this->laravel['events'];
        $before = EventShortcut::snapshot($events);
        parent::listenForEvents();
        $this->eventShortcut = new EventShortcut($events);
        $this->eventShortcut->ownSince($before);
    }

    /**
     * queue:work's job line, written here when the fast line applies (JobLine), else by the
     * running version's own methods.
     */
    protected function writeOutput(Job $job, $status, ?\Throwable $exception = null)
    {
        $line = $this->jobLine ??= $this->makeJobLine();
        if ($line->write($job, (string) $status)) {
            if ($line->startedAt !== null) {
                // queue:work's latestStartedAt, as its writeStatus() sets it for the RUNNING line.
                $this->latestStartedAt = $line->startedAt;
                $line->startedAt = null;
            }

            return;
        }

        parent::writeOutput(...func_get_args());
    }

    /** The job lines for the running queue:work's format; none of them under --json (11 on). */
    private function makeJobLine(): JobLine
    {
        $format = JobLine::knownFormat();
        if ($format >= '11' && $this->outputUsingJson()) {
            $format = '';
        }

        return new JobLine($this->output, $format, $this->laravel['config']);
    }

    protected function makeWorker(string $connection, string $queue): LaravelWorker
    {
        $factory = $this->laravel->make(RedisQueueFactory::class);
        // Laravel's worker settings that the native worker applies (WorkerSettings).
        $options = $this->nativeWorkerOptions() + WorkerSettings::nativeOptions();
        $options['timeout_mode'] = WorkerSettings::timeoutMode((string) ($options['timeout_mode'] ?? 'kill'));

        // queue:restart: read by the native worker in its reserve call when the cache store
        // queue:restart writes to is a Redis store on the queue's server, database and prefix;
        // else polled through that cache repository (see Worker\RestartPoll).
        $restartCache = null;
        // (None when Worker::$restartable is off: Queue::withoutInterruptionPolling(); none
        // under a FastQueue supervisor, which restarts its pools one at a time instead.)
        if (! $this->option('once') && WorkerSettings::restartable() && ! static::supervised()) {
            $key = $factory->nativeRestartKey($connection, $this->cache);
            if ($key !== null) {
                $options['restart_key'] = $key;
            } else {
                $restartCache = $this->cache;
            }
        }

        $events = $this->laravel['events'];
        $exceptions = $this->laravel->make(ExceptionHandler::class);
        $redisQueue = $factory->make($connection);
        $resetScope = $this->resetScope();
        // Laravel's own check, as queue:work's worker makes it, rather than the native
        // worker's maintenance_file: an application may define maintenance otherwise, and
        // a worker that is down must still see queue:restart when it polls the cache.
        $isDown = $this->option('force') ? null : $this->maintenanceCheck();
        // queue:work's own WorkerOptions, for the events that carry them.
        $settings = (new WorkerSettings($connection, $queue, $options, $this->gatherWorkerOptions(), $factory->jobConnection($connection)))
            ->withRoundHooks($resetScope, $isDown)
            ->withCache($this->cache);

        return new LaravelWorker(
            $this->container(),
            $redisQueue,
            $settings,
            new QueueEvents($events, $exceptions, $this->eventShortcut),
            new RestartPoll($exceptions, $restartCache, isset($options['restart_key']) ? $this->cache : null),
        );
    }

    /**
     * Whether a FastQueue supervisor started this worker (fastqueue:supervise sets
     * FASTQUEUE_SUPERVISED=1 in its workers' environment): queue:restart is then left to the
     * supervisor, which replaces its workers one pool at a time, so that no queue is left
     * without a process, where every worker reading the restart key would stop at once.
     */
    public static function supervised(): bool
    {
        return getenv('FASTQUEUE_SUPERVISED') === '1';
    }

    /**
     * The FastQueue\Worker options from queue:work's options (WorkOptions).
     *
     * @return array<string, mixed>
     */
    protected function nativeWorkerOptions(): array
    {
        return (new WorkOptions($this, $this->worker))->native();
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
            // Laravel's own closure, with its lookups made cheap where it is a known one.
            return ScopeReset::for(\Closure::fromCallable($reset), $this->container());
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

    /** The application, as the container class it is (Laravel's Application extends it). */
    private function container(): \Illuminate\Container\Container
    {
        if (! $this->laravel instanceof \Illuminate\Container\Container) {
            throw new \LogicException('fastqueue:work needs an application that is an Illuminate\\Container\\Container.');
        }

        return $this->laravel;
    }

    /** A protected property of Laravel's own worker (the one queue:work would run), or null. */
    private function laravelWorkerProperty(string $name): mixed
    {
        if (! is_object($this->worker)) {
            return null;
        }

        // Private state: a protected property of Laravel's Worker (isDownForMaintenance, the
        // check queue:work's worker makes). Guard: no source fingerprint; property_exists(),
        // and only a callable is used.
        return (function () use ($name) {
            return property_exists($this, $name) ? $this->{$name} : null;
        })->call($this->worker);
    }
}
