<?php

namespace FastQueue\Laravel\Console;

use FastQueue\Laravel\Dashboard\Alerts\WaitAlerts;
use FastQueue\Laravel\Dashboard\Data\Sources;
use FastQueue\Laravel\Events\LongWaitDetected;
use Illuminate\Console\Command;
use Throwable;

/**
 * php artisan fastqueue:watch [--loop]: takes the dashboard's history snapshot when one is due
 * and evaluates the long-wait alerts, once (for the scheduler) or, with --loop, every history
 * interval until SIGTERM or SIGINT (fastqueue:supervise runs one such watcher per host). Every
 * step is under a lock in Redis, so watchers on several hosts take one snapshot and raise one
 * alert.
 */
class WatchCommand extends Command
{
    /** Seconds between two looks at the stop flag while the loop sleeps. */
    private const TICK = 0.1;

    /**
     * @var string
     */
    protected $signature = 'fastqueue:watch
                            {--loop : Keep watching, every fastqueue.dashboard.history.interval seconds, until SIGTERM}';

    /**
     * @var string
     */
    protected $description = 'Take the FastQueue dashboard\'s history snapshot and evaluate the long-wait alerts';

    private bool $stop = false;

    /** @return int */
    public function handle()
    {
        if (! $this->option('loop')) {
            return $this->round() ? 0 : 1;
        }
        $this->trapSignals();
        $interval = max(0.1, (float) $this->laravel['config']->get('fastqueue.dashboard.history.interval', 10));
        $next = 0.0;
        while (! $this->stopping()) {
            if (microtime(true) >= $next) {
                $next = microtime(true) + $interval;
                $this->round();
                continue;
            }
            usleep((int) (min(self::TICK, max(0.0, $next - microtime(true))) * 1e6));
        }

        return 0;
    }

    /** One snapshot and one evaluation; false when Redis could not be read (said on stderr). */
    private function round(): bool
    {
        $now = microtime(true);
        $sources = new Sources($this->laravel);
        try {
            if ($this->laravel['config']->get('fastqueue.dashboard.enabled', true)) {
                foreach ($sources->connections() as $connection) {
                    $sources->snapshot($connection, $now);
                }
            }
            foreach ((new WaitAlerts($this->laravel))->evaluate() as $event) {
                $this->line(sprintf('%s %s:%s: %.1f s (threshold %.1f s)',
                    $event instanceof LongWaitDetected ? 'Long wait on' : 'Wait back under the threshold on',
                    $event->connection, $event->queue, $event->seconds, $event->threshold));
            }
        } catch (Throwable $e) {
            $output = method_exists($this->output, 'getErrorStyle') ? $this->output->getErrorStyle() : $this->output;
            $output->writeln('<error>fastqueue:watch: '.get_class($e).': '.$e->getMessage().'</error>');

            return false;
        }

        return true;
    }

    /**
     * Whether a signal asked the loop to end (set by the handlers of trapSignals()).
     *
     * @phpstan-impure
     */
    private function stopping(): bool
    {
        return $this->stop;
    }

    /** SIGTERM and SIGINT end the loop within a tick (where pcntl is loaded). */
    private function trapSignals(): void
    {
        if (! function_exists('pcntl_signal')) {
            return;
        }
        pcntl_async_signals(true);
        foreach ([SIGTERM, SIGINT] as $signal) {
            pcntl_signal($signal, function () {
                $this->stop = true;
            });
        }
    }
}
