<?php

namespace FastQueue\Laravel;

use Closure;
use FastQueue\Job as NativeJob;
use FastQueue\Laravel\Events\JobMeasured;
use FastQueue\Laravel\Fast\EventShortcut;
use FastQueue\Laravel\Fast\HandlerReuse;
use FastQueue\MaxAttemptsExceededException as NativeMaxAttemptsExceededException;
use FastQueue\RedisQueue;
use FastQueue\Worker;
use Illuminate\Contracts\Cache\Repository as Cache;
use Illuminate\Contracts\Container\Container;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Contracts\Events\Dispatcher;
use Illuminate\Database\DetectsLostConnections;
use Illuminate\Queue\Events\JobExceptionOccurred;
use Illuminate\Queue\Events\JobProcessed;
use Illuminate\Queue\Events\JobProcessing;
use Illuminate\Queue\Events\Looping;
use Illuminate\Queue\Events\WorkerStopping;
use Illuminate\Queue\MaxAttemptsExceededException;
use Throwable;

/**
 * The native FastQueue\Worker, wired into a Laravel application: its handler fires each job
 * through Laravel's own Job::fire() (CallQueuedHandler@call for dispatched classes, Class@method
 * for string jobs), and its events become Laravel's queue events on the application's bus,
 * in the order Illuminate\Queue\Worker dispatches them.
 */
class LaravelWorker
{
    use DetectsLostConnections;

    /** Seconds between two reads of the restart timestamp when it is polled through the cache. */
    public const RESTART_POLL_INTERVAL = 1.0;

    protected Worker $worker;

    /** The FastQueue\Worker options it was made with. */
    protected array $options;

    /** The worker's --tries, for jobs without their own. */
    protected int $tries;

    /** The job running now (or last), so every event of one job sees the same object. */
    protected ?FastQueueJob $current = null;

    /** The last native exception translated for Laravel, and what it became. */
    private ?Throwable $translatedFrom = null;
    private ?Throwable $translatedTo = null;

    /** What a JobProcessing listener threw: the job's exception, as in Laravel's process(). */
    private ?Throwable $beforeError = null;

    /** queue:restart's timestamp when the worker started (cache polling only). */
    private mixed $lastRestart = null;
    private float $nextRestartCheck = 0.0;
    private bool $ranJobSinceLooping = false;

    /** A job that timed out, whose JobTimedOut goes after its JobFailed, as in Laravel. */
    private ?FastQueueJob $timedOut = null;

    /** A job timed out in this run (the worker stops with Laravel's TimedOut reason). */
    private bool $sawTimeout = false;

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

    /** Jobs started in this run (Laravel's jobsProcessed). */
    private int $jobsProcessed = 0;

    /** Why the worker was told to stop here (a WorkerStopReason case name), if it was. */
    private ?string $stopReason = null;

    /** The job whose JobAttempted waits for its release (the end of handleJobException). */
    private ?FastQueueJob $attemptPending = null;
    private ?Throwable $attemptError = null;

    /** The restart timestamp when the run started (the native worker watching it). */
    private mixed $restartAtStart = null;

    /** Laravel's paused queues (12 and later), or null when the running version has none. */
    private ?QueuePauses $pauses = null;

    /** The one CallQueuedHandler the jobs share while the container allows it. */
    private ?HandlerReuse $handlers = null;

    /** The queues as Laravel names them and as the native worker reads them (QueueNames). */
    private ?QueueNames $names = null;

    /**
     * @param  array  $options  FastQueue\Worker options
     * @param  Cache|null  $restartCache  the cache to poll for queue:restart, or null when the
     *                                    native worker reads the restart key itself (or never)
     * @param  Closure|null  $resetScope  run before each round's reserve, as QueueServiceProvider's
     * @param  Closure|null  $isDownForMaintenance  Laravel's maintenance check, made before each
     *                                            round (null: the native worker checks a file
     *                                            itself, or --force)
     * @param  object|null  $workerOptions  queue:work's Illuminate\Queue\WorkerOptions, for the
     *                                     events that carry them (Laravel 11 and later)
     * @param  Cache|null  $cache  the cache queue:restart writes to, when the native worker
     *                             watches the restart key: read at the start and at the stop to
     *                             tell WorkerStopping why the worker stops
     */
    public function __construct(
        protected Container $container,
        protected Dispatcher $events,
        protected ExceptionHandler $exceptions,
        protected string $connectionName,
        protected string $queueNames,
        RedisQueue $queue,
        array $options,
        protected ?Cache $restartCache = null,
        protected ?Closure $resetScope = null,
        protected ?Closure $isDownForMaintenance = null,
        protected ?object $workerOptions = null,
        protected ?Cache $cache = null,
        protected ?EventShortcut $shortcut = null,
    ) {
        $this->handlers = $container instanceof \Illuminate\Container\Container ? new HandlerReuse($container) : null;
        $this->worker = new Worker($queue, Closure::fromCallable([$this, 'handle']), $options);
        $this->tries = (int) ($options['tries'] ?? 1);
        $this->options = $options;

        $this->worker
            ->on('looping', Closure::fromCallable([$this, 'onLooping']))
            ->on('processing', Closure::fromCallable([$this, 'onProcessing']))
            ->on('processed', Closure::fromCallable([$this, 'onProcessed']))
            ->on('exception', Closure::fromCallable([$this, 'onException']))
            ->on('failed', Closure::fromCallable([$this, 'onFailed']))
            ->on('released', Closure::fromCallable([$this, 'onReleased']))
            ->on('timeout', Closure::fromCallable([$this, 'onTimeout']))
            ->on('stopping', Closure::fromCallable([$this, 'onStopping']))
            ->on('error', Closure::fromCallable([$this, 'onReserveError']));
        // The per-job figures, when the worker gathers them (JobMeasured).
        if (! empty($options['metrics'])) {
            $this->worker->on('measured', Closure::fromCallable([$this, 'onMeasured']));
        }
        // Laravel 13 announces an idle round before its sleep (WorkerIdle).
        if (class_exists('Illuminate\\Queue\\Events\\WorkerIdle')) {
            $this->worker->on('idle', Closure::fromCallable([$this, 'onIdle']));
        }
        // Laravel 13's signal events and Interruptible jobs.
        $signals = SignalEvents::forWorker($events, $exceptions, $connectionName, $queueNames, $workerOptions, fn (NativeJob $native) => $this->jobFor($native));
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
        if ($this->restartCache) {
            $this->lastRestart = $this->readRestart();
            $this->nextRestartCheck = $this->now() + static::RESTART_POLL_INTERVAL;
        } elseif ($this->cache && isset($this->options['restart_key'])) {
            $this->restartAtStart = $this->readRestart($this->cache);
        }
        $this->startedAt = $this->now();
        $this->jobsProcessed = 0;
        $this->dispatchIfExists('WorkerStarting', fn ($class) => new $class($this->connectionName, $this->queueNames, $this->workerOptions));
        $this->watchPausedQueues();

        return $this->exitStatus($this->worker->daemon($this->names()->nativeList()));
    }

    /** Runs the next job, if any (queue:work --once). */
    public function runNextJob(): bool
    {
        // Laravel's runNextJob pops without a Looping round.
        $this->dispatchIfExists('JobPopping', fn ($class) => new $class($this->connectionName, $this->queueNames));
        $this->watchPausedQueues();
        $this->pauses?->check();

        return $this->worker->runNextJob($this->names()->nativeList());
    }

    /** Laravel 13 reads forwarded queues, and on a cluster hash-tagged ones, from other keys. */
    private function names(): QueueNames
    {
        if ($this->names === null) {
            try {
                $cluster = isset($this->container->make(RedisQueueFactory::class)->options($this->connectionName)['cluster']);
            } catch (Throwable $e) {
                $cluster = false;
            }
            $this->names = QueueNames::for($this->container, $this->connectionName, $this->queueNames, $cluster);
        }

        return $this->names;
    }

    /** Laravel's paused queues, asked before each pop (see QueuePauses). */
    private function watchPausedQueues(): void
    {
        try {
            $this->pauses ??= QueuePauses::forWorker($this->container->make('queue'), $this->events, $this->exceptions, $this->connectionName, $this->queueNames, $this->worker, $this->names());
        } catch (Throwable $e) {
            $this->exceptions->report($e);
        }
    }

    /** The worker's handler: Laravel's Job::fire() on the wrapped job. */
    protected function handle(NativeJob $native): void
    {
        $job = $this->jobFor($native);
        try {
            if ($this->beforeError !== null) {
                [$e, $this->beforeError] = [$this->beforeError, null];

                throw $e;
            }
            $job->fire();
        } catch (Throwable $e) {
            $this->failIfRetriesStopped($job, $e);

            throw $e;
        }
    }

    /**
     * Laravel 12 and later let the exception handler end a job's retries for an exception
     * (shouldStopRetries): handleJobException fails the job, whatever its tries say. The
     * native worker then sees a failed job and does not release it.
     */
    private function failIfRetriesStopped(FastQueueJob $job, Throwable $e): void
    {
        if ($job->hasFailed() || ! method_exists($this->exceptions, 'shouldStopRetries')) {
            return;
        }
        try {
            if ($this->exceptions->shouldStopRetries($e)) {
                $job->fail($e);
            }
        } catch (Throwable $error) {
            $this->exceptions->report($error);
        }
    }

    protected function jobFor(NativeJob $native): FastQueueJob
    {
        if ($this->current === null || $this->current->getNativeJob() !== $native) {
            $this->current = new FastQueueJob($this->container, $native, $this->connectionName, $this->handlers);
            // The name Laravel's job would have: the worker's, not the forward's or the tag's.
            if ($this->names()->differ()) {
                $name = $this->names()->toLaravel($native->getQueue());
                (function () use ($name) { $this->queue = $name; })->call($this->current);
            }
        }

        return $this->current;
    }

    /**
     * Laravel's daemonShouldRun (maintenance mode, then the Looping listeners; a false from
     * one skips the round), with the idle worker's queue:restart check.
     */
    protected function onLooping(): bool
    {
        // The end of the last round: a job ran (Laravel notes when it ended), or the reserve
        // found none (WorkerIdle, and --stop-when-empty-for's check).
        if ($this->ranJobSinceLooping) {
            $this->lastJobAt = $this->now();
        } elseif ($this->roundPopped) {
            $this->roundPopped = false;
            $this->workerIdle();
            $emptyFor = (int) ($this->workerOptions->stopWhenEmptyFor ?? 0);
            if ($emptyFor > 0 && $this->now() - ($this->lastJobAt ?? $this->startedAt) >= $emptyFor) {
                $this->stopWorker('QueueEmptyFor');

                return false;
            }
        }

        try {
            if ($this->isDownForMaintenance && ($this->isDownForMaintenance)()) {
                // queue:work's pauseWorker: stopIfNecessary, queue:restart included, while down.
                $this->ranJobSinceLooping = false;
                $this->restartRequested();

                return false;
            }
        } catch (Throwable $e) {
            $this->exceptions->report($e);
        }

        // A busy worker checks for queue:restart after each job; an idle one here.
        if (! $this->ranJobSinceLooping && $this->restartRequested()) {
            return false;
        }
        $this->ranJobSinceLooping = false;

        try {
            $run = $this->route(Looping::class) === null
                || $this->events->until(new Looping($this->connectionName, $this->queueNames, $this->workerOptions)) !== false;
        } catch (Throwable $e) {
            $this->exceptions->report($e);
            $run = true;
        }
        // The round goes on to the pop: the scope is reset before it (as Laravel's daemon loop
        // does, not runNextJob), and Laravel 9 and later announce it.
        if ($run) {
            $this->resetScope();
            $this->roundPopped = true;
            $this->dispatchIfExists('JobPopping', fn ($class) => new $class($this->connectionName, $this->queueNames));
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

    protected function onProcessing(NativeJob $native): void
    {
        $this->ranJobSinceLooping = true;
        $this->jobsProcessed++;
        $this->beforeError = null;

        $this->dispatchIfExists('JobPopped', fn ($class) => new $class($this->connectionName, $this->jobFor($native)));

        // In Laravel's process() a JobProcessing listener that throws stops the job before it
        // fires, and the exception is the job's (released or failed, reported): the handler
        // throws it in the job's place.
        try {
            $job = $this->jobFor($native);
            $this->fire(JobProcessing::class, fn () => new JobProcessing($this->connectionName, $job), $job);
        } catch (Throwable $e) {
            $this->beforeError = $e;
        }
    }

    protected function onProcessed(NativeJob $native): void
    {
        $error = null;
        try {
            $job = $this->jobFor($native);
            $this->fire(JobProcessed::class, fn () => new JobProcessed($this->connectionName, $job), $job);
            // A job that released itself (Laravel 11 and later announce it).
            if ($job->isReleased() && ! $job->isDeleted()) {
                $this->dispatchIfExists('JobReleased', fn ($class) => new $class($this->connectionName, $job));
            }
        } catch (Throwable $e) {
            $error = $e;
            // Laravel's process() hands this to handleJobException. The job is gone already:
            // failing it (out of tries) only marks it failed, and it is not released.
            $job = $this->jobFor($native);
            try {
                if (! $job->hasFailed() && $this->willExceedMaxAttempts($job)) {
                    $job->fail($e);
                }
            } catch (Throwable $error) {
                $this->exceptions->report($error);
            }
            $this->jobException($job, $e);
        }
        $this->jobAttempted($this->jobFor($native), $error);
        $this->restartRequested();
    }

    /** The end of Laravel's process() for each job (Laravel 12 and later announce it). */
    private function jobAttempted(FastQueueJob $job, ?Throwable $e): void
    {
        try {
            // Laravel 11 and 12 tell whether an exception occurred (exceptionOccurred, a
            // bool); 13 gives the exception itself.
            $this->dispatchIfExists('JobAttempted', fn ($class) => new $class(
                $this->connectionName, $job, property_exists($class, 'exceptionOccurred') ? $e !== null : $e,
            ));
        } catch (Throwable $error) {
            $this->exceptions->report($error);
        }
    }

    /** Laravel's handleJobException after the fail decision, then runJob's report(). */
    protected function onException(NativeJob $native, Throwable $e): void
    {
        $this->flushTimedOut();
        // A JobProcessing listener threw, but the worker failed the job before its handler
        // could throw that (its attempts were used up, or its payload is not a job).
        if ($this->beforeError !== null) {
            [$error, $this->beforeError] = [$this->beforeError, null];
            if (WorkerSettings::reportJobExceptions()) {
                $this->exceptions->report($error);
            }
        }
        $job = $this->jobFor($native);
        $this->jobException($job, $e = $this->translate($e));
        // The native worker releases the job next unless it is gone: JobAttempted then waits
        // for JobReleasedAfterException, as in Laravel's handleJobException.
        if (! $job->isDeleted() && ! $job->isReleased() && ! $job->hasFailed()) {
            [$this->attemptPending, $this->attemptError] = [$job, $e];
        } else {
            $this->jobAttempted($job, $e);
        }
        $this->restartRequested();
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

    /**
     * A job's figures (after its ending events): JobMeasured, built only while the application's
     * dispatcher has a listener for it, which may be added or removed at any time. The shortcut's
     * tables answer "nobody" per job without a call; otherwise (wildcards, another dispatcher)
     * the dispatcher is asked.
     */
    protected function onMeasured(NativeJob $native, array $figures): void
    {
        if ($this->route(JobMeasured::class) === null || ! $this->events->hasListeners(JobMeasured::class)) {
            return;
        }
        try {
            $this->events->dispatch(JobMeasured::fromFigures($this->connectionName, $this->jobFor($native), $figures));
        } catch (Throwable $e) {
            $this->exceptions->report($e);
        }
    }

    /** The native worker's round found no job; it sleeps next. */
    protected function onIdle(): void
    {
        if ($this->roundPopped && ! $this->ranJobSinceLooping && ! $this->idleAnnounced) {
            $this->idleAnnounced = true;
            $this->dispatchIfExists('WorkerIdle', fn ($class) => new $class($this->connectionName, $this->queueNames, $this->workerOptions));
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
        $this->dispatchIfExists('WorkerIdle', fn ($class) => new $class($this->connectionName, $this->queueNames, $this->workerOptions));
    }

    /** Laravel's markJobAsFailedIfWillExceedMaxAttempts, as a question. */
    private function willExceedMaxAttempts(FastQueueJob $job): bool
    {
        $maxTries = $job->maxTries() ?? $this->tries;
        if ($retryUntil = $job->retryUntil()) {
            return $retryUntil <= time();
        }

        return $maxTries > 0 && $job->attempts() >= $maxTries;
    }

    private function jobException(FastQueueJob $job, Throwable $e): void
    {
        try {
            $this->events->dispatch(new JobExceptionOccurred($this->connectionName, $job, $e));
        } catch (Throwable $error) {
            $this->exceptions->report($error);
        }
        // Laravel 13 lets an application keep job exceptions from the handler.
        if (WorkerSettings::reportJobExceptions()) {
            $this->exceptions->report($e);
        }

        // Laravel's stopWorkerIfLostConnection: a lost database connection ends the worker
        // (unless Worker::$stopOnLostConnection, 13, says not to).
        if (WorkerSettings::stopOnLostConnection() && $this->causedByLostConnection($e)) {
            $this->stopWorker('LostConnection');
        }
    }

    /** The native worker failed the job: Laravel's $job->fail($e). */
    protected function onFailed(NativeJob $native, ?Throwable $e): void
    {
        $job = $this->jobFor($native);
        try {
            $job->failedByWorker($e === null ? null : $this->translate($e));
        } catch (Throwable $error) {
            $this->exceptions->report($error);
        }
        // What the job's failed() method threw; fail() rethrows it itself when it asked (out
        // of the job's handle(), as Laravel's fail() does), so it is not taken here then.
        if (! $job->isFailing() && ($error = $job->takeFailedError()) !== null) {
            $this->exceptions->report($error);
        }
        $this->flushTimedOut();
    }

    /**
     * The native worker released the job after an exception: the end of Laravel's
     * handleJobException, which announces it from Laravel 9 on (queue:work prints its FAIL
     * line then).
     */
    protected function onReleased(NativeJob $native, int $delay): void
    {
        $job = $this->jobFor($native);
        try {
            // Laravel 13 adds the backoff and the exception.
            $this->dispatchIfExists('JobReleasedAfterException', fn ($class) => new $class($this->connectionName, $job, $delay, $this->attemptError));
        } catch (Throwable $e) {
            $this->exceptions->report($e);
        }
        $this->flushAttempted();
    }

    private function flushAttempted(): void
    {
        if ($this->attemptPending !== null) {
            [$job, $e] = [$this->attemptPending, $this->attemptError];
            $this->attemptPending = $this->attemptError = null;
            $this->jobAttempted($job, $e);
        }
    }

    /**
     * A job ran past its timeout. Laravel's timeout handler fails the job if it may not run
     * again, then (from Laravel 9 on) dispatches JobTimedOut, then stops the worker; the native
     * worker tells us first, so JobTimedOut waits for the failure or the stop.
     */
    protected function onTimeout(NativeJob $native): void
    {
        $this->timedOut = $this->jobFor($native);
        $this->sawTimeout = true;
    }

    private function flushTimedOut(): void
    {
        if ($this->timedOut === null) {
            return;
        }
        [$job, $this->timedOut] = [$this->timedOut, null];
        try {
            $timeout = $job->timeout() ?? ($this->options['timeout'] ?? 60);
            $this->dispatchIfExists('JobTimedOut', fn ($class) => new $class($this->connectionName, $job, $timeout));
        } catch (Throwable $e) {
            $this->exceptions->report($e);
        }
    }

    /**
     * Dispatches the queue event Illuminate\Queue\Events\$name made by $make, when the running
     * Laravel has that event (the worker fires what queue:work fires in the same version).
     */
    private function dispatchIfExists(string $name, Closure $make): void
    {
        static $exists = [];
        $class = 'Illuminate\\Queue\\Events\\'.$name;
        if ($exists[$class] ??= class_exists($class)) {
            $this->fire($class, fn () => $make($class));
        }
    }

    /** How event $class goes out now (EventShortcut): null, nobody listens. */
    private function route(string $class): Closure|false|null
    {
        return $this->shortcut === null ? EventShortcut::DISPATCH : $this->shortcut->route($class);
    }

    /**
     * Dispatches the event $make builds, as Laravel's dispatch() would: not built when nobody
     * listens, given straight to queue:work's output listener when that is its only listener,
     * or, for the event of $job, that listener's line written without the event.
     */
    private function fire(string $class, Closure $make, ?FastQueueJob $job = null): void
    {
        $route = $this->route($class);
        if ($route === null) {
            return;
        }
        if ($route === EventShortcut::DISPATCH) {
            $this->events->dispatch($make());
        } elseif ($job !== null && ($line = $this->shortcut->line($class)) !== null) {
            $line($job);
        } else {
            $route($class, [$make()]);
        }
    }

    protected function onStopping(int $status): void
    {
        $this->flushTimedOut();
        $this->flushAttempted();
        if ($this->ranJobSinceLooping) {
            $this->lastJobAt = $this->now();
        } elseif ($this->roundPopped) {
            $this->roundPopped = false;
            $this->workerIdle();
        }
        try {
            // Laravel 8 and 10 take the status and options; 13 also why, after how many jobs
            // and how much memory (queue:work prints the reason).
            $this->events->dispatch(new WorkerStopping(
                $this->exitStatus($status), $this->workerOptions, $this->stopReasonFor($status), $this->jobsProcessed,
                $this->lastJobAt, memory_get_usage(true) / 1024 / 1024, $this->connectionName, $this->queueNames,
            ));
        } catch (Throwable $e) {
            $this->exceptions->report($e);
        }
    }

    /** The native worker's status as Laravel's: Worker::$memoryExceededExitCode for a memory stop. */
    private function exitStatus(int $status): int
    {
        return $status === Worker::EXIT_MEMORY_LIMIT && $this->stopReason === null && ! $this->sawTimeout
            ? WorkerSettings::memoryExitStatus($status) : $status;
    }

    /** Stops the worker after the current job, for Laravel's stop reason $reason. */
    private function stopWorker(string $reason): void
    {
        $this->stopReason ??= $reason;
        $this->worker->stop(Worker::EXIT_SUCCESS);
    }

    /**
     * Laravel's WorkerStopReason for a stop with $status (null before Laravel 13). The native
     * worker stops on the conditions of Laravel's stopIfNecessary, checked in the same order;
     * which one held is told apart here from what the worker can see.
     */
    private function stopReasonFor(int $status): ?object
    {
        $enum = 'Illuminate\\Queue\\WorkerStopReason';
        if (! enum_exists($enum)) {
            return null;
        }
        $case = $this->stopReason ?? match (true) {
            $this->sawTimeout => 'TimedOut',
            $status === Worker::EXIT_MEMORY_LIMIT => 'MaxMemoryExceeded',
            $this->nativeRestartSeen() => 'ReceivedRestartSignal',
            ! empty($this->options['stop_when_empty']) && ! $this->ranJobSinceLooping => 'QueueEmpty',
            ! empty($this->options['max_time']) && $this->now() - $this->startedAt >= $this->options['max_time'] => 'MaxTimeExceeded',
            ! empty($this->options['max_jobs']) && $this->jobsProcessed >= $this->options['max_jobs'] => 'MaxJobsExceeded',
            // Nothing else stops it: a signal (SIGTERM, SIGINT, SIGQUIT).
            default => 'Interrupted',
        };

        return constant($enum.'::'.$case);
    }

    /** Whether queue:restart changed the timestamp the native worker watches. */
    private function nativeRestartSeen(): bool
    {
        return $this->cache !== null && isset($this->options['restart_key'])
            && $this->readRestart($this->cache) != $this->restartAtStart;
    }

    /**
     * The worker's own "attempted too many times" exception becomes Laravel's, with the same
     * message, so listeners and the failed_jobs table see the class queue:work would give.
     */
    protected function translate(Throwable $e): Throwable
    {
        if (! $e instanceof NativeMaxAttemptsExceededException) {
            return $e;
        }
        if ($this->translatedFrom !== $e) {
            $this->translatedFrom = $e;
            $this->translatedTo = $this->laravelMaxAttemptsException($e);
        }

        return $this->translatedTo;
    }

    /**
     * What queue:work fails such a job with in the running version: a job that ran past its
     * timeout gets TimeoutExceededException ("X has timed out.") where Laravel has it (10 and
     * later), else MaxAttemptsExceededException, made by Laravel's own forJob() where it has
     * one (10 and later: "X has been attempted too many times."), else with 8.x's message,
     * which the native worker's exception carries.
     */
    private function laravelMaxAttemptsException(Throwable $e): Throwable
    {
        $job = $this->current;
        $timeout = 'Illuminate\\Queue\\TimeoutExceededException';
        if ($job !== null && $this->timedOut === $job && class_exists($timeout) && method_exists($timeout, 'forJob')) {
            return $timeout::forJob($job);
        }
        if ($job !== null && method_exists(MaxAttemptsExceededException::class, 'forJob')) {
            return MaxAttemptsExceededException::forJob($job);
        }

        return new MaxAttemptsExceededException($e->getMessage());
    }

    /**
     * queue:restart through the cache, read at most once per RESTART_POLL_INTERVAL: Laravel
     * reads it after every job, which here would add a cache round trip to each job and
     * double the Redis traffic of the native worker's one round trip per job; a restart is a
     * deploy-time signal for which a second's delay does not matter. On a change the worker
     * stops after the current job with status 0, as queue:work does.
     */
    protected function restartRequested(): bool
    {
        if (! $this->restartCache) {
            return false;
        }
        $now = $this->now();
        if ($now < $this->nextRestartCheck) {
            return false;
        }
        $this->nextRestartCheck = $now + static::RESTART_POLL_INTERVAL;
        if ($this->readRestart() == $this->lastRestart) {
            return false;
        }
        $this->stopWorker('ReceivedRestartSignal');

        return true;
    }

    private function readRestart(?Cache $cache = null): mixed
    {
        try {
            return ($cache ?? $this->restartCache)->get(RedisQueueFactory::RESTART_KEY);
        } catch (Throwable $e) {
            $this->exceptions->report($e);

            return $this->lastRestart;
        }
    }

    private function now(): float
    {
        return hrtime(true) / 1e9;
    }
}
