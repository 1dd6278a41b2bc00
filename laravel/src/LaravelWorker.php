<?php

namespace FastQueue\Laravel;

use Closure;
use FastQueue\Job as NativeJob;
use FastQueue\Laravel\Worker\CrashMarker;
use FastQueue\Laravel\Worker\CurrentJob;
use FastQueue\Laravel\Worker\ExceptionCount;
use FastQueue\Laravel\Worker\JobEvents;
use FastQueue\Laravel\Worker\QueueEvents;
use FastQueue\Laravel\Worker\RestartPoll;
use FastQueue\Laravel\Worker\StopReason;
use FastQueue\RedisQueue;
use FastQueue\Worker;
use Illuminate\Container\Container;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Contracts\Events\Dispatcher;
use Illuminate\Queue\Events\Looping;
use Illuminate\Queue\Events\WorkerStopping;
use Throwable;

/**
 * The native FastQueue\Worker, wired into a Laravel application: its handler fires each job
 * through Laravel's own Job::fire() (CallQueuedHandler@call for dispatched classes, Class@method
 * for string jobs), and its events become Laravel's queue events on the application's bus,
 * in the order Illuminate\Queue\Worker dispatches them.
 *
 * This class holds the run and its rounds (Laravel's daemon loop: Looping, maintenance, the
 * scope reset, JobPopping, WorkerIdle, WorkerStopping); its parts in Worker/ hold one job's way
 * (JobEvents), the Laravel job of the native one (CurrentJob), how events go out (QueueEvents),
 * queue:restart (RestartPoll), why the worker stops (StopReason) and the native exception as
 * Laravel's (MaxAttemptsTranslation). The per-job calls are no more than when they were one
 * class: the native worker calls each part's method directly.
 */
class LaravelWorker
{
    protected Worker $worker;

    /** The settings' connection, queues and WorkerOptions, read per round and per job. */
    protected string $connectionName;
    protected string $queueNames;
    protected ?object $workerOptions;

    private Dispatcher $dispatcher;
    private ExceptionHandler $exceptions;
    private ?Closure $resetScope;
    private ?Closure $isDownForMaintenance;

    /** The Laravel job of the native one, and the queues' names. */
    private CurrentJob $current;

    /** One job's way through the worker: the handler and the per-job events. */
    private JobEvents $jobs;
    private StopReason $stop;

    /** WorkerIdle went out for this round already, before its sleep. */
    private bool $idleAnnounced = false;

    /** The last round went on to reserve (Laravel's getNextJob ran). */
    private bool $roundPopped = false;

    /**
     * When the run started, and when the last job ended, in seconds of the monotonic clock
     * (hrtime), as Laravel's currentTime() (WorkerStopping's lastJobProcessedAt in 13).
     */
    private float $startedAt = 0.0;
    private ?float $lastJobAt = null;

    /** Laravel's paused queues (12 and later), or null when the running version has none. */
    private ?QueuePauses $pauses = null;

    public function __construct(
        protected Container $container,
        RedisQueue $queue,
        protected WorkerSettings $settings,
        protected QueueEvents $events,
        protected RestartPoll $restart,
    ) {
        $this->connectionName = $settings->connectionName;
        $this->queueNames = $settings->queueNames;
        $this->workerOptions = $settings->workerOptions;
        $this->dispatcher = $events->dispatcher;
        $this->exceptions = $events->exceptions;
        $this->resetScope = $settings->resetScope;
        $this->isDownForMaintenance = $settings->isDownForMaintenance;
        $options = $settings->options;

        $this->current = new CurrentJob($container, $settings);
        $this->stop = new StopReason($options);
        // Counted in the Redis the jobs come from: a failover connection's first member.
        $count = new ExceptionCount($container, $settings->jobConnectionName);
        $this->jobs = $jobs = new JobEvents($this->current, $events, $restart, $this->stop, $options,
            $count, CrashMarker::forWorker($settings->cache, $count));
        $this->worker = new Worker($queue, Closure::fromCallable([$jobs, 'handle']), $options);
        $this->stop->attach($this->worker);

        $this->worker
            ->on('looping', Closure::fromCallable([$this, 'onLooping']))
            ->on('processing', Closure::fromCallable([$jobs, 'onProcessing']))
            ->on('processed', Closure::fromCallable([$jobs, 'onProcessed']))
            ->on('exception', Closure::fromCallable([$jobs->failures, 'onException']))
            ->on('failed', Closure::fromCallable([$jobs->failures, 'onFailed']))
            ->on('released', Closure::fromCallable([$jobs->failures, 'onReleased']))
            ->on('timeout', Closure::fromCallable([$jobs->failures, 'onTimeout']))
            ->on('stopping', Closure::fromCallable([$this, 'onStopping']))
            ->on('error', Closure::fromCallable([$this, 'onReserveError']));
        // The per-job figures, when the worker gathers them (JobMeasured).
        if (! empty($options['metrics'])) {
            $this->worker->on('measured', Closure::fromCallable([$jobs, 'onMeasured']));
        }
        // Laravel 13 announces an idle round before its sleep (WorkerIdle).
        if (class_exists('Illuminate\\Queue\\Events\\WorkerIdle')) {
            $this->worker->on('idle', Closure::fromCallable([$this, 'onIdle']));
        }
        // Laravel 13's signal events and Interruptible jobs.
        $signals = SignalEvents::forWorker($this->dispatcher, $this->exceptions, $this->connectionName, $this->queueNames, $this->workerOptions, Closure::fromCallable([$this->current, 'of']));
        if ($signals !== null) {
            $this->worker->on('signal', $signals);
        }
    }

    public function getWorker(): Worker
    {
        return $this->worker;
    }

    /** Runs until a stop condition; returns the exit status. */
    public function daemon(): int
    {
        $this->restart->start();
        $this->startedAt = $this->now();
        $this->jobs->jobsProcessed = 0;
        $this->events->dispatchIfExists('WorkerStarting', fn ($class) => new $class($this->connectionName, $this->queueNames, $this->workerOptions));
        $this->watchPausedQueues();

        return $this->stop->exitStatus($this->worker->daemon($this->current->names()->nativeList()));
    }

    /** Runs the next job, if any (queue:work --once). */
    public function runNextJob(): bool
    {
        // Laravel's runNextJob pops without a Looping round.
        $this->events->dispatchIfExists('JobPopping', fn ($class) => new $class($this->connectionName, $this->queueNames));
        $this->watchPausedQueues();
        $this->pauses?->check();

        return $this->worker->runNextJob($this->current->names()->nativeList());
    }

    /** Laravel's paused queues, asked before each pop (see QueuePauses). */
    private function watchPausedQueues(): void
    {
        try {
            $this->pauses ??= QueuePauses::forWorker($this->container->make('queue'), $this->dispatcher, $this->exceptions, $this->connectionName, $this->queueNames, $this->worker, $this->current->names());
        } catch (Throwable $e) {
            $this->exceptions->report($e);
        }
    }

    /**
     * Laravel's daemonShouldRun (maintenance mode, then the Looping listeners; a false from
     * one skips the round), with the idle worker's queue:restart check.
     */
    protected function onLooping(): bool
    {
        $jobs = $this->jobs;
        // The end of the last round: a job ran (Laravel notes when it ended), or the reserve
        // found none (WorkerIdle, and --stop-when-empty-for's check).
        if ($jobs->ranJobSinceLooping) {
            $this->lastJobAt = $this->now();
        } elseif ($this->roundPopped) {
            $this->roundPopped = false;
            $this->workerIdle();
            $emptyFor = (int) ($this->workerOptions->stopWhenEmptyFor ?? 0);
            if ($emptyFor > 0 && $this->now() - ($this->lastJobAt ?? $this->startedAt) >= $emptyFor) {
                $this->stop->stop('QueueEmptyFor');

                return false;
            }
        }

        try {
            if ($this->isDownForMaintenance && ($this->isDownForMaintenance)()) {
                // queue:work's pauseWorker: stopIfNecessary, queue:restart included, while down.
                $jobs->ranJobSinceLooping = false;
                if ($this->restart->requested()) {
                    $this->stop->stop('ReceivedRestartSignal');
                }

                return false;
            }
        } catch (Throwable $e) {
            $this->exceptions->report($e);
        }

        // A busy worker checks for queue:restart after each job; an idle one here.
        if (! $jobs->ranJobSinceLooping && $this->restart->requested()) {
            $this->stop->stop('ReceivedRestartSignal');

            return false;
        }
        $jobs->ranJobSinceLooping = false;

        try {
            $run = $this->events->route(Looping::class) === null
                || $this->dispatcher->until(new Looping($this->connectionName, $this->queueNames, $this->workerOptions)) !== false;
        } catch (Throwable $e) {
            $this->exceptions->report($e);
            $run = true;
        }
        // The round goes on to the pop: the scope is reset before it (as Laravel's daemon loop
        // does, not runNextJob), and Laravel 9 and later announce it.
        if ($run) {
            $this->resetScope();
            $this->roundPopped = true;
            $this->events->dispatchIfExists('JobPopping', fn ($class) => new $class($this->connectionName, $this->queueNames));
            $this->pauses?->check();
        }

        return $run;
    }

    /** QueueServiceProvider's reset-scope closure (ScopeReset's where it knows it). */
    private function resetScope(): void
    {
        if ($this->resetScope) {
            try {
                ($this->resetScope)();
            } catch (Throwable $e) {
                $this->exceptions->report($e);
            }
        }
    }

    /**
     * Reserving failed (the native worker retries it): Laravel's getNextJob reports the error
     * to the exception handler. (Laravel also stops the worker when the error reads as a lost
     * connection; here the native worker keeps retrying: README, differences.)
     */
    protected function onReserveError(Throwable $e): void
    {
        try {
            $this->exceptions->report($e);
        } catch (Throwable) {
            // A handler that throws: the worker goes on retrying, as it printed.
        }
    }

    /** The native worker's round found no job; it sleeps next. */
    protected function onIdle(): void
    {
        if ($this->roundPopped && ! $this->jobs->ranJobSinceLooping && ! $this->idleAnnounced) {
            $this->idleAnnounced = true;
            $this->events->dispatchIfExists('WorkerIdle', fn ($class) => new $class($this->connectionName, $this->queueNames, $this->workerOptions));
        }
    }

    /**
     * The end of a round that found no job: WorkerIdle (Laravel 13), unless onIdle announced
     * it before the sleep already.
     */
    private function workerIdle(): void
    {
        if ($this->idleAnnounced) {
            $this->idleAnnounced = false;

            return;
        }
        $this->events->dispatchIfExists('WorkerIdle', fn ($class) => new $class($this->connectionName, $this->queueNames, $this->workerOptions));
    }

    protected function onStopping(int $status): void
    {
        $jobs = $this->jobs;
        $jobs->failures->flushTimedOut();
        $jobs->failures->flushAttempted();
        if ($jobs->ranJobSinceLooping) {
            $this->lastJobAt = $this->now();
        } elseif ($this->roundPopped) {
            $this->roundPopped = false;
            $this->workerIdle();
        }
        try {
            // Laravel 8 and 10 take the status and options; 13 also why, after how many jobs
            // and how much memory (queue:work prints the reason).
            $this->dispatcher->dispatch(new WorkerStopping(
                $this->stop->exitStatus($status), $this->workerOptions,
                $this->stop->forStatus($status, $this->restart, $jobs->ranJobSinceLooping, $this->startedAt, $jobs->jobsProcessed), $jobs->jobsProcessed,
                $this->lastJobAt, memory_get_usage(true) / 1024 / 1024, $this->connectionName, $this->queueNames,
            ));
        } catch (Throwable $e) {
            $this->exceptions->report($e);
        }
    }

    private function now(): float
    {
        return hrtime(true) / 1e9;
    }
}
