<?php

namespace FastQueue\Laravel\Dashboard\Alerts;

use FastQueue\Laravel\Dashboard\Data\FirstSeen;
use FastQueue\Laravel\Dashboard\Data\QueueSizes;
use FastQueue\Laravel\Dashboard\Data\RedisLock;
use FastQueue\Laravel\Dashboard\Data\Sources;
use FastQueue\Laravel\Events\LongWaitDetected;
use FastQueue\Laravel\Events\LongWaitRecovered;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Contracts\Foundation\Application;
use Illuminate\Notifications\AnonymousNotifiable;
use Throwable;

/**
 * The long-wait alerts: each threshold's queue judged on its measured wait, the age of its
 * oldest due job (QueueSizes), under a lock in Redis so that of several watchers (one per host)
 * one evaluates at a time, with each queue's state kept in Redis so that over any number of
 * hosts and runs a queue raises at most one LongWaitDetected per fastqueue.alerts.interval
 * while its wait stays over, and one LongWaitRecovered when it falls back under.
 *
 * Keys, under the queue connection's prefix: "fastqueue:{dashboard}:alerts" (a hash of
 * "CONNECTION:QUEUE" => {alerting, since, last_alert}) and "fastqueue:{dashboard}:alerts-lock".
 */
final class WaitAlerts
{
    public const STATE_KEY = 'fastqueue:{dashboard}:alerts';

    public const LOCK_KEY = 'fastqueue:{dashboard}:alerts-lock';

    public function __construct(private Application $app)
    {
    }

    /**
     * Evaluates every threshold once; returns the events raised. A connection whose lock another
     * process holds is left to it.
     *
     * @return list<LongWaitDetected|LongWaitRecovered>
     */
    public function evaluate(): array
    {
        $config = $this->app['config'];
        $interval = max(0.0, (float) $config->get('fastqueue.alerts.interval', 300));
        $byConnection = [];
        foreach (Thresholds::read($config) as $t) {
            $byConnection[$t['connection']][] = $t;
        }
        $sources = new Sources($this->app);
        $raised = [];
        foreach ($byConnection as $connection => $thresholds) {
            $queue = $sources->queue($connection);
            $redis = $queue->getConnection();
            $seen = $sources->firstSeen($connection);
            (new RedisLock($redis, self::LOCK_KEY, 10000))->run(function () use ($redis, $queue, $seen, $thresholds, $interval, &$raised) {
                foreach ($thresholds as $t) {
                    // The time is read under the lock: a round that waited for it must not
                    // judge with a time older than the last judgement's.
                    $event = $this->judge($redis, $queue, $seen, $t, $interval, microtime(true));
                    if ($event !== null) {
                        $raised[] = $event;
                    }
                }
            });
        }
        foreach ($raised as $event) {
            $this->announce($event);
        }

        return $raised;
    }

    /**
     * One queue's turn: its state moved on by its measured wait, and the event that raises, if
     * any. An unknown wait (a head job without createdAt that no snapshot has seen yet) changes
     * nothing.
     *
     * @param  array{connection: string, queue: string, seconds: float}  $t
     */
    private function judge(object $redis, object $queue, FirstSeen $seen, array $t, float $interval, float $now): LongWaitDetected|LongWaitRecovered|null
    {
        $wait = self::measuredWait($queue, $seen, $t['queue'], $now);
        if ($wait === null) {
            return null;
        }
        $field = $t['connection'].':'.$t['queue'];
        $state = json_decode((string) $redis->hget(self::STATE_KEY, $field), true);
        $state = is_array($state) ? $state : ['alerting' => false, 'since' => null, 'last_alert' => null];
        $event = null;
        if ($wait > $t['seconds']) {
            $state['since'] ??= $now;
            if ($state['last_alert'] === null || $now - (float) $state['last_alert'] >= $interval) {
                $event = new LongWaitDetected($t['connection'], $t['queue'], $wait, $t['seconds'], (float) $state['since'], $now);
                $state['alerting'] = true;
                $state['last_alert'] = $now;
            }
        } else {
            if ($state['alerting']) {
                $event = new LongWaitRecovered($t['connection'], $t['queue'], $wait, $t['seconds'], (float) $state['since'], $now);
            }
            // The last alert's time stays: a wait that goes over again within the interval
            // raises no second alert.
            $state['alerting'] = false;
            $state['since'] = null;
        }
        $redis->hset(self::STATE_KEY, $field, (string) json_encode($state));

        return $event;
    }

    /**
     * The queue's measured wait: the oldest due job's age, 0 for a queue with no job waiting,
     * null when the head job does not say when it was pushed and no snapshot has seen it.
     */
    private static function measuredWait(object $queue, FirstSeen $seen, string $name, float $now): ?float
    {
        $sizes = QueueSizes::read($queue, $name, $now, $seen);
        if ($sizes['oldest_pending_seconds'] !== null) {
            return $sizes['oldest_pending_seconds'];
        }

        return $sizes['pending'] === 0 ? 0.0 : null;
    }

    /** The event, then the notification to the configured routes; a failed send is reported, not thrown. */
    private function announce(LongWaitDetected|LongWaitRecovered $event): void
    {
        $this->app['events']->dispatch($event);
        $routes = (array) $this->app['config']->get('fastqueue.alerts.notify', []);
        if ($routes === []) {
            return;
        }
        try {
            $notifiable = new AnonymousNotifiable;
            foreach ($routes as $channel => $route) {
                $notifiable->route((string) $channel, $route);
            }
            $notifiable->notify(new LongWaitNotification($event));
        } catch (Throwable $e) {
            $this->app[ExceptionHandler::class]->report($e);
        }
    }
}
