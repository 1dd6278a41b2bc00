<?php

namespace FastQueue\Laravel;

use Closure;
use FastQueue\Job as NativeJob;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Contracts\Events\Dispatcher;
use Throwable;

/**
 * What Laravel 13's worker does when a signal arrives (its listenForSignals), for the native
 * worker's signal event: SIGTERM, SIGINT and SIGQUIT fire WorkerInterrupted and then tell the
 * running job, when it is a dispatched command implementing Illuminate\Contracts\Queue\Interruptible
 * (interrupted($signal), then JobInterrupted where it exists); SIGUSR2 fires WorkerPausing and SIGCONT
 * WorkerResuming. The native worker itself stops, pauses or resumes, as before.
 */
final class SignalEvents
{
    private function __construct(
        private Dispatcher $events,
        private ExceptionHandler $exceptions,
        private string $connectionName,
        private string $queueNames,
        private ?object $workerOptions,
        private Closure $jobFor,
    ) {
    }

    /** The handler, or null when the running Laravel has no signal events (before 13). */
    public static function forWorker(Dispatcher $events, ExceptionHandler $exceptions, string $connectionName, string $queueNames, ?object $workerOptions, Closure $jobFor): ?self
    {
        if (! class_exists('Illuminate\\Queue\\Events\\WorkerInterrupted')) {
            return null;
        }

        return new self($events, $exceptions, $connectionName, $queueNames, $workerOptions, $jobFor);
    }

    public function __invoke(int $signal, ?NativeJob $native): void
    {
        // A listener's (or the job's interrupted()) exception is reported: inside Laravel's
        // signal handler it would be thrown into whatever runs, the job's own code most often.
        try {
            // (The numbers without ext-pcntl, which the native worker does not need.)
            match ($signal) {
                \defined('SIGUSR2') ? \SIGUSR2 : 12 => $this->events->dispatch(new \Illuminate\Queue\Events\WorkerPausing($this->connectionName, $this->queueNames, $this->workerOptions)),
                \defined('SIGCONT') ? \SIGCONT : 18 => $this->events->dispatch(new \Illuminate\Queue\Events\WorkerResuming($this->connectionName, $this->queueNames, $this->workerOptions)),
                default => $this->interrupted($signal, $native),
            };
        } catch (Throwable $e) {
            $this->exceptions->report($e);
        }
    }

    private function interrupted(int $signal, ?NativeJob $native): void
    {
        $this->events->dispatch(new \Illuminate\Queue\Events\WorkerInterrupted($signal, $this->connectionName, $this->queueNames, $this->workerOptions));
        if ($native === null) {
            return;
        }
        self::notifyJob($this->events, $this->exceptions, ($this->jobFor)($native), $signal);
    }

    /**
     * Laravel 13's notifyJobOfSignal: interrupted($signal) on the running job when it is a
     * dispatched command implementing Interruptible, then JobInterrupted. What either throws is
     * reported (the caller is no signal handler that could throw it into the job).
     */
    public static function notifyJob(Dispatcher $events, ExceptionHandler $exceptions, object $job, int $signal): void
    {
        try {
            $handler = $job->getResolvedJob();
            if (! $handler instanceof \Illuminate\Queue\CallQueuedHandler || ! method_exists($handler, 'getRunningCommand')) {
                return;
            }
            $command = $handler->getRunningCommand();
            if ($command instanceof \Illuminate\Contracts\Queue\Interruptible) {
                $command->interrupted($signal);
                // The job's own connection, as Laravel's (a failover's member, where they
                // differ). Guard: class_exists(); JobInterrupted came after the signal events
                // (13.31 has it, 13.26 tells the job alone).
                if (class_exists('Illuminate\\Queue\\Events\\JobInterrupted')) {
                    $events->dispatch(new \Illuminate\Queue\Events\JobInterrupted($job->getConnectionName(), $job, $signal));
                }
            }
        } catch (Throwable $e) {
            $exceptions->report($e);
        }
    }
}
