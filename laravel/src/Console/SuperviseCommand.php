<?php

namespace FastQueue\Laravel\Console;

use FastQueue\Laravel\RedisQueueFactory;
use FastQueue\Laravel\Supervisor\ConfigReader;
use FastQueue\Laravel\Supervisor\Fleet;
use FastQueue\Laravel\Supervisor\Plan;
use FastQueue\Exception as SupervisorException;
use FastQueue\RedisQueue;
use FastQueue\Supervisor;
use Illuminate\Console\Command;
use Symfony\Component\Console\Formatter\OutputFormatter;
use Throwable;

/**
 * php artisan fastqueue:supervise: runs the supervisors of fastqueue.supervisors (or of
 * config/horizon.php) for one environment as one FastQueue\Supervisor, whose native loop
 * starts, balances and replaces the fastqueue:work processes. The configuration is checked
 * as a whole before anything starts; the exit status is the supervisor's (0 after a
 * graceful stop), 1 for a configuration that cannot run.
 */
class SuperviseCommand extends Command
{
    /**
     * @var string
     */
    protected $signature = 'fastqueue:supervise
                            {--environment= : The environment whose supervisors to run (default: APP_ENV)}
                            {--dry-run : Print the pools and their workers\' commands, and start nothing}';

    /**
     * @var string
     */
    protected $description = 'Run the queue supervisors of config/fastqueue.php (or config/horizon.php) with FastQueue\'s native supervisor';

    /** @return int */
    public function handle(RedisQueueFactory $factory)
    {
        $environment = $this->option('environment');
        $plan = (new ConfigReader($this->laravel['config']))->read(is_string($environment) && $environment !== '' ? $environment : null);
        if (($warning = $plan->warning()) !== null) {
            $this->say('warn', $warning);
        }
        if ($plan->errors !== []) {
            foreach ($plan->errors as $error) {
                $this->say('error', $error);
            }

            return 1;
        }

        $fleet = new Fleet($plan, $this->laravel->basePath('artisan'));
        if ($this->option('dry-run')) {
            $this->describe($plan, $fleet);

            return 0;
        }

        try {
            $supervisor = $this->supervisor($plan, $fleet, $factory);
        } catch (Throwable $e) {
            $this->say('error', 'fastqueue:supervise cannot start: '.$e->getMessage());

            return 1;
        }
        $this->say('info', sprintf('Supervising %d pool(s) of %s (environment "%s", from %s) as "%s" on host "%s".',
            count($fleet->pools()), implode(', ', array_keys($plan->supervisors)), $plan->environment,
            $plan->source === 'horizon' ? 'config/horizon.php' : 'fastqueue.supervisors',
            $plan->settings['name'], $plan->settings['host']));

        try {
            return $supervisor->run();
        } catch (SupervisorException $e) {
            // A pool's program that cannot be started, a name already running on this host:
            // what had started is stopped by then.
            $this->say('error', 'fastqueue:supervise: '.$e->getMessage());

            return 1;
        }
    }

    /** The supervisor with its groups and pools; nothing starts until run(). */
    private function supervisor(Plan $plan, Fleet $fleet, RedisQueueFactory $factory): Supervisor
    {
        $queue = new RedisQueue($factory->redisOptions($plan->settings['connection']));
        $supervisor = new Supervisor($fleet->supervisorOptions() + [
            'queue' => $queue,
            'log' => function (string $line): void {
                $this->logLine($line);
            },
        ]);
        foreach ($fleet->groups() as $name => $options) {
            $supervisor->addGroup($name, $options);
        }
        foreach ($fleet->pools() as $pool) {
            $supervisor->addPool($pool['name'], $pool['command'], $pool['processes'], $pool['options']);
        }
        if (Fleet::watches($this->laravel['config'])) {
            $watcher = $fleet->watcherPool();
            $supervisor->addPool($watcher['name'], $watcher['command'], $watcher['processes'], $watcher['options']);
        }

        return $supervisor;
    }

    /** --dry-run: each group and pool, and the command of its workers. */
    private function describe(Plan $plan, Fleet $fleet): void
    {
        $this->line(sprintf('environment "%s" from %s; name "%s", host "%s", heartbeat %s s, shared budget %s, stop timeout %s s, registry on Redis connection "%s"',
            $plan->environment, $plan->source === 'horizon' ? 'config/horizon.php' : 'fastqueue.supervisors',
            $plan->settings['name'], $plan->settings['host'], $plan->settings['heartbeat'],
            $plan->settings['shared_budget'] ? 'yes' : 'no', $plan->settings['stop_timeout'], $plan->settings['connection']));
        foreach ($fleet->groups() as $name => $g) {
            $this->line(sprintf('group %s: balance %s, strategy %s, max_processes %d, max_shift %d, cooldown %s s',
                $name, $g['balance'], $g['strategy'], $g['max_processes'], $g['max_shift'], $g['cooldown']));
        }
        foreach ($fleet->pools() as $p) {
            $this->line(sprintf('pool %s (group %s, queues %s): %d process(es), %d to %d',
                $p['name'], $p['options']['group'], implode(',', $p['options']['queues']), $p['processes'],
                $p['options']['min_processes'], $p['options']['max_processes']));
            $this->line('  '.self::commandLine($p['command']));
        }
        if (Fleet::watches($this->laravel['config'])) {
            $watcher = $fleet->watcherPool();
            $this->line("pool {$watcher['name']} (the dashboard's history and the long-wait alerts): 1 process(es)");
            $this->line('  '.self::commandLine($watcher['command']));
        }
    }

    /** @param  list<string>  $command */
    private static function commandLine(array $command): string
    {
        return implode(' ', array_map(
            fn (string $arg) => preg_match('~^[A-Za-z0-9_./:=,%@+-]+$~', $arg) ? $arg : escapeshellarg($arg), $command));
    }

    /** A line of the supervisor's log, dated, as queue:work dates its lines. */
    private function logLine(string $line): void
    {
        $date = date('Y-m-d H:i:s');
        // Laravel 9 and later: "  DATE text" with the date dimmed; 8: "[DATE] text".
        $this->output->writeln(property_exists($this, 'components')
            ? "  <fg=gray>{$date}</> ".$this->escape($line)
            : "[{$date}] ".$this->escape($line));
    }

    /**
     * A message in the running Laravel's console style, on one line however long (the
     * warning names every key): 9 and later label it as their components do ("  WARN  ..."),
     * without their wrapping; 8 colours it.
     */
    private function say(string $kind, string $message): void
    {
        $modern = property_exists($this, 'components');
        [$label, $style] = match ($kind) {
            'warn' => ['WARN', $modern ? 'bg=yellow;fg=black' : 'comment'],
            'error' => ['ERROR', $modern ? 'bg=red;fg=white' : 'error'],
            default => ['INFO', $modern ? 'bg=blue;fg=white' : 'info'],
        };
        $this->output->writeln($modern
            ? "  <{$style}> {$label} </> ".$this->escape($message)
            : "<{$style}>".$this->escape($message).'</>');
    }

    private function escape(string $text): string
    {
        return OutputFormatter::escape($text);
    }
}
