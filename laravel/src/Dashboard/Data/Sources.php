<?php

namespace FastQueue\Laravel\Dashboard\Data;

use FastQueue\Laravel\Dashboard\Alerts\Thresholds;
use FastQueue\Laravel\Supervisor\Registry;
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
     * The queues to show: the connection's default queue, the queues its threshold names, the
     * supervisors' queues (from their records, on the registry's connection), the queues the
     * workers work or have figures for, and those the history has figures for; in that order
     * first seen.
     *
     * @param  array<string, WorkerFigures>  $workers
     * @param  list<array{t: float, dt: ?float, q: array<string, mixed>}>  $past
     * @return list<string>
     */
    public function queueNames(string $connection, array $workers, array $past): array
    {
        $config = $this->app['config'];
        $names = array_merge([$this->defaultQueue($connection)], Thresholds::queuesOf($config, $connection));
        $registry = Registry::fromConfig($config, $this->app['redis']);
        if ($registry !== null && $registry->connectionName === $this->redisName($connection)) {
            foreach ($registry->supervisors() as $record) {
                foreach ((array) ($record['pools'] ?? []) as $pool) {
                    $names = array_merge($names, array_map('strval', (array) ($pool['queues'] ?? [])));
                }
            }
        }
        foreach ($workers as $worker) {
            $names = array_merge($names, $worker->queueNames ?? [], array_map('strval', array_keys($worker->queues)));
        }
        foreach ($past as $s) {
            $names = array_merge($names, array_map('strval', array_keys($s['q'])));
        }

        return array_values(array_unique(array_filter($names, fn ($n) => $n !== '')));
    }

    /** The first-seen stand-ins of $connection's queues (for heads without createdAt). */
    public function firstSeen(string $connection): FirstSeen
    {
        $queue = $this->queue($connection);

        return new FirstSeen($queue->getConnection(), $connection, $this->history($queue->getConnection())->retention);
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
     * the workers' live publications]. A snapshot also notes the jobs at the ends of the shown
     * queues of every shown connection on the same Redis (they share the snapshot), under its lock.
     *
     * @return array{History, array<string, WorkerFigures>}
     */
    public function snapshot(string $connection, float $now): array
    {
        $redis = $this->queue($connection)->getConnection();
        $workers = Publications::read($redis);
        $history = $this->history($redis);
        $history->snapshotIfDue($workers, $now, function () use ($connection, $workers, $history, $now) {
            $past = $history->since($now - $history->retention);
            foreach ($this->connections() as $other) {
                if ($this->redisName($other) === $this->redisName($connection)) {
                    $seen = $this->firstSeen($other);
                    foreach ($this->queueNames($other, $workers, $past) as $name) {
                        $seen->record($this->queue($other), $name, $now);
                    }
                }
            }
        });

        return [$history, $workers];
    }

    /** The Redis connection (config/database.php) a queue connection uses. */
    private function redisName(string $connection): string
    {
        return (string) ($this->app['config']->get("queue.connections.{$connection}.connection") ?? 'default');
    }
}
