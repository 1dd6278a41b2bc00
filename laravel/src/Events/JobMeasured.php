<?php

namespace FastQueue\Laravel\Events;

use Illuminate\Contracts\Queue\Job;

/**
 * One job attempt's figures, as fastqueue:work --metrics (or any --metrics-* option) measured
 * them: fired after the job's ending events (JobProcessed, JobFailed, JobReleasedAfterException),
 * and only while something listens to it, so that a worker nobody asks for the figures builds
 * no event per job.
 */
class JobMeasured
{
    /**
     * @param  string  $connectionName  the queue connection
     * @param  Job  $job  the job, the same object the job's other queue events carry
     * @param  string  $queue  the queue the job was reserved from, without the Redis prefix
     *                         (the `queue` label of the exposition)
     * @param  string  $outcome  'processed', 'released' or 'failed'
     * @param  bool  $timedOut  it ran past its timeout (it was then released or failed)
     * @param  float|null  $waitSeconds  from the time it was pushed (or became due) to its start,
     *                                   known only for a first attempt of a payload with
     *                                   Laravel 12's createdAt; whole seconds, so up to 1 s more
     * @param  float  $runSeconds  wall time of its handler (monotonic clock)
     * @param  float  $cpuSeconds  user and system CPU time of the worker's thread over that span
     * @param  int  $memoryPeakBytes  the peak of PHP's allocations during the job
     */
    public function __construct(
        public readonly string $connectionName,
        public readonly Job $job,
        public readonly string $queue,
        public readonly string $outcome,
        public readonly bool $timedOut,
        public readonly ?float $waitSeconds,
        public readonly float $runSeconds,
        public readonly float $cpuSeconds,
        public readonly int $memoryPeakBytes,
    ) {
    }

    /**
     * The event for the native worker's figures (its 'measured' event's array).
     *
     * @param  array<string, mixed>  $figures
     */
    public static function fromFigures(string $connectionName, Job $job, array $figures): self
    {
        return new self(
            $connectionName,
            $job,
            (string) ($figures['queue'] ?? $job->getQueue()),
            (string) ($figures['outcome'] ?? ''),
            (bool) ($figures['timed_out'] ?? false),
            isset($figures['wait_seconds']) ? (float) $figures['wait_seconds'] : null,
            (float) ($figures['run_seconds'] ?? 0.0),
            (float) ($figures['cpu_seconds'] ?? 0.0),
            (int) ($figures['memory_peak_bytes'] ?? 0),
        );
    }
}
