<?php

namespace FastQueue\Laravel\Dashboard\Data;

use FastQueue\Laravel\Supervisor\Registry;
use Illuminate\Contracts\Foundation\Application;

/**
 * The workers' JSON (docs/dashboard.md, "The JSON"): the live supervisors of the registry with
 * their pools, and every worker that publishes its figures on a shown connection, joined with
 * the supervisor and pool whose pids hold it. A supervisor with no publishing worker is listed
 * all the same, and a worker with no supervisor (a plain fastqueue:work --metrics-publish) has
 * supervisor and pool null.
 */
final class Workers
{
    public function __construct(private Application $app)
    {
    }

    /** @return array<string, mixed> */
    public function build(): array
    {
        $now = microtime(true);
        $registry = Registry::fromConfig($this->app['config'], $this->app['redis']);
        $supervisors = $registry === null ? [] : array_map(fn (array $r) => self::supervisor($r), $registry->supervisors());
        $workers = [];
        $sources = new Sources($this->app);
        foreach ($sources->connections() as $connection) {
            foreach (Publications::read($sources->queue($connection)->getConnection()) as $label => $figures) {
                // Two connections on one Redis share their publications.
                $workers[$label] ??= self::worker($figures, $supervisors, $now);
            }
        }
        usort($workers, fn ($a, $b) => [$a['host'], $a['pid'], $a['id']] <=> [$b['host'], $b['pid'], $b['id']]);

        return ['generated_at' => round($now, 3), 'supervisors' => $supervisors, 'workers' => $workers];
    }

    /**
     * A supervisor's record as the JSON shows it.
     *
     * @param  array<string, mixed>  $r
     * @return array<string, mixed>
     */
    private static function supervisor(array $r): array
    {
        $pools = [];
        foreach ((array) ($r['pools'] ?? []) as $name => $pool) {
            $pools[] = ['name' => (string) $name, 'queues' => array_values(array_map('strval', (array) ($pool['queues'] ?? []))),
                'processes' => isset($pool['processes']) ? (int) $pool['processes'] : null,
                'pids' => array_values(array_map('intval', (array) ($pool['pids'] ?? [])))];
        }

        return ['name' => (string) ($r['name'] ?? ''), 'host' => (string) ($r['host'] ?? ''),
            'pid' => isset($r['pid']) ? (int) $r['pid'] : null, 'state' => $r['state'] ?? null,
            'started' => isset($r['started']) ? (float) $r['started'] : null, 'seen' => (float) $r['seen'], 'pools' => $pools];
    }

    /**
     * @param  list<array<string, mixed>>  $supervisors
     * @return array<string, mixed>
     */
    private static function worker(WorkerFigures $w, array $supervisors, float $now): array
    {
        [$supervisor, $pool] = self::placeOf($w, $supervisors);
        $job = $w->job === null ? null : $w->job + ['running_seconds' => round(max(0.0, $now - $w->job['started']), 3)];

        return [
            'id' => $w->label, 'host' => $w->host, 'pid' => $w->pid,
            'supervisor' => $supervisor, 'pool' => $pool,
            'queues' => $w->queueNames ?? [],
            'state' => $w->state,
            'memory_bytes' => $w->memoryBytes,
            'started' => $w->started,
            'uptime_seconds' => $w->started === null ? null : round(max(0.0, $now - $w->started), 3),
            'seen' => $w->seen,
            'job' => $job,
        ];
    }

    /**
     * The supervisor ("NAME/HOST") and pool whose pids hold the worker: a pool of a supervisor
     * of the worker's host, or, when the worker's host is not a supervisor's (a supervisor
     * given another host name, FASTQUEUE_HOST), the only pool of any supervisor with its pid.
     *
     * @param  list<array<string, mixed>>  $supervisors
     * @return array{?string, ?string}
     */
    private static function placeOf(WorkerFigures $w, array $supervisors): array
    {
        if ($w->pid === null) {
            return [null, null];
        }
        $found = [];
        foreach ($supervisors as $s) {
            foreach ($s['pools'] as $pool) {
                if (in_array($w->pid, $pool['pids'], true)) {
                    $found[] = [$s['name'].'/'.$s['host'], $pool['name'], $s['host'] === $w->host];
                }
            }
        }
        foreach ($found as [$supervisor, $pool, $sameHost]) {
            if ($sameHost) {
                return [$supervisor, $pool];
            }
        }

        return count($found) === 1 ? [$found[0][0], $found[0][1]] : [null, null];
    }
}
