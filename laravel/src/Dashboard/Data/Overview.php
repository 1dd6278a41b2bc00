<?php

namespace FastQueue\Laravel\Dashboard\Data;

use FastQueue\Laravel\Console\MetricsCommand;
use Illuminate\Contracts\Foundation\Application;

/**
 * The overview's JSON (docs/dashboard.md, "The JSON"): totals, a row per queue of each shown
 * connection, and the history's points. build() takes a history snapshot first when the last
 * is older than the interval (under a lock), so the page alone keeps the history going.
 */
final class Overview
{
    public function __construct(private Application $app)
    {
    }

    /** @return array<string, mixed> */
    public function build(): array
    {
        $now = microtime(true);
        $sources = new Sources($this->app);
        $rows = $points = [];
        $publishers = $snapshots = 0;
        $lastPublication = null;
        $interval = $retention = null;
        foreach ($sources->connections() as $connection) {
            [$history, $workers] = $sources->snapshot($connection, $now);
            [$interval, $retention] = [$history->interval, $history->retention];
            $publishers += count($workers);
            $lastPublication = self::max($lastPublication, self::lastPublication($sources->queue($connection)->getConnection()));
            $past = $history->since($now - $history->retention);
            $snapshots = max($snapshots, count($past));
            foreach ($sources->queueNames($connection, $workers, $past) as $queue) {
                $rows[] = $this->row($sources, $connection, $queue, $past, $now);
            }
            foreach ($past as $s) {
                // Two connections on one Redis share their snapshots: each is one point.
                $points[(string) $s['t']] ??= ['t' => $s['t'],
                    'processed' => (int) array_sum(array_column($s['q'], 'processed')),
                    'failed' => (int) array_sum(array_column($s['q'], 'failed'))];
            }
        }
        ksort($points, SORT_NUMERIC);

        return [
            'generated_at' => round($now, 3),
            'stale' => $publishers === 0,
            'stale_reason' => $publishers === 0 ? self::staleReason($sources->connections() !== [], $lastPublication, $now) : null,
            'last_publication' => $lastPublication,
            'history' => ['interval' => $interval, 'retention' => $retention, 'window' => Sources::PERCENTILE_WINDOW, 'snapshots' => $snapshots],
            'totals' => self::totals($rows, $publishers),
            'queues' => $rows,
            'points' => array_values($points),
        ];
    }

    /**
     * @param  list<array{t: float, dt: ?float, q: array<string, array{processed: float, failed: float, released: float, wait: array<string, float>, run: array<string, float>}>}>  $past
     * @return array<string, mixed>
     */
    private function row(Sources $sources, string $connection, string $queue, array $past, float $now): array
    {
        $sizes = QueueSizes::read($sources->queue($connection), $queue, $now, $sources->firstSeen($connection));
        $rate = Window::of($past, $queue, $now - Sources::RATE_WINDOW);
        $spread = Window::of($past, $queue, $now - Sources::PERCENTILE_WINDOW);

        return [
            'connection' => $connection,
            'queue' => $queue,
            'pending' => $sizes['pending'],
            'delayed' => $sizes['delayed'],
            'reserved' => $sizes['reserved'],
            'paused' => $sources->paused($connection, $queue),
            'throughput_per_minute' => $rate->perMinute('processed'),
            'failed_per_minute' => $rate->perMinute('failed'),
            'wait_p50' => self::round(Histogram::quantile($spread->figures['wait'], 0.5)),
            'wait_p95' => self::round(Histogram::quantile($spread->figures['wait'], 0.95)),
            'run_p50' => self::round(Histogram::quantile($spread->figures['run'], 0.5)),
            'run_p95' => self::round(Histogram::quantile($spread->figures['run'], 0.95)),
            'oldest_pending_seconds' => $sizes['oldest_pending_seconds'],
        ];
    }

    /**
     * @param  list<array<string, mixed>>  $rows
     * @return array<string, mixed>
     */
    private static function totals(array $rows, int $publishers): array
    {
        $sum = function (string $key) use ($rows): ?float {
            $known = array_filter(array_column($rows, $key), fn ($v) => $v !== null);

            return $known === [] ? null : round(array_sum($known), 3);
        };
        $longest = null;
        foreach ($rows as $row) {
            if ($row['oldest_pending_seconds'] !== null && ($longest === null || $row['oldest_pending_seconds'] > $longest['seconds'])) {
                $longest = ['connection' => $row['connection'], 'queue' => $row['queue'], 'seconds' => $row['oldest_pending_seconds']];
            }
        }

        return ['jobs_per_minute' => $sum('throughput_per_minute'), 'failed_per_minute' => $sum('failed_per_minute'),
            'processes' => $publishers, 'longest_wait' => $longest];
    }

    /** The time of the last publication of any worker, gone or not; null when none ever published. */
    private static function lastPublication(object $redis): ?float
    {
        $last = (array) $redis->zrevrangebyscore(MetricsCommand::WORKERS_KEY, '+inf', '-inf',
            ['withscores' => true, 'limit' => ['offset' => 0, 'count' => 1]]);

        return $last === [] ? null : (float) reset($last);
    }

    private static function staleReason(bool $connections, ?float $last, float $now): string
    {
        if (! $connections) {
            return 'No Redis queue connection to show (fastqueue.dashboard.connections, queue.default).';
        }

        return $last === null
            ? 'No worker is publishing its figures: run the workers with fastqueue:work --metrics-publish (fastqueue:supervise does).'
            : sprintf('No worker has published its figures for %d s: none runs with --metrics-publish now.', (int) max(0, $now - $last));
    }

    private static function max(?float $a, ?float $b): ?float
    {
        return $a === null ? $b : ($b === null ? $a : max($a, $b));
    }

    private static function round(?float $seconds): ?float
    {
        return $seconds === null ? null : round($seconds, 4);
    }
}
