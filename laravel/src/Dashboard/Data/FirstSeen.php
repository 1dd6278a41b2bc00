<?php

namespace FastQueue\Laravel\Dashboard\Data;

/**
 * The first-seen stand-in for the wait of a head job whose payload does not say when it was
 * pushed (no createdAt: Laravel before 12, FastQueue\RedisQueue::push()), as the supervisor
 * keeps it in memory (docs/supervisor.md, "The wait"), here in Redis so that every host and
 * page share it. At each history snapshot (under its lock) record() reads the list's last job
 * (LINDEX -1: pushed by now) and its head (LINDEX 0), and remembers, per queue, the last
 * TAIL_SIGHTINGS distinct jobs seen at the tail and the head job with the time it was first
 * seen: at the tail before, else at the head now. A job is told by its uuid, else its id, else
 * a hash of its bytes.
 *
 * Key, under the queue connection's prefix: "fastqueue:{dashboard}:seen:CONNECTION:QUEUE", a
 * hash {head: {job, since}, tail: [[job, since], ...]}, expiring with the history's retention
 * after the last snapshot that wrote it, removed when the list is empty.
 */
final class FirstSeen
{
    public const KEY_PREFIX = 'fastqueue:{dashboard}:seen:';

    /** Distinct jobs remembered at a queue's tail. */
    public const TAIL_SIGHTINGS = 64;

    /** @param  object  $redis  the queue connection's Laravel Redis connection */
    public function __construct(private object $redis, private string $connection, private float $retention)
    {
    }

    /**
     * Notes the jobs at the tail and the head of queue $name (of the RedisQueue $queue) as seen
     * at $now, unless seen before; payloads with createdAt need no sighting.
     */
    public function record(object $queue, string $name, float $now): void
    {
        $list = $queue->getQueue($name);
        $head = $this->redis->lindex($list, 0);
        $key = $this->key($name);
        if (! is_string($head)) {
            $this->redis->del($key);

            return;
        }
        $tail = $this->redis->lindex($list, -1);
        $needHead = QueueSizes::createdDue($head) === null;
        $needTail = is_string($tail) && QueueSizes::createdDue($tail) === null;
        if (! $needHead && ! $needTail) {
            return;
        }
        $memory = $this->memory($name);
        if ($needTail) {
            $memory['tail'] = self::sawTail($memory['tail'], self::identity((string) $tail), $now);
        }
        if ($needHead) {
            $job = self::identity($head);
            if (($memory['head']['job'] ?? null) !== $job) {
                $memory['head'] = ['job' => $job, 'since' => self::atTail($memory['tail'], $job) ?? $now];
            }
        }
        $this->redis->hmset($key, ['head' => (string) json_encode($memory['head']), 'tail' => (string) json_encode($memory['tail'])]);
        $this->redis->expire($key, (int) ceil($this->retention));
    }

    /**
     * When the head job $payload of queue $name was first seen (at the head, or earlier at the
     * tail), null when no snapshot has seen it yet.
     */
    public function since(string $name, string $payload): ?float
    {
        $memory = $this->memory($name);
        $job = self::identity($payload);
        if (($memory['head']['job'] ?? null) === $job) {
            return (float) $memory['head']['since'];
        }

        return self::atTail($memory['tail'], $job);
    }

    /** A job's identity: its uuid, else its id, else a hash of its bytes. */
    public static function identity(string $payload): string
    {
        $job = json_decode($payload, true);
        foreach (['uuid', 'id'] as $field) {
            if (is_array($job) && (is_string($job[$field] ?? null) || is_int($job[$field] ?? null))) {
                return $field.':'.$job[$field];
            }
        }

        return 'sha1:'.sha1($payload);
    }

    private function key(string $name): string
    {
        return self::KEY_PREFIX.$this->connection.':'.$name;
    }

    /** @return array{head: ?array{job: string, since: float}, tail: list<array{0: string, 1: float}>} */
    private function memory(string $name): array
    {
        $stored = (array) $this->redis->hmget($this->key($name), ['head', 'tail']);
        $head = json_decode((string) ($stored[0] ?? ''), true);
        $tail = json_decode((string) ($stored[1] ?? ''), true);
        $sightings = [];
        foreach (is_array($tail) ? $tail : [] as $t) {
            if (is_array($t) && isset($t[0], $t[1])) {
                $sightings[] = [(string) $t[0], (float) $t[1]];
            }
        }

        return [
            'head' => is_array($head) && isset($head['job'], $head['since']) ? ['job' => (string) $head['job'], 'since' => (float) $head['since']] : null,
            'tail' => $sightings,
        ];
    }

    /**
     * @param  list<array{0: string, 1: float}>  $tail
     * @return list<array{0: string, 1: float}>
     */
    private static function sawTail(array $tail, string $job, float $now): array
    {
        if ($tail !== [] && $tail[count($tail) - 1][0] === $job) {
            return $tail;
        }
        $tail[] = [$job, $now];

        return array_slice($tail, -self::TAIL_SIGHTINGS);
    }

    /** @param  list<array{0: string, 1: float}>  $tail */
    private static function atTail(array $tail, string $job): ?float
    {
        foreach ($tail as [$seen, $at]) {
            if ($seen === $job) {
                return $at;
            }
        }

        return null;
    }
}
