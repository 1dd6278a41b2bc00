<?php

namespace FastQueue\Laravel;

use Closure;
use Illuminate\Queue\Worker as LaravelQueueWorker;

/**
 * What fastqueue:work gives its LaravelWorker: the connection and queues it works, the native
 * worker's options, queue:work's WorkerOptions, and the hooks of each round (the scope reset and
 * the maintenance check).
 *
 * And, as static methods, the settings an application gives Laravel's worker
 * (Illuminate\Queue\Worker), read where the running version has them, so that fastqueue:work
 * honours them as queue:work does:
 *
 * - $restartable and $pausable (12 and later; Queue::withoutInterruptionPolling() turns both
 *   off): no queue:restart poll, no paused-queue check;
 * - $memoryExceededExitCode: the status of a stop for --memory (else 12);
 * - $timedOutExitCode (12 and later): the status of a timeout exit (else 1);
 * - $reportJobExceptions (13): whether a job's exception goes to the exception handler;
 * - $stopOnLostConnection (13): whether a lost database connection stops the worker;
 * - $killOnTimeout (13.42): off, a job's timeout is thrown into the job, which is retried or
 *   failed, and the worker goes on: the native worker's 'throw' timeout mode.
 */
final class WorkerSettings
{
    /** QueueServiceProvider's reset-scope closure, run before each round's reserve. */
    public ?Closure $resetScope = null;

    /**
     * The cache queue:work gives Laravel's worker (setCache): 13.42's crash markers live there.
     */
    public ?object $cache = null;

    /**
     * Laravel's maintenance check, made before each round (null: the native worker checks a
     * file itself, or --force).
     */
    public ?Closure $isDownForMaintenance = null;

    /**
     * The connection the jobs come from and carry (their getConnectionName(), JobFailed's, the
     * failed_jobs row's): a failover connection's first member, else the worked connection.
     */
    public readonly string $jobConnectionName;

    /**
     * @param  string  $connectionName  the queue connection worked (the worker's events name it)
     * @param  string  $queueNames  the queues as given (--queue), comma-separated
     * @param  array<string, mixed>  $options  FastQueue\Worker options
     * @param  object|null  $workerOptions  queue:work's Illuminate\Queue\WorkerOptions, for the
     *                                     events that carry them (Laravel 11 and later)
     * @param  string|null  $jobConnectionName  see above (null: $connectionName)
     */
    public function __construct(
        public readonly string $connectionName,
        public readonly string $queueNames,
        public readonly array $options,
        public readonly ?object $workerOptions = null,
        ?string $jobConnectionName = null,
    ) {
        $this->jobConnectionName = $jobConnectionName ?? $connectionName;
    }

    /** The hooks of each round: the scope reset and the maintenance check (see above). */
    public function withRoundHooks(?Closure $resetScope, ?Closure $isDownForMaintenance): self
    {
        $this->resetScope = $resetScope;
        $this->isDownForMaintenance = $isDownForMaintenance;

        return $this;
    }

    /** The cache of queue:work's worker (see $cache). */
    public function withCache(?object $cache): self
    {
        $this->cache = $cache;

        return $this;
    }

    /** Whether the running Laravel's worker has the setting Worker::$name. */
    public static function has(string $name): bool
    {
        return property_exists(LaravelQueueWorker::class, $name);
    }

    /**
     * The native timeout mode: --timeout-mode's, or 'throw' where Worker::$killOnTimeout is off
     * (13.42), as queue:work then throws into the job and goes on.
     */
    public static function timeoutMode(string $asked): string
    {
        return self::get('killOnTimeout', true) ? $asked : 'throw';
    }

    /** Worker::$name, or $default when the running Laravel does not have it. */
    public static function get(string $name, mixed $default): mixed
    {
        return property_exists(LaravelQueueWorker::class, $name) ? (LaravelQueueWorker::${$name} ?? $default) : $default;
    }

    public static function restartable(): bool
    {
        return (bool) self::get('restartable', true);
    }

    public static function pausable(): bool
    {
        return (bool) self::get('pausable', true);
    }

    public static function reportJobExceptions(): bool
    {
        return (bool) self::get('reportJobExceptions', true);
    }

    public static function stopOnLostConnection(): bool
    {
        return (bool) self::get('stopOnLostConnection', true);
    }

    /** The status of a stop for the memory limit, given the native worker's (12). */
    public static function memoryExitStatus(int $native): int
    {
        return (int) self::get('memoryExceededExitCode', $native);
    }

    /**
     * The FastQueue\Worker options these settings give.
     *
     * @return array<string, int>
     */
    public static function nativeOptions(): array
    {
        $options = [];
        if (($code = self::get('timedOutExitCode', null)) !== null) {
            // As exit() takes it (Laravel's kill() exits with it): the low 8 bits.
            $options['timeout_exit_status'] = ((int) $code) & 255;
        }

        return $options;
    }
}
