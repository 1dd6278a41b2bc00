<?php

namespace FastQueue\Laravel\Dashboard\Data;

use Illuminate\Contracts\Foundation\Application;

/**
 * The queue connections the dashboard shows (fastqueue.dashboard.connections: null for
 * queue.default alone, or a list), their RedisQueues, and its settings read once. A connection
 * that is not a Redis one is left out.
 */
final class Sources
{
    /** Seconds of history behind the per-minute rates. */
    public const RATE_WINDOW = 60.0;

    /** Seconds of history behind the percentiles. */
    public const PERCENTILE_WINDOW = 300.0;

    public function __construct(private Application $app)
    {
    }

    /** @return list<string> */
    public function connections(): array
    {
        $config = $this->app['config'];
        $names = $config->get('fastqueue.dashboard.connections') ?? [$config->get('queue.default')];
        $redis = [];
        foreach ((array) $names as $name) {
            if (($config->get("queue.connections.{$name}.driver")) === 'redis') {
                $redis[] = (string) $name;
            }
        }

        return array_values(array_unique($redis));
    }

    /** The connection's Illuminate\Queue\RedisQueue. */
    public function queue(string $connection): object
    {
        return $this->app['queue']->connection($connection);
    }

    /** The connection's default queue. */
    public function defaultQueue(string $connection): string
    {
        return (string) ($this->app['config']->get("queue.connections.{$connection}.queue") ?? 'default');
    }

    public function history(object $redis): History
    {
        $config = $this->app['config'];

        return new History($redis,
            max(0.1, (float) $config->get('fastqueue.dashboard.history.interval', 10)),
            max(1.0, (float) $config->get('fastqueue.dashboard.history.retention', 3600)));
    }

    /**
     * Whether the queue is paused (Laravel 12 and later: the queue manager's isPaused()); null
     * where the running version has no pause.
     */
    public function paused(string $connection, string $queue): ?bool
    {
        $manager = $this->app['queue'];

        return method_exists($manager, 'isPaused') ? (bool) $manager->isPaused($connection, $queue) : null;
    }

    /**
     * The history of $connection with a snapshot taken first when one is due; [the history,
     * the workers' live publications].
     *
     * @return array{History, array<string, WorkerFigures>}
     */
    public function snapshot(string $connection, float $now): array
    {
        $redis = $this->queue($connection)->getConnection();
        $workers = Publications::read($redis);
        $history = $this->history($redis);
        $history->snapshotIfDue($workers, $now);

        return [$history, $workers];
    }
}
