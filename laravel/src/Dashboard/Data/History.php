<?php

namespace FastQueue\Laravel\Dashboard\Data;

/**
 * The dashboard's history on one Redis connection: snapshots of what the workers did, taken
 * every interval and kept for the retention, so that rates and percentiles outlive the workers
 * whose counters they come from (a worker's publication vanishes when it ends).
 *
 * A snapshot holds, per queue, what happened since the previous one: the jobs processed, failed
 * and released, and the wait and run time buckets, as deltas of the workers' cumulative counters
 * against the totals each worker had at the previous snapshot (kept in a hash, by worker
 * label). What a worker did after the last snapshot before it ended is lost. Keys, under the
 * connection's prefix, in one hash tag for Cluster:
 *
 * - "fastqueue:{dashboard}:history": a sorted set of snapshots (JSON), scored by their time;
 * - "fastqueue:{dashboard}:totals": a hash of each live worker's last totals (JSON);
 * - "fastqueue:{dashboard}:snapshot-lock": held while one process takes a snapshot.
 */
final class History
{
    public const HISTORY_KEY = 'fastqueue:{dashboard}:history';

    public const TOTALS_KEY = 'fastqueue:{dashboard}:totals';

    public const LOCK_KEY = 'fastqueue:{dashboard}:snapshot-lock';

    /**
     * A snapshot is due once the last is this share of an interval old, so that a watcher that
     * wakes every interval does not skip one for being a few milliseconds early.
     */
    private const DUE_SHARE = 0.9;

    /** @param  object  $redis  a Laravel Redis connection (it adds the prefix itself) */
    public function __construct(private object $redis, public readonly float $interval, public readonly float $retention)
    {
    }

    /**
     * Takes a snapshot of $workers when the last one is older than the interval (or there is
     * none), under the lock: of several processes that find it due, one takes it, then runs
     * $also, still under the lock. Returns whether this call took one.
     *
     * @param  array<string, WorkerFigures>  $workers  the live publications
     */
    public function snapshotIfDue(array $workers, float $now, ?callable $also = null): bool
    {
        if (! $this->due($now)) {
            return false;
        }
        $taken = false;
        (new RedisLock($this->redis, self::LOCK_KEY, 10000))->run(function () use ($workers, $now, $also, &$taken) {
            // Another process may have taken it between the check and the lock.
            if ($this->due($now)) {
                $this->snapshot($workers, $now);
                $taken = true;
                if ($also !== null) {
                    $also();
                }
            }
        });

        return $taken;
    }

    /** The time of the last snapshot, null when there is none. */
    public function last(): ?float
    {
        $last = (array) $this->redis->zrevrangebyscore(self::HISTORY_KEY, '+inf', '-inf',
            ['withscores' => true, 'limit' => ['offset' => 0, 'count' => 1]]);

        return $last === [] ? null : (float) reset($last);
    }

    /**
     * The snapshots taken after $since, oldest first, each {t, dt (seconds it covers, null for
     * the first of a history), q: {queue: {processed, failed, released, wait, run}}}.
     *
     * @return list<array{t: float, dt: ?float, q: array<string, array{processed: float, failed: float, released: float, wait: array<string, float>, run: array<string, float>}>}>
     */
    public function since(float $since): array
    {
        $snapshots = [];
        foreach ((array) $this->redis->zrangebyscore(self::HISTORY_KEY, '('.$since, '+inf') as $member) {
            $s = json_decode((string) $member, true);
            if (is_array($s) && isset($s['t'])) {
                $snapshots[] = ['t' => (float) $s['t'], 'dt' => isset($s['dt']) ? (float) $s['dt'] : null, 'q' => self::queues($s['q'] ?? [])];
            }
        }

        return $snapshots;
    }

    private function due(float $now): bool
    {
        $last = $this->last();

        return $last === null || $now - $last >= $this->interval * self::DUE_SHARE;
    }

    /** @param  array<string, WorkerFigures>  $workers */
    private function snapshot(array $workers, float $now): void
    {
        $previous = $this->last();
        $totals = (array) $this->redis->hgetall(self::TOTALS_KEY);
        $queues = [];
        foreach ($workers as $label => $worker) {
            $before = isset($totals[$label]) ? json_decode((string) $totals[$label], true) : null;
            foreach ($this->workerDelta($worker, is_array($before) ? $before : null, $previous) as $queue => $delta) {
                $queues[$queue] = self::addQueue($queues[$queue] ?? WorkerFigures::emptyQueue(), $delta);
            }
            $this->redis->hset(self::TOTALS_KEY, $label, (string) json_encode(['started' => $worker->started, 'q' => $worker->queues]));
        }
        // Workers that no longer publish: their last partial interval is lost with them.
        $gone = array_diff(array_map('strval', array_keys($totals)), array_map('strval', array_keys($workers)));
        if ($gone !== []) {
            $this->redis->hdel(self::TOTALS_KEY, ...array_values($gone));
        }
        $snapshot = ['t' => round($now, 6), 'dt' => $previous === null ? null : round($now - $previous, 6), 'q' => $queues];
        $this->redis->zadd(self::HISTORY_KEY, $now, (string) json_encode($snapshot, JSON_PRESERVE_ZERO_FRACTION));
        $this->redis->zremrangebyscore(self::HISTORY_KEY, '-inf', '('.($now - $this->retention));
    }

    /**
     * What $worker did since the previous snapshot, per queue. A worker seen before (same start
     * time, no counter gone down) counts its counters' growth; one not seen before counts all of
     * them when it started after the previous snapshot, else none (it ran before the history
     * knew it: what it did is not placed in time), and is the baseline of the next.
     *
     * @param  ?array<string, mixed>  $before
     * @return array<string, array{processed: float, failed: float, released: float, wait: array<string, float>, run: array<string, float>}>
     */
    private function workerDelta(WorkerFigures $worker, ?array $before, ?float $previous): array
    {
        if ($before !== null && ($before['started'] ?? null) == $worker->started) {
            $deltas = self::deltas($worker->queues, self::queues($before['q'] ?? []));
            if ($deltas !== null) {
                return $deltas;
            }
        }
        $new = $previous !== null && $worker->started !== null && $worker->started >= $previous;

        return $new ? $worker->queues : [];
    }

    /**
     * @param  array<string, array{processed: float, failed: float, released: float, wait: array<string, float>, run: array<string, float>}>  $now
     * @param  array<string, array{processed: float, failed: float, released: float, wait: array<string, float>, run: array<string, float>}>  $before
     * @return ?array<string, array{processed: float, failed: float, released: float, wait: array<string, float>, run: array<string, float>}>
     */
    private static function deltas(array $now, array $before): ?array
    {
        $deltas = [];
        foreach ($now as $queue => $q) {
            $b = $before[$queue] ?? WorkerFigures::emptyQueue();
            $d = ['processed' => $q['processed'] - $b['processed'], 'failed' => $q['failed'] - $b['failed'],
                'released' => $q['released'] - $b['released'],
                'wait' => Histogram::delta($q['wait'], $b['wait']), 'run' => Histogram::delta($q['run'], $b['run'])];
            if ($d['processed'] < 0 || $d['failed'] < 0 || $d['released'] < 0 || $d['wait'] === null || $d['run'] === null) {
                return null;
            }
            if ($d['processed'] + $d['failed'] + $d['released'] > 0 || Histogram::counts($d['wait']) || Histogram::counts($d['run'])) {
                $deltas[$queue] = $d;
            }
        }

        return $deltas;
    }

    /**
     * @param  array{processed: float, failed: float, released: float, wait: array<string, float>, run: array<string, float>}  $a
     * @param  array{processed: float, failed: float, released: float, wait: array<string, float>, run: array<string, float>}  $b
     * @return array{processed: float, failed: float, released: float, wait: array<string, float>, run: array<string, float>}
     */
    public static function addQueue(array $a, array $b): array
    {
        return ['processed' => $a['processed'] + $b['processed'], 'failed' => $a['failed'] + $b['failed'],
            'released' => $a['released'] + $b['released'],
            'wait' => Histogram::add($a['wait'], $b['wait']), 'run' => Histogram::add($a['run'], $b['run'])];
    }

    /**
     * Per-queue figures read back from JSON, each field typed.
     *
     * @return array<string, array{processed: float, failed: float, released: float, wait: array<string, float>, run: array<string, float>}>
     */
    private static function queues(mixed $json): array
    {
        $queues = [];
        foreach (is_array($json) ? $json : [] as $queue => $q) {
            $queues[(string) $queue] = [
                'processed' => (float) ($q['processed'] ?? 0), 'failed' => (float) ($q['failed'] ?? 0),
                'released' => (float) ($q['released'] ?? 0),
                'wait' => array_map('floatval', (array) ($q['wait'] ?? [])), 'run' => array_map('floatval', (array) ($q['run'] ?? [])),
            ];
        }

        return $queues;
    }
}
