<?php

namespace FastQueue\Laravel\Worker;

use FastQueue\Laravel\WorkerSettings;
use FastQueue\Worker;

/**
 * Why the worker stops, as Laravel tells it: WorkerStopping's reason (Laravel 13's
 * WorkerStopReason) and the exit status. The native worker stops on the conditions of Laravel's
 * stopIfNecessary, checked in the same order; which one held is told apart here from what the
 * worker can see, unless the Laravel side stopped it for a reason of its own (stop()).
 */
final class StopReason
{
    /** Why the worker was told to stop here (a WorkerStopReason case name), if it was. */
    private ?string $reason = null;

    /** A job timed out in this run (the worker stops with Laravel's TimedOut reason). */
    private bool $sawTimeout = false;

    /** The native worker, once made (it is made with the handler that stops it). */
    private ?Worker $worker = null;

    /** @param  array<string, mixed>  $options  the native worker's options */
    public function __construct(private array $options)
    {
    }

    public function attach(Worker $worker): void
    {
        $this->worker = $worker;
    }

    /** Stops the worker after the current job, for Laravel's stop reason $reason. */
    public function stop(string $reason): void
    {
        $this->reason ??= $reason;
        $this->worker?->stop(Worker::EXIT_SUCCESS);
    }

    /** A job timed out. */
    public function timedOut(): void
    {
        $this->sawTimeout = true;
    }

    /** The native worker's status as Laravel's: Worker::$memoryExceededExitCode for a memory stop. */
    public function exitStatus(int $status): int
    {
        return $status === Worker::EXIT_MEMORY_LIMIT && $this->reason === null && ! $this->sawTimeout
            ? WorkerSettings::memoryExitStatus($status) : $status;
    }

    /**
     * Laravel's WorkerStopReason for a stop with $status (null before Laravel 13), given what
     * the run did: whether a job ran since the last Looping, when the run started (hrtime
     * seconds) and how many jobs it started.
     */
    public function forStatus(int $status, RestartPoll $restart, bool $ranJobSinceLooping, float $startedAt, int $jobsProcessed): ?object
    {
        $enum = 'Illuminate\\Queue\\WorkerStopReason';
        if (! enum_exists($enum)) {
            return null;
        }
        $case = $this->reason ?? match (true) {
            $this->sawTimeout => 'TimedOut',
            $status === Worker::EXIT_MEMORY_LIMIT => 'MaxMemoryExceeded',
            $restart->nativeRestartSeen() => 'ReceivedRestartSignal',
            ! empty($this->options['stop_when_empty']) && ! $ranJobSinceLooping => 'QueueEmpty',
            ! empty($this->options['max_time']) && hrtime(true) / 1e9 - $startedAt >= $this->options['max_time'] => 'MaxTimeExceeded',
            ! empty($this->options['max_jobs']) && $jobsProcessed >= $this->options['max_jobs'] => 'MaxJobsExceeded',
            // Nothing else stops it: a signal (SIGTERM, SIGINT, SIGQUIT).
            default => 'Interrupted',
        };

        return constant($enum.'::'.$case);
    }
}
