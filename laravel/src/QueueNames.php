<?php

namespace FastQueue\Laravel;

use Illuminate\Contracts\Container\Container;
use Throwable;

/**
 * The worker's queues as Laravel names them (--queue, the events, a job's getQueue(), the
 * failed_jobs rows) and as the native worker reads their keys. They are the same names, except
 * on Laravel 13, whose RedisQueue pops a queue from other keys than queues:NAME:
 *
 * - a queue forwarded with Queue::forward('from', 'to') (for this connection, or any) is read
 *   from queues:to, while its jobs still say they came from "from";
 * - on a Redis Cluster a name without a hash tag gets one, queues:{NAME}, so that the queue's
 *   keys share a slot (the native worker refuses such a name; Laravel 12 and earlier leave
 *   it to the application to write the braces).
 *
 * The keys are Laravel's own: its RedisQueue's resolveQueue() for the forward, and Redis
 * Connection::hasHashTag() for the tag, asked without connecting.
 */
final class QueueNames
{
    /** @var list<string> Laravel's names, in the worker's order. */
    public readonly array $laravel;

    /** @var list<string> The native worker's names, in the same order. */
    public readonly array $native;

    /**
     * @param  list<string>  $laravel
     * @param  list<string>  $native
     */
    private function __construct(array $laravel, array $native)
    {
        $this->laravel = $laravel;
        $this->native = $native;
    }

    public static function for(Container $app, string $connectionName, string $queueNames, bool $cluster): self
    {
        $laravel = array_values(array_filter(array_map('trim', explode(',', $queueNames)), fn (string $queue): bool => $queue !== ''));
        $native = $laravel;
        if (! method_exists('Illuminate\\Queue\\RedisQueue', 'getQueueRedisKey')) {
            return new self($laravel, $native);
        }

        $resolve = null;
        try {
            $queue = $app->make('queue')->connection($connectionName);
            if (method_exists($queue, 'resolveQueue')) {
                // Private state: RedisQueue's protected resolveQueue() (13's Queue::forward()).
                // Guard: no source fingerprint; the method exists, and its result is only a
                // queue name (what queue:work reads it from).
                $resolve = fn (string $name) => (string) (fn () => $this->resolveQueue($name))->call($queue);
            }
        } catch (Throwable $e) {
            // No Laravel queue for it (the native worker then reports the connection's error).
        }
        foreach ($native as $i => $name) {
            $name = $resolve ? $resolve($name) : $name;
            if ($cluster && ! \Illuminate\Redis\Connections\Connection::hasHashTag($name)) {
                $name = '{'.$name.'}';
            }
            $native[$i] = $name;
        }

        return new self($laravel, $native);
    }

    /** The queue list for FastQueue\Worker::daemon() and runNextJob(). */
    public function nativeList(): string
    {
        return implode(',', $this->native);
    }

    /**
     * The native names of these Laravel queue names, in the worker's order.
     *
     * @param  list<string>  $names
     * @return list<string>
     */
    public function toNative(array $names): array
    {
        $wanted = array_flip($names);
        $out = [];
        foreach ($this->laravel as $i => $name) {
            if (isset($wanted[$name])) {
                $out[] = $this->native[$i];
            }
        }

        return array_values(array_unique($out));
    }

    /** The Laravel name of the queue a native job came from (the first that reads its keys). */
    public function toLaravel(string $native): string
    {
        $i = array_search($native, $this->native, true);

        return $i === false ? $native : $this->laravel[$i];
    }

    public function differ(): bool
    {
        return $this->native !== $this->laravel;
    }
}
