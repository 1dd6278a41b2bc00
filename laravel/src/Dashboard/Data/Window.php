<?php

namespace FastQueue\Laravel\Dashboard\Data;

/**
 * One queue's figures summed over the snapshots taken after a time: the jobs counted and the
 * merged buckets, and the seconds those snapshots cover (each covers the time since the one
 * before it; the first of a history covers none and counts nothing).
 */
final class Window
{
    /** @param  array{processed: float, failed: float, released: float, wait: array<string, float>, run: array<string, float>}  $figures */
    private function __construct(public readonly array $figures, public readonly float $seconds)
    {
    }

    /** @param  list<array{t: float, dt: ?float, q: array<string, array{processed: float, failed: float, released: float, wait: array<string, float>, run: array<string, float>}>}>  $snapshots */
    public static function of(array $snapshots, string $queue, float $since): self
    {
        $figures = WorkerFigures::emptyQueue();
        $seconds = 0.0;
        foreach ($snapshots as $s) {
            if ($s['t'] <= $since || $s['dt'] === null) {
                continue;
            }
            $seconds += $s['dt'];
            if (isset($s['q'][$queue])) {
                $figures = History::addQueue($figures, $s['q'][$queue]);
            }
        }

        return new self($figures, $seconds);
    }

    /** The count $key per minute over the window; null when the window covers no time. */
    public function perMinute(string $key): ?float
    {
        return $this->seconds > 0 ? round($this->figures[$key] * 60 / $this->seconds, 3) : null;
    }
}
