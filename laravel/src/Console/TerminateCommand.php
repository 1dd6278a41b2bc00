<?php

namespace FastQueue\Laravel\Console;

use FastQueue\Laravel\Supervisor\Registry;
use Illuminate\Console\Command;
use Throwable;

/**
 * php artisan fastqueue:terminate [--wait [--timeout=300]], for deploys.
 *
 * Without --wait: sets the terminate stamp, which every live supervisor reads at its next
 * heartbeat and takes as SIGTERM (each worker finishes its job, the supervisor exits 0, and
 * the process manager starts it again, on the new code).
 *
 * With --wait: a rolling restart instead. Sets the restart stamp, which every supervisor reads
 * at its next heartbeat and answers by restarting its pools one at a time; waits until every
 * live supervisor's record says it carried that stamp out ("restarted"), printing each pool as
 * it is restarted. A supervisor started after the stamp runs the new code already and counts
 * as done.
 */
class TerminateCommand extends Command
{
    /** Seconds between two reads of the records while waiting. */
    private const POLL_INTERVAL = 0.25;

    /** @var array<string, array<string, string>> the pools printed as restarted, by supervisor ("*": all, done) */
    private array $printed = [];

    /** @var array<string, ?string> the pool each supervisor was restarting at the last read */
    private array $restarting = [];

    /**
     * @var string
     */
    protected $signature = 'fastqueue:terminate
                            {--wait : Restart the supervisors\' pools one at a time instead, and wait until every supervisor has}
                            {--timeout=300 : With --wait, give up after this many seconds (exit status 1)}';

    /**
     * @var string
     */
    protected $description = 'Stop every FastQueue supervisor gracefully, or with --wait restart their workers one pool at a time';

    /** @return int */
    public function handle()
    {
        $timeout = $this->option('timeout');
        if (! is_numeric($timeout) || (float) $timeout <= 0) {
            return $this->failWith('The --timeout option must be a number of seconds above 0.');
        }
        $registry = null;
        try {
            $registry = Registry::fromConfig($this->laravel['config'], $this->laravel['redis']);
            if ($registry === null) {
                return $this->failWith('No Redis connection for the supervisors: set fastqueue.supervisors.connection, or make the default queue connection a redis one.');
            }

            return $this->option('wait') ? $this->restart($registry, (float) $timeout) : $this->terminate($registry);
        } catch (Throwable $e) {
            return $this->failWith('Cannot reach the supervisors through Redis connection ['
                .($registry->connectionName ?? Registry::connectionName($this->laravel['config'])).']: '.get_class($e).': '.$e->getMessage());
        }
    }

    private function terminate(Registry $registry): int
    {
        $registry->setStamp(Registry::TERMINATE_STAMP);
        $live = $registry->supervisors();
        if ($live === []) {
            $this->line('No FastQueue supervisor is running; the terminate stamp is set.');

            return 0;
        }
        $this->line(sprintf('%d %s will stop: %s.', count($live), count($live) === 1 ? 'supervisor' : 'supervisors',
            implode(', ', array_map([self::class, 'label'], $live))));

        return 0;
    }

    private function restart(Registry $registry, float $timeout): int
    {
        $stamp = $registry->setStamp(Registry::RESTART_STAMP);
        $until = hrtime(true) / 1e9 + $timeout;
        for ($first = true; ; $first = false) {
            $pending = array_values(array_filter($registry->supervisors(), fn (array $s) => ! $this->follow($s, $stamp)));
            if ($first && $this->printed === []) {
                $this->line('No FastQueue supervisor is running; the restart stamp is set.');

                return 0;
            }
            if ($pending === []) {
                $this->line('Every supervisor has restarted its workers.');

                return 0;
            }
            if (hrtime(true) / 1e9 >= $until) {
                return $this->failWith(sprintf('Gave up after %s s: not restarted yet: %s.', $this->option('timeout'),
                    implode(', ', array_map(fn ($s) => self::label($s)
                        .(is_string($s['restarting'] ?? null) ? " (restarting pool {$s['restarting']})" : ' (not started)'), $pending))));
            }
            usleep((int) (self::POLL_INTERVAL * 1e6));
        }
    }

    /**
     * Prints what changed in a supervisor's record since the last read: the pool it moved off
     * (restarted) and the one it is at; once it carried out $stamp, or started after it (it runs
     * the new code), its pools not printed yet and "done". Whether it is done.
     *
     * @param  array<string, mixed>  $s
     */
    private function follow(array $s, string $stamp): bool
    {
        $label = self::label($s);
        $this->printed[$label] ??= [];
        $now = is_string($s['restarting'] ?? null) ? $s['restarting'] : null;
        $before = $this->restarting[$label] ?? null;
        if ($before !== null && $before !== $now) {
            $this->poolRestarted($label, $before);
        }
        if ($now !== null && $now !== $before) {
            $this->line("{$label}: restarting pool {$now}");
        }
        $this->restarting[$label] = $now;

        $done = ($s['restarted'] ?? '') === $stamp || (float) ($s['started'] ?? 0) >= (float) $stamp;
        if ($done && ! isset($this->printed[$label]['*'])) {
            foreach (array_keys((array) ($s['pools'] ?? [])) as $pool) {
                $this->poolRestarted($label, (string) $pool);
            }
            $this->printed[$label]['*'] = '*';
            $this->line("{$label}: done");
        }

        return $done;
    }

    private function poolRestarted(string $label, string $pool): void
    {
        if (! isset($this->printed[$label][$pool])) {
            $this->printed[$label][$pool] = $pool;
            $this->line("{$label}: pool {$pool} restarted");
        }
    }

    /** @param  array<string, mixed>  $s */
    private static function label(array $s): string
    {
        return ($s['name'] ?? '?').' on '.($s['host'] ?? '?');
    }

    /** An error on standard error; status 1. */
    private function failWith(string $message): int
    {
        $output = method_exists($this->output, 'getErrorStyle') ? $this->output->getErrorStyle() : $this->output;
        $output->writeln('<error>'.$message.'</error>');

        return 1;
    }
}
