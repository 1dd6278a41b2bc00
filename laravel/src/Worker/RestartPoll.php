<?php

namespace FastQueue\Laravel\Worker;

use FastQueue\Laravel\RedisQueueFactory;
use Illuminate\Contracts\Cache\Repository as Cache;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Throwable;

/**
 * php artisan queue:restart, for fastqueue:work. Either the native worker reads the restart
 * timestamp itself (its restart_key option: the cache is a Redis store on the queue's server),
 * and this only reads it at the start and at the stop to tell WorkerStopping why the worker
 * stopped; or it is polled here through the cache repository, at most once per POLL_INTERVAL.
 */
final class RestartPoll
{
    /** Seconds between two reads of the restart timestamp when it is polled through the cache. */
    public const POLL_INTERVAL = 1.0;

    /** queue:restart's timestamp when the worker started (cache polling only). */
    private mixed $lastRestart = null;
    private float $nextCheck = 0.0;

    /** The restart timestamp when the run started (the native worker watching it). */
    private mixed $atStart = null;

    /**
     * @param  Cache|null  $restartCache  the cache to poll for queue:restart, or null when the
     *                                    native worker reads the restart key itself (or never)
     * @param  Cache|null  $cache  the cache queue:restart writes to, when the native worker
     *                             watches the restart key: read at the start and at the stop
     */
    public function __construct(
        private ExceptionHandler $exceptions,
        private ?Cache $restartCache = null,
        private ?Cache $cache = null,
    ) {
    }

    /** Whether queue:restart is polled through the cache (requested() can be true). */
    public function polls(): bool
    {
        return $this->restartCache !== null;
    }

    /** The start of a run (daemon): the timestamp that a later one is compared with. */
    public function start(): void
    {
        if ($this->restartCache) {
            $this->lastRestart = $this->read();
            $this->nextCheck = hrtime(true) / 1e9 + self::POLL_INTERVAL;
        } elseif ($this->cache) {
            $this->atStart = $this->read($this->cache);
        }
    }

    /**
     * Whether queue:restart was called since the start, through the cache, read at most once
     * per POLL_INTERVAL: Laravel reads it after every job, which here would add a cache round
     * trip to each job and double the Redis traffic of the native worker's one round trip per
     * job; a restart is a deploy-time signal for which a second's delay does not matter.
     */
    public function requested(): bool
    {
        if (! $this->restartCache) {
            return false;
        }
        $now = hrtime(true) / 1e9;
        if ($now < $this->nextCheck) {
            return false;
        }
        $this->nextCheck = $now + self::POLL_INTERVAL;

        return $this->read() != $this->lastRestart;
    }

    /** Whether queue:restart changed the timestamp the native worker watches. */
    public function nativeRestartSeen(): bool
    {
        return $this->cache !== null && $this->read($this->cache) != $this->atStart;
    }

    private function read(?Cache $cache = null): mixed
    {
        try {
            return ($cache ?? $this->restartCache)?->get(RedisQueueFactory::RESTART_KEY);
        } catch (Throwable $e) {
            $this->exceptions->report($e);

            return $this->lastRestart;
        }
    }
}
