<?php

namespace FastQueue\Laravel\Supervisor;

use FastQueue\Laravel\Dashboard\Alerts\Thresholds;
use Illuminate\Contracts\Config\Repository as Config;

/**
 * The groups and pools of FastQueue\Supervisor that run a Plan: one group per supervisor
 * (its budget of maxProcesses), and its pools. Balanced ('simple', 'auto'): a pool per
 * queue, named "SUPERVISOR:QUEUE", starting at minProcesses (none when it is 0) and
 * moved by the balancing. Unbalanced (false): one pool named "SUPERVISOR" over all its
 * queues in their order, of maxProcesses workers. Every worker is a fastqueue:work process
 * of the application, with the supervisor's options and FASTQUEUE_SUPERVISED=1 (a restart
 * is the supervisor's to carry out, pool by pool). Beside them, while the dashboard or the
 * long-wait alerts are on, one watcher (fastqueue:watch --loop) per host.
 */
final class Fleet
{
    /** The watcher's pool name. */
    public const WATCHER_POOL = 'fastqueue:watch';

    /** The variable that tells fastqueue:work it runs under fastqueue:supervise. */
    public const SUPERVISED_ENV = 'FASTQUEUE_SUPERVISED';

    /** @param  list<string>  $php  the PHP program (and its options) the workers run on */
    public function __construct(private Plan $plan, private string $artisan, private array $php = [PHP_BINARY])
    {
    }

    /**
     * FastQueue\Supervisor's options, but for 'queue' and 'log' (the command's to make).
     *
     * @return array<string, mixed>
     */
    public function supervisorOptions(): array
    {
        $s = $this->plan->settings;

        return [
            'stop_timeout' => $s['stop_timeout'],
            'name' => $s['name'],
            'host' => $s['host'],
            'heartbeat' => $s['heartbeat'],
        ];
    }

    /**
     * addGroup()'s options, by group name.
     *
     * @return array<string, array<string, mixed>>
     */
    public function groups(): array
    {
        $groups = [];
        foreach ($this->plan->supervisors as $name => $s) {
            $groups[$name] = [
                'balance' => $s->balance,
                'strategy' => $s->strategy,
                'max_processes' => $s->maxProcesses,
                'max_shift' => $s->balanceMaxShift,
                'cooldown' => $s->balanceCooldown,
                'shared' => $this->plan->settings['shared_budget'],
            ];
        }

        return $groups;
    }

    /**
     * addPool()'s arguments, in order.
     *
     * @return list<array{name: string, command: list<string>, processes: int, options: array<string, mixed>}>
     */
    public function pools(): array
    {
        $pools = [];
        foreach ($this->plan->supervisors as $name => $s) {
            if ($s->balance === 'off') {
                $pools[] = $this->pool($name, $s, $s->queues, $s->maxProcesses);
                continue;
            }
            foreach ($s->queues as $queue) {
                $pools[] = $this->pool("{$name}:{$queue}", $s, [$queue], $s->minProcesses);
            }
        }

        return $pools;
    }

    /**
     * Whether the supervisor runs a watcher: the dashboard is on (fastqueue.dashboard.enabled,
     * the default) or a long-wait threshold is set.
     */
    public static function watches(Config $config): bool
    {
        return (bool) $config->get('fastqueue.dashboard.enabled', true) || Thresholds::read($config) !== [];
    }

    /**
     * addPool()'s arguments for the watcher: one fastqueue:watch --loop, in no group (it takes
     * nothing of a budget and is never balanced) and for no queue (no queue's figures count it).
     * Its snapshots and alerts are under locks in Redis, so a watcher per host raises one alert.
     *
     * @return array{name: string, command: list<string>, processes: int, options: array<string, mixed>}
     */
    public function watcherPool(): array
    {
        return [
            'name' => self::WATCHER_POOL,
            'command' => array_merge($this->php, [$this->artisan, 'fastqueue:watch', '--loop']),
            'processes' => 1,
            'options' => [],
        ];
    }

    /**
     * @param  list<string>  $queues
     * @return array{name: string, command: list<string>, processes: int, options: array<string, mixed>}
     */
    private function pool(string $name, SupervisorOptions $s, array $queues, int $processes): array
    {
        return [
            'name' => $name,
            'command' => $this->command($s, $queues),
            'processes' => $processes,
            'options' => [
                'group' => $s->name,
                'queues' => $queues,
                'min_processes' => min($s->minProcesses, $processes),
                'max_processes' => $s->maxProcesses,
                'env' => [self::SUPERVISED_ENV => '1'],
            ],
        ];
    }

    /**
     * One worker's argument vector.
     *
     * @param  list<string>  $queues
     * @return list<string>
     */
    public function command(SupervisorOptions $s, array $queues): array
    {
        $command = array_merge($this->php, [
            $this->artisan, 'fastqueue:work', $s->connection,
            '--queue='.implode(',', $queues),
            '--tries='.$s->tries,
            '--timeout='.$s->timeout,
            '--memory='.$s->memory,
            '--sleep='.self::seconds($s->sleep),
            '--max-jobs='.$s->maxJobs,
            '--max-time='.$s->maxTime,
            '--backoff='.$s->backoff,
            '--rest='.self::seconds($s->rest),
        ]);
        if ($s->force) {
            $command[] = '--force';
        }
        $command[] = '--metrics';
        $command[] = '--metrics-publish';

        return $s->nice > 0 ? array_merge(['nice', '-n', (string) $s->nice], $command) : $command;
    }

    /** Seconds as an option value: "3", "0.5". */
    private static function seconds(float $seconds): string
    {
        return rtrim(rtrim(sprintf('%.6F', $seconds), '0'), '.');
    }
}
