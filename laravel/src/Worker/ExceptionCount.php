<?php

namespace FastQueue\Laravel\Worker;

use FastQueue\Laravel\FastQueueJob;
use Illuminate\Container\Container;
use Illuminate\Contracts\Redis\Factory as RedisFactory;
use Illuminate\Redis\Connections\Connection;

/**
 * One more exception held against a job's maxExceptions, counted where the native worker counts
 * them (README, "maxExceptions": the key fastqueue:job-exceptions:<uuid> in the queue's Redis,
 * for a day), for the two counts Laravel 13.42 makes outside handleJobException: a timeout that
 * is thrown into the job (Worker::$killOnTimeout off) and an attempt that crashed its worker
 * (#[CountCrashesAsExceptions]). The native worker counts the job's exceptions themselves.
 *
 * It goes through the application's own Redis connection of the queue (whose client adds the
 * same prefix the native queue's keys have), made only when a count is needed: no job pays
 * for it otherwise.
 *
 * @internal  a part of LaravelWorker
 */
final class ExceptionCount
{
    /** A count lasts a day, as Laravel's and the native worker's. */
    private const TTL = 86400;

    public function __construct(private Container $container, private string $connectionName)
    {
    }

    /**
     * Counts an exception of $job; true when that uses up its maxExceptions (the count is then
     * removed, as Laravel's cache key is). A job without a uuid or maxExceptions is not counted.
     */
    public function usedUp(FastQueueJob $job): bool
    {
        $uuid = $job->uuid();
        $max = $job->maxExceptions();
        if ($uuid === null || $max === null) {
            return false;
        }
        $redis = $this->redis();
        $key = 'fastqueue:job-exceptions:'.$uuid;
        $count = (int) $redis->incr($key);
        if ($count >= $max) {
            $redis->del($key);

            return true;
        }
        $redis->expire($key, self::TTL);

        return false;
    }

    /** The queue connection's Redis connection, as Laravel's RedisQueue gets it. */
    private function redis(): Connection
    {
        $name = $this->container['config']->get("queue.connections.{$this->connectionName}.connection");

        return $this->container->make(RedisFactory::class)->connection($name);
    }
}
