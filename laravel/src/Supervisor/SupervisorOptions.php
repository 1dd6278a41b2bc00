<?php

namespace FastQueue\Laravel\Supervisor;

/**
 * One Horizon-shaped supervisor as fastqueue:supervise runs it: its options checked, with
 * Horizon's defaults where the configuration sets none.
 */
final class SupervisorOptions
{
    /**
     * @param  list<string>  $queues  in the configuration's order (the priority order of an unbalanced pool)
     * @param  string  $balance  "off", "simple" or "auto"
     * @param  string  $strategy  "time" or "size"
     * @param  string  $backoff  as --backoff takes it: "5" or "1,5,10"
     * @param  string  $memory  as --memory takes it: "128", or "50%" on Laravel 13
     */
    public function __construct(
        public readonly string $name,
        public readonly string $connection,
        public readonly array $queues,
        public readonly string $balance,
        public readonly string $strategy,
        public readonly int $minProcesses,
        public readonly int $maxProcesses,
        public readonly int $balanceMaxShift,
        public readonly float $balanceCooldown,
        public readonly int $tries,
        public readonly int $timeout,
        public readonly string $memory,
        public readonly float $sleep,
        public readonly int $maxJobs,
        public readonly int $maxTime,
        public readonly string $backoff,
        public readonly int $nice,
        public readonly bool $force,
        public readonly float $rest,
    ) {
    }
}
