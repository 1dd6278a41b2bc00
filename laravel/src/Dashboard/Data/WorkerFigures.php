<?php

namespace FastQueue\Laravel\Dashboard\Data;

use FastQueue\Laravel\Metrics\Exposition;

/**
 * One worker's publication (the exposition fastqueue:work --metrics-publish writes to Redis)
 * read into what the dashboard shows and keeps: per queue its job counters and its wait and
 * run time buckets (cumulative since the worker started), and the worker's info, state,
 * memory and current job. Every family is optional: a worker older than the dashboard
 * publishes no info, state, memory or current job, and those are then null.
 */
final class WorkerFigures
{
    /**
     * @param  array<string, array{processed: float, failed: float, released: float, wait: array<string, float>, run: array<string, float>}>  $queues  by queue name
     * @param  ?list<string>  $queueNames  the queues it works, in its order (its info sample)
     * @param  ?array{name: string, uuid: ?string, queue: ?string, started: float}  $job
     */
    public function __construct(
        public readonly string $label,
        public readonly float $seen,
        public readonly array $queues,
        public readonly ?string $host,
        public readonly ?int $pid,
        public readonly ?array $queueNames,
        public readonly ?string $state,
        public readonly ?int $memoryBytes,
        public readonly ?float $started,
        public readonly ?array $job,
    ) {
    }

    /** A worker's figures from its exposition $text, published at $seen (the set's score). */
    public static function parse(string $label, float $seen, string $text): self
    {
        $queues = [];
        $info = $job = null;
        $states = [];
        $memory = $started = $running = null;
        foreach (Exposition::samples($text) as ['name' => $name, 'labels' => $l, 'value' => $v]) {
            $queue = $l['queue'] ?? null;
            switch ($name) {
                case 'fastqueue_jobs_total':
                    if ($queue !== null && in_array($l['outcome'] ?? '', ['processed', 'failed', 'released'], true)) {
                        $queues[$queue] ??= self::emptyQueue();
                        $queues[$queue][$l['outcome']] += $v;
                    }
                    break;
                case 'fastqueue_job_wait_seconds_bucket':
                case 'fastqueue_job_run_seconds_bucket':
                    if ($queue !== null && isset($l['le'])) {
                        $queues[$queue] ??= self::emptyQueue();
                        $queues[$queue][str_contains($name, 'wait') ? 'wait' : 'run'][$l['le']] = $v;
                    }
                    break;
                case 'fastqueue_worker_info':
                    $info = $l;
                    break;
                case 'fastqueue_worker_state':
                    $states[$l['state'] ?? ''] = $v;
                    break;
                case 'fastqueue_worker_memory_bytes':
                    $memory = (int) $v;
                    break;
                case 'fastqueue_worker_start_time_seconds':
                    $started = $v;
                    break;
                case 'fastqueue_jobs_running':
                    $running = $v > 0;
                    break;
                case 'fastqueue_job_started_time_seconds':
                    $job = ['name' => $l['job'] ?? '', 'uuid' => $l['uuid'] ?? null, 'queue' => $queue, 'started' => $v];
                    break;
            }
        }
        [$host, $pid] = self::hostAndPid($label, $info);

        return new self($label, $seen, $queues, $host, $pid, self::queueNames($info, $queues),
            self::state($states, $running), $memory, $started, $job);
    }

    /** @return array{processed: float, failed: float, released: float, wait: array<string, float>, run: array<string, float>} */
    public static function emptyQueue(): array
    {
        return ['processed' => 0.0, 'failed' => 0.0, 'released' => 0.0, 'wait' => [], 'run' => []];
    }

    /**
     * The host and pid from the info sample, else from a label of the default form HOST:PID.
     *
     * @param  ?array<string, string>  $info
     * @return array{?string, ?int}
     */
    private static function hostAndPid(string $label, ?array $info): array
    {
        if ($info !== null && isset($info['host'], $info['pid']) && ctype_digit($info['pid'])) {
            return [$info['host'], (int) $info['pid']];
        }
        if (preg_match('/^(.+):(\d+)$/', $label, $m)) {
            return [$m[1], (int) $m[2]];
        }

        return [null, null];
    }

    /**
     * @param  ?array<string, string>  $info
     * @param  array<string, mixed>  $queues
     * @return ?list<string>
     */
    private static function queueNames(?array $info, array $queues): ?array
    {
        if (isset($info['queues'])) {
            return array_values(array_filter(explode(',', $info['queues']), fn ($q) => $q !== ''));
        }

        return $queues === [] ? null : array_map('strval', array_keys($queues));
    }

    /**
     * The state whose sample is 1 (busy, idle, paused); without state samples, busy or idle
     * from fastqueue_jobs_running, which every worker publishes; else null.
     *
     * @param  array<string, float>  $states
     */
    private static function state(array $states, ?bool $running): ?string
    {
        foreach ($states as $state => $value) {
            if ($value > 0 && $state !== '') {
                return $state;
            }
        }

        return $running === null ? null : ($running ? 'busy' : 'idle');
    }
}
