<?php

namespace FastQueue\Laravel\Worker;

use FastQueue\Job as NativeJob;
use FastQueue\Laravel\Events\JobMeasured;
use FastQueue\Laravel\FastQueueJob;
use FastQueue\Laravel\WorkerSettings;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Contracts\Events\Dispatcher;
use Illuminate\Database\DetectsLostConnections;
use Illuminate\Queue\Events\JobExceptionOccurred;
use Illuminate\Queue\Events\JobProcessed;
use Illuminate\Queue\Events\JobProcessing;
use Throwable;

/**
 * One job's way through the worker, as Laravel's process() and handleJobException tell it: the
 * native worker's handler (Laravel's Job::fire() on the wrapped job) and its per-job events,
 * which become Laravel's queue events on the application's bus, in the order
 * Illuminate\Queue\Worker dispatches them.
 *
 * @internal  a part of LaravelWorker; the public methods are the native worker's callbacks.
 */
final class JobEvents
{
    use DetectsLostConnections;

    /** A job started since the last Looping (LaravelWorker's rounds read it). */
    public bool $ranJobSinceLooping = false;

    /** Jobs started in this run (Laravel's jobsProcessed). */
    public int $jobsProcessed = 0;

    private Dispatcher $dispatcher;
    private ExceptionHandler $exceptions;
    private string $connectionName;

    /** The worker's --tries, for jobs without their own, and its --timeout (JobTimedOut's). */
    private int $tries;
    private mixed $timeout;

    /** queue:restart's poll through the cache, or null when there is none to make. */
    private ?RestartPoll $restart;

    /** The native worker's exceptions as queue:work's (its MaxAttemptsExceededException). */
    private MaxAttemptsTranslation $translation;

    /** What a JobProcessing listener threw: the job's exception, as in Laravel's process(). */
    private ?Throwable $beforeError = null;

    /** A job that timed out, whose JobTimedOut goes after its JobFailed, as in Laravel. */
    private ?FastQueueJob $timedOut = null;

    /** The job whose JobAttempted waits for its release (the end of handleJobException). */
    private ?FastQueueJob $attemptPending = null;
    private ?Throwable $attemptError = null;

    /** @param  array<string, mixed>  $options  the native worker's options */
    public function __construct(
        private CurrentJob $current,
        private QueueEvents $events,
        ?RestartPoll $restart,
        private StopReason $stop,
        array $options,
    ) {
        // Asked after each job only where it polls: no call per job otherwise.
        $this->restart = $restart !== null && $restart->polls() ? $restart : null;
        $this->dispatcher = $events->dispatcher;
        $this->exceptions = $events->exceptions;
        $this->connectionName = $current->connectionName;
        $this->tries = (int) ($options['tries'] ?? 1);
        $this->timeout = $options['timeout'] ?? 60;
        $this->translation = new MaxAttemptsTranslation();
    }

    /** The worker's handler: Laravel's Job::fire() on the wrapped job. */
    public function handle(NativeJob $native): void
    {
        $job = $this->current->of($native);
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

    public function onProcessing(NativeJob $native): void
    {
        $this->ranJobSinceLooping = true;
        $this->jobsProcessed++;
        $this->beforeError = null;

        $this->events->dispatchIfExists('JobPopped', fn ($class) => new $class($this->connectionName, $this->current->of($native)));

        // In Laravel's process() a JobProcessing listener that throws stops the job before it
        // fires, and the exception is the job's (released or failed, reported): the handler
        // throws it in the job's place.
        try {
            $job = $this->current->of($native);
            $this->events->fire(JobProcessing::class, fn () => new JobProcessing($this->connectionName, $job), $job);
        } catch (Throwable $e) {
            $this->beforeError = $e;
        }
    }

    public function onProcessed(NativeJob $native): void
    {
        $error = null;
        try {
            $job = $this->current->of($native);
            $this->events->fire(JobProcessed::class, fn () => new JobProcessed($this->connectionName, $job), $job);
            // A job that released itself (Laravel 11 and later announce it).
            if ($job->isReleased() && ! $job->isDeleted()) {
                $this->events->dispatchIfExists('JobReleased', fn ($class) => new $class($this->connectionName, $job));
            }
        } catch (Throwable $e) {
            $error = $e;
            // Laravel's process() hands this to handleJobException. The job is gone already:
            // failing it (out of tries) only marks it failed, and it is not released.
            $job = $this->current->of($native);
            try {
                if (! $job->hasFailed() && $this->willExceedMaxAttempts($job)) {
                    $job->fail($e);
                }
            } catch (Throwable $error) {
                $this->exceptions->report($error);
            }
            $this->jobException($job, $e);
        }
        // ($job is the job of $native on both ways here: of() gives the same object again.)
        $this->jobAttempted($job, $error);
        // Laravel's stopIfNecessary after each job: queue:restart (RestartPoll), when polled.
        if ($this->restart !== null && $this->restart->requested()) {
            $this->stop->stop('ReceivedRestartSignal');
        }
    }

    /** The end of Laravel's process() for each job (Laravel 12 and later announce it). */
    private function jobAttempted(FastQueueJob $job, ?Throwable $e): void
    {
        try {
            // Laravel 11 and 12 tell whether an exception occurred (exceptionOccurred, a
            // bool); 13 gives the exception itself.
            $this->events->dispatchIfExists('JobAttempted', fn ($class) => new $class(
                $this->connectionName, $job, property_exists($class, 'exceptionOccurred') ? $e !== null : $e,
            ));
        } catch (Throwable $error) {
            $this->exceptions->report($error);
        }
    }

    /** Laravel's handleJobException after the fail decision, then runJob's report(). */
    public function onException(NativeJob $native, Throwable $e): void
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
        $job = $this->current->of($native);
        $this->jobException($job, $e = $this->translation->translate($e, $job, $this->timedOut === $job));
        // The native worker releases the job next unless it is gone: JobAttempted then waits
        // for JobReleasedAfterException, as in Laravel's handleJobException.
        if (! $job->isDeleted() && ! $job->isReleased() && ! $job->hasFailed()) {
            [$this->attemptPending, $this->attemptError] = [$job, $e];
        } else {
            $this->jobAttempted($job, $e);
        }
        if ($this->restart !== null && $this->restart->requested()) {
            $this->stop->stop('ReceivedRestartSignal');
        }
    }

    /**
     * A job's figures (after its ending events): JobMeasured, built only while the application's
     * dispatcher has a listener for it, which may be added or removed at any time. The shortcut's
     * tables answer "nobody" per job without a call; otherwise (wildcards, another dispatcher)
     * the dispatcher is asked.
     *
     * @param  array<string, mixed>  $figures
     */
    public function onMeasured(NativeJob $native, array $figures): void
    {
        if ($this->events->route(JobMeasured::class) === null || ! $this->dispatcher->hasListeners(JobMeasured::class)) {
            return;
        }
        try {
            $this->dispatcher->dispatch(JobMeasured::fromFigures($this->connectionName, $this->current->of($native), $figures));
        } catch (Throwable $e) {
            $this->exceptions->report($e);
        }
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
            $this->dispatcher->dispatch(new JobExceptionOccurred($this->connectionName, $job, $e));
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
            $this->stop->stop('LostConnection');
        }
    }

    /** The native worker failed the job: Laravel's $job->fail($e). */
    public function onFailed(NativeJob $native, ?Throwable $e): void
    {
        $job = $this->current->of($native);
        try {
            $job->failedByWorker($e === null ? null : $this->translation->translate($e, $job, $this->timedOut === $job));
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
    public function onReleased(NativeJob $native, int $delay): void
    {
        $job = $this->current->of($native);
        try {
            // Laravel 13 adds the backoff and the exception.
            $this->events->dispatchIfExists('JobReleasedAfterException', fn ($class) => new $class($this->connectionName, $job, $delay, $this->attemptError));
        } catch (Throwable $e) {
            $this->exceptions->report($e);
        }
        $this->flushAttempted();
    }

    /** JobAttempted of a job that was to be released, if it still waits (the worker stops). */
    public function flushAttempted(): void
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
    public function onTimeout(NativeJob $native): void
    {
        $this->timedOut = $this->current->of($native);
        $this->stop->timedOut();
    }

    /** JobTimedOut of a job that timed out, if it still waits. */
    public function flushTimedOut(): void
    {
        if ($this->timedOut === null) {
            return;
        }
        [$job, $this->timedOut] = [$this->timedOut, null];
        try {
            $timeout = $job->timeout() ?? $this->timeout;
            $this->events->dispatchIfExists('JobTimedOut', fn ($class) => new $class($this->connectionName, $job, $timeout));
        } catch (Throwable $e) {
            $this->exceptions->report($e);
        }
    }
}
