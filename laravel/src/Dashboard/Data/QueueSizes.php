<?php

namespace FastQueue\Laravel\Dashboard\Data;

/**
 * A queue's sizes and the wait of its oldest due job, read with the keys of the queue
 * connection's own RedisQueue (getQueue(): "queues:NAME", on Laravel 13 with the queue's hash
 * tag when it has one): pending (LLEN), delayed (ZCARD :delayed), reserved (ZCARD :reserved).
 *
 * The oldest due job is the older of the list's head (due at its payload's createdAt plus its
 * delay; Laravel 12 and later write createdAt, in whole seconds) and the oldest delayed job
 * whose time has come (due at its score), as the supervisor reads it (docs/supervisor.md, "The
 * wait"). A head without createdAt (Laravel before 12, FastQueue\RedisQueue::push()) is due
 * when a history snapshot first saw it (FirstSeen): a low bound; null when none has seen it yet.
 */
final class QueueSizes
{
    /**
     * @param  object  $queue  the connection's Illuminate\Queue\RedisQueue
     * @param  ?FirstSeen  $seen  the connection's sightings, for a head without createdAt
     * @return array{pending: int, delayed: int, reserved: int, oldest_pending_seconds: ?float}
     */
    public static function read(object $queue, string $name, float $now, ?FirstSeen $seen = null): array
    {
        $redis = $queue->getConnection();
        $key = $queue->getQueue($name);
        $head = $redis->lindex($key, 0);
        $due = (array) $redis->zrangebyscore($key.':delayed', '-inf', (string) floor($now),
            ['withscores' => true, 'limit' => ['offset' => 0, 'count' => 1]]);
        $oldest = null;
        if (is_string($head)) {
            $oldest = self::createdDue($head) ?? $seen?->since($name, $head);
        }
        if ($due !== []) {
            $score = (float) reset($due);
            $oldest = $oldest === null ? $score : min($oldest, $score);
        }

        // Nothing due waits: an empty queue's wait is 0, not unknown.
        if (! is_string($head) && $due === []) {
            $oldest = $now;
        }

        return [
            'pending' => (int) $redis->llen($key),
            'delayed' => (int) $redis->zcard($key.':delayed'),
            'reserved' => (int) $redis->zcard($key.':reserved'),
            'oldest_pending_seconds' => $oldest === null ? null : round(max(0.0, $now - $oldest), 3),
        ];
    }

    /** When a pushed payload became due: createdAt plus a positive integer delay; null without createdAt. */
    public static function createdDue(string $payload): ?float
    {
        $job = json_decode($payload, true);
        if (! is_array($job) || ! is_int($job['createdAt'] ?? null)) {
            return null;
        }
        $delay = $job['delay'] ?? null;

        return (float) ($job['createdAt'] + (is_int($delay) && $delay > 0 ? $delay : 0));
    }
}
