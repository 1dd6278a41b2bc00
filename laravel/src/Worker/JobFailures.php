<?php

namespace FastQueue\Laravel\Worker;

use FastQueue\Job as NativeJob;
use FastQueue\Laravel\FastQueueJob;
use FastQueue\Laravel\SignalEvents;
use FastQueue\Laravel\WorkerSettings;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Contracts\Events\Dispatcher;
use Illuminate\Database\DetectsLostConnections;
use Illuminate\Queue\Events\JobExceptionOccurred;
use Throwable;

/**
 * A job's way through the worker when it goes wrong, as Laravel's handleJobException and its
 * timeout handler tell it: the native worker's exception, failed, released and timeout
 * callbacks, and JobAttempted, which ends every job (JobEvents holds the rest of the way).
 *
 * @internal  a part of LaravelWorker (through JobEvents); the callbacks are the native worker's.
 */
final class JobFailures
{
    use DetectsLostConnections;

    /** What a JobProcessing listener threw: the job's exception, as in Laravel's process(). */
    public ?Throwable $beforeError = null;

    private Dispatcher $dispatcher;
    private ExceptionHandler $exceptions;
    private string $connectionName;

    /** The worker's --tries, for jobs without their own, and its --timeout (JobTimedOut's). */
    private int $tries;
    private mixed $timeout;

    /** The native worker's exceptions as queue:work's (its MaxAttemptsExceededException). */
    private MaxAttemptsTranslation $translation;

    /** A job that timed out, whose JobTimedOut goes after its JobFailed, as in Laravel. */
    private ?FastQueueJob $timedOut = null;

    /** The job whose JobAttempted waits for its release (the end of handleJobException). */
    private ?FastQueueJob $attemptPending = null;
    private ?Throwable $attemptError = null;

    /**
     * How long the job's fire() took, in milliseconds rounded as Laravel 13.42 rounds them, for
     * JobProcessed and JobAttempted (null when it did not fire); set only where the running
     * version's events carry it (JobEvents).
     */
    public ?float $duration = null;

    /**
     * Laravel 13.42's timeout handler (it has Worker::$killOnTimeout): it tells an Interruptible
     * job of the SIGALRM first, whether it then ends the worker or throws into the job.
     */
    private bool $notifiesOnTimeout;

    /**
     * The native worker throws into a job that timed out ('throw' mode) on a version whose
     * queue:work can too (Worker::$killOnTimeout off): the timeout is then Laravel's, the job
     * failed if it will exceed its tries, maxExceptions or failOnTimeout, JobTimedOut, and
     * Laravel's TimeoutExceededException in the job in place of the native one.
     */
    private bool $throwsLikeLaravel;

    /** The TimeoutExceededException to throw in place of the native TimeoutException. */
    private ?Throwable $timeoutToThrow = null;

    /**
     * @param  ?RestartPoll  $restart  queue:restart's poll, only where it polls (JobEvents)
     * @param  array<string, mixed>  $options  the native worker's options
     */
    public function __construct(
        private CurrentJob $current,
        private QueueEvents $events,
        private ?RestartPoll $restart,
        private StopReason $stop,
        array $options,
        private ExceptionCount $exceptionCount,
        public readonly ?CrashMarker $crashes = null,
    ) {
        $this->dispatcher = $events->dispatcher;
        $this->exceptions = $events->exceptions;
        $this->connectionName = $current->connectionName;
        $this->tries = (int) ($options['tries'] ?? 1);
        $this->timeout = $options['timeout'] ?? 60;
        $this->translation = new MaxAttemptsTranslation();
        $this->notifiesOnTimeout = WorkerSettings::has('killOnTimeout');
        $this->throwsLikeLaravel = $this->notifiesOnTimeout && ($options['timeout_mode'] ?? 'kill') === 'throw';
    }

    /**
     * Laravel 12 and later let the exception handler end a job's retries for an exception
     * (shouldStopRetries): handleJobException fails the job, whatever its tries say. The
     * native worker then sees a failed job and does not release it.
     */
    public function failIfRetriesStopped(FastQueueJob $job, Throwable $e): void
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

    /** The end of Laravel's process() for each job (Laravel 12 and later announce it). */
    public function jobAttempted(FastQueueJob $job, ?Throwable $e): void
    {
        try {
            $this->crashes?->forget($job);
            // Laravel 11 and 12 tell whether an exception occurred (exceptionOccurred, a
            // bool); 13 gives the exception itself, 13.42 also the duration (a constructor
            // without it ignores the extra argument).
            $this->events->dispatchIfExists('JobAttempted', fn ($class) => new $class(
                $this->connectionName, $job, property_exists($class, 'exceptionOccurred') ? $e !== null : $e, $this->duration,
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

    /** Laravel's markJobAsFailedIfWillExceedMaxAttempts, as a question. */
    public function willExceedMaxAttempts(FastQueueJob $job): bool
    {
        $maxTries = $job->maxTries() ?? $this->tries;
        if ($retryUntil = $job->retryUntil()) {
            return $retryUntil <= time();
        }

        return $maxTries > 0 && $job->attempts() >= $maxTries;
    }

    public function jobException(FastQueueJob $job, Throwable $e): void
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
     * A job ran past its timeout. Laravel's timeout handler (13.42: after telling an
     * Interruptible job of the SIGALRM) fails the job if it may not run again, then (from
     * Laravel 9 on) dispatches JobTimedOut, then stops the worker; the native worker tells us
     * first, so JobTimedOut waits for the failure or the stop. In 'throw' mode on a version
     * that throws too, all of it happens here, before the throw (throwTimeout()).
     */
    public function onTimeout(NativeJob $native): void
    {
        $job = $this->current->of($native);
        if ($this->notifiesOnTimeout) {
            SignalEvents::notifyJob($this->dispatcher, $this->exceptions, $job, \defined('SIGALRM') ? \SIGALRM : 14);
        }
        if ($this->throwsLikeLaravel) {
            $this->timeoutThrown($job);

            return;
        }
        // The worker ends now: the attempt's crash marker goes first, as in Laravel's kill path.
        $this->crashes?->forget($job);
        $this->timedOut = $job;
        $this->stop->timedOut();
    }

    /**
     * Laravel 13.42's timeout handler with Worker::$killOnTimeout off: the job failed if it will
     * exceed its tries, its maxExceptions (the timeout counts as one of its exceptions here, and
     * again when it comes out of the job, as in Laravel) or should fail on timeout, then
     * JobTimedOut; the exception goes into the job next.
     */
    private function timeoutThrown(FastQueueJob $job): void
    {
        $e = $this->translation->timeoutException($job);
        try {
            if ($this->willExceedMaxAttempts($job)) {
                $job->fail($e);
            }
            if ($this->exceptionCount->usedUp($job)) {
                $job->fail($e);
            }
            if ($job->shouldFailOnTimeout()) {
                $job->fail($e);
            }
        } catch (Throwable $error) {
            $this->exceptions->report($error);
        }
        $this->timeoutToThrow = $e;
        try {
            $timeout = $job->timeout() ?? $this->timeout;
            $this->events->dispatchIfExists('JobTimedOut', fn ($class) => new $class($this->connectionName, $job, $timeout));
        } catch (Throwable $error) {
            $this->exceptions->report($error);
        }
    }

    /**
     * What comes out of the job in place of $e: Laravel's TimeoutExceededException made at the
     * timeout, when $e is the native worker's TimeoutException thrown for it.
     */
    public function throwTimeout(Throwable $e): Throwable
    {
        if ($this->timeoutToThrow === null || ! $e instanceof \FastQueue\TimeoutException) {
            return $e;
        }
        [$laravel, $this->timeoutToThrow] = [$this->timeoutToThrow, null];

        return $laravel;
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
            // Laravel's timeout handler names the job's own connection, not the worker's (they
            // differ under a failover connection).
            $this->events->dispatchIfExists('JobTimedOut', fn ($class) => new $class($job->getConnectionName(), $job, $timeout));
        } catch (Throwable $e) {
            $this->exceptions->report($e);
        }
    }
}
