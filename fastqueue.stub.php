<?php

/**
 * FastQueue's public API. This stub is the reference: fastqueue_arginfo.h is
 * generated from it (scripts/gen-arginfo) and committed.
 *
 * @generate-class-entries
 */

namespace FastQueue {

    /** The base of every exception FastQueue throws. */
    class Exception extends \RuntimeException {}

    /** Cannot connect, authentication refused, or the connection was lost. */
    class ConnectionException extends Exception {}

    /** A write of jobs is done on the master, but fewer replicas than wait_replicas confirmed
     * it within wait_timeout: a failover now could lose it. */
    class ReplicationException extends ConnectionException {}

    /** Redis answered a command with an error reply. */
    class RedisException extends Exception {}

    /** A payload that is not a valid job. */
    class PayloadException extends Exception {}

    /** A job was attempted more times than it may be, or ran out of its retryUntil time. */
    class MaxAttemptsExceededException extends Exception {}

    /** Thrown inside a job that ran past its timeout (timeout_mode 'throw'). */
    class TimeoutException extends Exception {}

    /** Given to 'failed' listeners and the failed store when a job was failed without one. */
    class ManuallyFailedException extends Exception {}

    /**
     * A Laravel-compatible Redis queue: same keys, payloads and script semantics
     * as Illuminate\Queue\RedisQueue.
     *
     * @strict-properties
     * @not-serializable
     */
    final class RedisQueue
    {
#ifdef FASTQUEUE_HAVE_TLS
        /**
         * Whether this build speaks TLS to Redis (rediss:// urls, scheme "tls", option "tls").
         * A build without it refuses such settings with a ConnectionException.
         * @var bool
         */
        public const TLS_SUPPORTED = true;
#else
        /** @var bool */
        public const TLS_SUPPORTED = false;
#endif

        /** $options may hold passwords and key paths: traces show it as a SensitiveParameterValue. */
        public function __construct(#[\SensitiveParameter] array $options = []) {}

        /** Pushes a job; returns its id. */
        public function push(string $job, mixed $data = '', ?string $queue = null, array $options = []): string {}

        /** Pushes a ready-made payload (a JSON object); returns its "id". */
        public function pushRaw(string $payload, ?string $queue = null): string {}

        /** Pushes a job that becomes available after $delay seconds (or at the given time). */
        public function later(int|float|\DateTimeInterface $delay, string $job, mixed $data = '', ?string $queue = null, array $options = []): string {}

        public function laterRaw(int|float|\DateTimeInterface $delay, string $payload, ?string $queue = null): string {}

        /** Pushes several jobs in one Redis round trip; returns their ids in order. */
        public function bulk(array $jobs, mixed $data = '', ?string $queue = null): array {}

        /** Migrates due jobs and reserves the next one, in one round trip. */
        public function pop(?string $queue = null): ?Job {}

        /** Pending + delayed + reserved, as Laravel counts. */
        public function size(?string $queue = null): int {}

        public function pendingSize(?string $queue = null): int {}

        public function delayedSize(?string $queue = null): int {}

        public function reservedSize(?string $queue = null): int {}

        /** Removes every job of the queue; returns how many there were. */
        public function clear(?string $queue = null): int {}

        /** The full key of the queue without the prefix, e.g. "queues:default". */
        public function getQueue(?string $queue = null): string {}

        /** The Redis key prefix in use. */
        public function getPrefix(): string {}

        /** Failed jobs recorded by the worker, newest first; only $queue's when given. */
        public function failed(?string $queue = null): array {}

        /** Puts a failed job back at the end of its queue with attempts reset; false if unknown. */
        public function retryFailed(string $id): bool {}

        /** Forgets one failed job; false if unknown. */
        public function forgetFailed(string $id): bool {}

        /** Forgets every failed job; returns how many there were. */
        public function flushFailed(): int {}
    }

    /**
     * Laravel's queue:work daemon loop in C: reserves jobs, runs them through the handler,
     * deletes, releases or fails them, and stops on signals and limits.
     *
     * @strict-properties
     * @not-serializable
     */
    final class Worker
    {
        /**
         * The status daemon() returns for a stop condition: a quit signal (SIGTERM, SIGINT,
         * SIGQUIT), stop_when_empty, max_jobs, max_time or the restart key.
         * @var int
         * @cvalue FASTQUEUE_EXIT_SUCCESS
         */
        public const EXIT_SUCCESS = 0;
        /**
         * The status a job's timeout ends the process with in timeout_mode 'kill' (unless
         * timeout_exit_status says otherwise), and the watchdog's for a job stuck past its
         * timeout.
         * @var int
         * @cvalue FASTQUEUE_EXIT_ERROR
         */
        public const EXIT_ERROR = 1;
        /**
         * The status daemon() returns when PHP's allocated memory (memory_get_usage(true))
         * has reached the worker's 'memory' option (MB) at the end of a round.
         * @var int
         * @cvalue FASTQUEUE_EXIT_MEMORY_LIMIT
         */
        public const EXIT_MEMORY_LIMIT = 12;

        public function __construct(RedisQueue $queue, ?callable $handler = null, array $options = []) {}

        /** Adds a listener: looping, processing, processed, exception, released, failed, timeout, stopping, signal. */
        public function on(string $event, callable $listener): static {}

        /** Runs until a stop condition; returns the exit status. $queues is a priority list. */
        public function daemon(string $queues = 'default'): int {}

        /** Runs one job (queue:work --once); false when there was none. */
        public function runNextJob(string $queues = 'default'): bool {}

        /** Stops after the current job, with this status. */
        public function stop(int $status = 0): void {}

        public function pause(): void {}

        public function resume(): void {}

        public function isPaused(): bool {}

        /**
         * Queues of the run's list not to reserve from, from the next round on, until called
         * again ([] reserves from all again): Laravel's paused queues. A round whose every queue
         * is skipped finds no job (it sleeps, and stop_when_empty holds). May be called from a
         * looping listener. Names not in the list are ignored.
         */
        public function skipQueues(array $queues): void {}

        /** processed, failed, released, exceptions, timeouts, started_at, busy_seconds, memory_peak */
        public function stats(): array {}
    }

    /**
     * A reserved job. Created by RedisQueue::pop(), never directly.
     *
     * @strict-properties
     * @not-serializable
     */
    final class Job
    {
        private function __construct() {}

        public function getJobId(): string {}

        public function uuid(): ?string {}

        public function getName(): string {}

        public function resolveName(): string {}

        public function getRawBody(): string {}

        public function getReservedJob(): string {}

        public function payload(): array {}

        public function getData(): mixed {}

        public function attempts(): int {}

        public function maxTries(): ?int {}

        public function maxExceptions(): ?int {}

        public function timeout(): ?int {}

        public function retryUntil(): ?int {}

        public function backoff(): ?array {}

        public function shouldFailOnTimeout(): bool {}

        public function getQueue(): string {}

        public function delete(): void {}

        public function release(int $delay = 0): void {}

        public function fail(?\Throwable $e = null): void {}

        public function isDeleted(): bool {}

        public function isReleased(): bool {}

        public function isDeletedOrReleased(): bool {}

        public function hasFailed(): bool {}
    }
}
