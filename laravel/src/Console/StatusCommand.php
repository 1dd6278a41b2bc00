<?php

namespace FastQueue\Laravel\Console;

use FastQueue\Laravel\Supervisor\Fleet;
use FastQueue\Laravel\Supervisor\Registry;
use Illuminate\Console\Command;
use Symfony\Component\Console\Output\OutputInterface;
use Throwable;

/**
 * php artisan fastqueue:status [--json]: the live supervisors of the registry (Registry), each
 * with its groups, pools and queues as its last heartbeat recorded them, and each worker busy or
 * idle as its last published metrics say. Tables for people; with --json the same as one JSON
 * document (docs/laravel.md, "fastqueue:status").
 */
class StatusCommand extends Command
{
    /**
     * @var string
     */
    protected $signature = 'fastqueue:status
                            {--json : Print the status as JSON}';

    /**
     * @var string
     */
    protected $description = 'Show the FastQueue supervisors, their pools and processes, and the backlog and wait of each queue';

    /** @return int */
    public function handle()
    {
        $registry = null;
        try {
            $registry = Registry::fromConfig($this->laravel['config'], $this->laravel['redis']);
            $status = $registry === null ? null : $this->read($registry);
        } catch (Throwable $e) {
            return $this->failWith('Cannot read the supervisors from Redis connection ['
                .($registry->connectionName ?? Registry::connectionName($this->laravel['config'])).']: '.get_class($e).': '.$e->getMessage());
        }
        if ($status === null) {
            return $this->failWith('No Redis connection for the supervisors: set fastqueue.supervisors.connection, or make the default queue connection a redis one.');
        }

        if ($this->option('json')) {
            $this->output->writeln((string) json_encode($status, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION), OutputInterface::OUTPUT_RAW);

            return 0;
        }
        if ($status['supervisors'] === []) {
            $this->line('No FastQueue supervisor is running (Redis connection ['.$status['connection'].']).');

            return 0;
        }
        foreach ($status['supervisors'] as $supervisor) {
            $this->show($supervisor, $status['time']);
        }

        return 0;
    }

    /**
     * The document --json prints: each live supervisor's record as it wrote it, with "seen"
     * (its last heartbeat) and, in each pool, "workers": [{"pid", "state": busy|idle|unknown}]
     * (the watcher's pool: "watching").
     *
     * @return array{connection: string, time: float, supervisors: list<array<string, mixed>>}
     */
    private function read(Registry $registry): array
    {
        $supervisors = array_map(fn (array $s) => $this->withWorkers($registry, $s), $registry->supervisors());

        return ['connection' => $registry->connectionName, 'time' => round(microtime(true), 6), 'supervisors' => $supervisors];
    }

    /**
     * A record with each pool's workers busy, idle or unknown, and its empty maps kept JSON
     * objects.
     *
     * @param  array<string, mixed>  $s
     * @return array<string, mixed>
     */
    private function withWorkers(Registry $registry, array $s): array
    {
        $pools = is_array($s['pools'] ?? null) ? $s['pools'] : [];
        $pidsOf = fn (mixed $pool) => array_map('intval', array_values((array) ($pool['pids'] ?? [])));
        $busy = $registry->busy((string) ($s['host'] ?? ''), array_merge(...array_values(array_map($pidsOf, $pools))));
        foreach ($pools as $name => $pool) {
            // The watcher (fastqueue:watch --loop) runs no job and publishes no figures.
            $s['pools'][$name]['workers'] = array_map(fn (int $pid) => [
                'pid' => $pid,
                'state' => $name === Fleet::WATCHER_POOL ? 'watching' : match ($busy[$pid] ?? null) { true => 'busy', false => 'idle', null => 'unknown' },
            ], $pidsOf($pool));
        }
        foreach (['groups', 'pools', 'queues'] as $key) {
            if (($s[$key] ?? null) === []) {
                $s[$key] = new \stdClass;
            }
        }

        return $s;
    }

    /** @param  array<string, mixed>  $s */
    private function show(array $s, float $now): void
    {
        $this->line(sprintf('<info>Supervisor %s on %s</info>: %s, pid %s, up %s, last heartbeat %.1f s ago%s',
            $s['name'] ?? '?', $s['host'] ?? '?', $s['state'] ?? '?', $s['pid'] ?? '?',
            self::duration($now - (float) ($s['started'] ?? $now)), max(0.0, $now - (float) $s['seen']),
            ($s['figures'] ?? 'ok') === 'ok' ? '' : ', figures unreadable: '.$s['figures']));
        if (is_string($s['restarting'] ?? null)) {
            $this->line("Restarting pool {$s['restarting']}");
        }

        $rows = [];
        foreach ((array) ($s['groups'] ?? []) as $name => $g) {
            $rows[] = [$name, $g['balance'] ?? '', $g['strategy'] ?? '', $g['budget'] ?? '',
                ($g['max_processes'] ?? '').(($g['shared'] ?? false) ? ' shared' : ''), $g['hosts'] ?? ''];
        }
        if ($rows !== []) {
            $this->table(['Group', 'Balance', 'Strategy', 'Budget', 'Max processes', 'Hosts'], $rows);
        }

        $rows = [];
        foreach ((array) ($s['pools'] ?? []) as $name => $p) {
            $rows[] = [$name, $p['group'] ?? '-', implode(',', (array) ($p['queues'] ?? [])),
                sprintf('%s (%s-%s)', $p['processes'] ?? '?', $p['min_processes'] ?? '?', $p['max_processes'] ?? '?'),
                implode(', ', array_map(fn ($w) => "{$w['pid']} {$w['state']}", $p['workers']))];
        }
        $this->table(['Pool', 'Group', 'Queues', 'Processes (min-max)', 'Workers'], $rows);

        $rows = [];
        foreach ((array) ($s['queues'] ?? []) as $name => $q) {
            $rows[] = [$name, $q['backlog'] ?? '', self::seconds($q['wait'] ?? null), self::seconds($q['runtime'] ?? null)];
        }
        if ($rows !== []) {
            $this->table(['Queue', 'Backlog', 'Wait', 'Run time'], $rows);
        }
        $this->newLine();
    }

    private static function seconds(mixed $value): string
    {
        return is_numeric($value) ? sprintf('%.2f s', $value) : '-';
    }

    private static function duration(float $seconds): string
    {
        $s = (int) max(0, $seconds);

        return match (true) {
            $s < 60 => "{$s} s",
            $s < 3600 => sprintf('%d min %d s', intdiv($s, 60), $s % 60),
            default => sprintf('%d h %d min', intdiv($s, 3600), intdiv($s % 3600, 60)),
        };
    }

    /** An error on standard error; status 1. */
    private function failWith(string $message): int
    {
        $output = method_exists($this->output, 'getErrorStyle') ? $this->output->getErrorStyle() : $this->output;
        $output->writeln('<error>'.$message.'</error>');

        return 1;
    }
}
