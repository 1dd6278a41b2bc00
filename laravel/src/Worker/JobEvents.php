<?php

namespace FastQueue\Laravel\Worker;

use FastQueue\Job as NativeJob;
use FastQueue\Laravel\Events\JobMeasured;
use FastQueue\Laravel\FastQueueJob;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Contracts\Events\Dispatcher;
use Illuminate\Queue\Events\JobProcessed;
use Illuminate\Queue\Events\JobProcessing;
use Throwable;

/**
 * One job's way through the worker, as Laravel's process() and handleJobException tell it: the
 * native worker's handler (Laravel's Job::fire() on the wrapped job) and its per-job events,
 * which become Laravel's queue events on the application's bus, in the order
 * Illuminate\Queue\Worker dispatches them. What happens when a job goes wrong (its exception,
 * failure, release after an exception and timeout) is JobFailures'.
 *
 * @internal  a part of LaravelWorker; the public methods are the native worker's callbacks.
 */
final class JobEvents
{
    /** A job started since the last Looping (LaravelWorker's rounds read it). */
    public bool $ranJobSinceLooping = false;

    /** Jobs started in this run (Laravel's jobsProcessed). */
    public int $jobsProcessed = 0;

    private Dispatcher $dispatcher;
    private ExceptionHandler $exceptions;
    private string $connectionName;

    /** queue:restart's poll through the cache, or null when there is none to make. */
    private ?RestartPoll $restart;

    /** The job's way when it goes wrong, and JobAttempted (the native worker's other callbacks). */
    public readonly JobFailures $failures;

    /** The running version's JobProcessed carries the job's duration (13.42): fire() is timed. */
    private bool $timesJobs;

    /** 13.42's #[CountCrashesAsExceptions] marker, where the version and the command have one. */
    private ?CrashMarker $crashes;

    /** @param  array<string, mixed>  $options  the native worker's options */
    public function __construct(
        private CurrentJob $current,
        private QueueEvents $events,
        ?RestartPoll $restart,
        private StopReason $stop,
        array $options,
        ExceptionCount $exceptionCount,
        ?CrashMarker $crashes = null,
    ) {
        // Asked after each job only where it polls: no call per job otherwise.
        $this->restart = $restart !== null && $restart->polls() ? $restart : null;
        $this->dispatcher = $events->dispatcher;
        $this->exceptions = $events->exceptions;
        $this->connectionName = $current->connectionName;
        $this->failures = new JobFailures($current, $events, $this->restart, $stop, $options, $exceptionCount, $crashes);
        $this->crashes = $crashes;
        $this->timesJobs = property_exists(JobProcessed::class, 'duration');
    }

    /** The worker's handler: Laravel's Job::fire() on the wrapped job. */
    public function handle(NativeJob $native): void
    {
        $job = $this->current->of($native);
        try {
            if ($this->failures->beforeError !== null) {
                [$e, $this->failures->beforeError] = [$this->failures->beforeError, null];

                throw $e;
            }
            if ($this->crashes !== null && ($e = $this->crashes->beforeFire($job)) !== null) {
                throw $e;
            }
            if ($this->timesJobs) {
                // Timed as Laravel 13.42's process() times fire(), also when it throws: in
                // milliseconds, rounded to 2 places.
                $startedAt = hrtime(true);
                try {
                    $job->fire();
                } finally {
                    $this->failures->duration = round((hrtime(true) - $startedAt) / 1e6, 2);
                }
            } else {
                $job->fire();
            }
        } catch (Throwable $e) {
            $e = $this->failures->throwTimeout($e);
            $this->failures->failIfRetriesStopped($job, $e);

            throw $e;
        }
    }

    public function onProcessing(NativeJob $native): void
    {
        $this->ranJobSinceLooping = true;
        $this->jobsProcessed++;
        $this->failures->beforeError = null;
        if ($this->timesJobs) {
            // A job that does not fire has no duration.
            $this->failures->duration = null;
        }

        $this->events->dispatchIfExists('JobPopped', fn ($class) => new $class($this->connectionName, $this->current->of($native)));

        // In Laravel's process() a JobProcessing listener that throws stops the job before it
        // fires, and the exception is the job's (released or failed, reported): the handler
        // throws it in the job's place.
        try {
            $job = $this->current->of($native);
            $this->events->fire(JobProcessing::class, fn () => new JobProcessing($this->connectionName, $job), $job);
        } catch (Throwable $e) {
            $this->failures->beforeError = $e;
        }
    }

    public function onProcessed(NativeJob $native): void
    {
        $error = null;
        try {
            $job = $this->current->of($native);
            $this->events->fire(JobProcessed::class, fn () => new JobProcessed($this->connectionName, $job, $this->failures->duration), $job);
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
                if (! $job->hasFailed() && $this->failures->willExceedMaxAttempts($job)) {
                    $job->fail($e);
                }
            } catch (Throwable $error) {
                $this->exceptions->report($error);
            }
            $this->failures->jobException($job, $e);
        }
        // ($job is the job of $native on both ways here: of() gives the same object again.)
        $this->failures->jobAttempted($job, $error);
        // Laravel's stopIfNecessary after each job: queue:restart (RestartPoll), when polled.
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
}
