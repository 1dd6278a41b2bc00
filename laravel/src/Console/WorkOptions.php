<?php

namespace FastQueue\Laravel\Console;

use Illuminate\Console\Command;

/**
 * fastqueue:work's options read for the native worker (FastQueue\Worker's options): queue:work's
 * own, as the running version reads them, and FastQueue's (WorkCommand::FASTQUEUE_OPTIONS).
 */
final class WorkOptions
{
    /**
     * @param  Command  $command  fastqueue:work, its input bound
     * @param  mixed  $worker  Laravel's worker queue:work would run (its memoryExceeded())
     */
    public function __construct(private Command $command, private mixed $worker)
    {
    }

    /**
     * The FastQueue\Worker options from queue:work's options.
     *
     * @return array<string, mixed>
     */
    public function native(): array
    {
        return [
            'name' => (string) $this->command->option('name'),
            // WorkerOptions: max(--backoff, --delay); either may be a list such as "1,5,10".
            'backoff' => $this->backoffOption(max($this->command->option('backoff'), $this->command->option('delay'))),
            'memory' => $this->memoryOption(),
            'timeout' => (int) $this->command->option('timeout'),
            'sleep' => $this->numericOption('sleep'),
            'tries' => (int) $this->command->option('tries'),
            'force' => (bool) $this->command->option('force'),
            'stop_when_empty' => (bool) $this->command->option('stop-when-empty'),
            'max_jobs' => (int) $this->command->option('max-jobs'),
            'max_time' => (int) $this->command->option('max-time'),
            'rest' => $this->numericOption('rest'),
            'prefetch' => (int) $this->command->option('prefetch'),
            'overlap' => ! $this->command->option('no-overlap'),
            'lease_renewal' => (bool) $this->command->option('lease-renewal'),
            'timeout_mode' => (string) $this->command->option('timeout-mode'),
            // Failed jobs go to Laravel's failer, through JobFailed (logFailedJob).
            'failed_store' => false,
        ] + $this->metricsOptions() + $this->limitsOption();
    }

    /**
     * config/fastqueue.php's limits (per queue name: rate with per, concurrency), only when
     * some are set; the worker checks them and refuses what is wrong, naming the key.
     *
     * @return array<string, mixed>
     */
    private function limitsOption(): array
    {
        $limits = $this->command->getLaravel()->make('config')->get('fastqueue.limits');

        return $limits === null || $limits === [] ? [] : ['limits' => $limits];
    }

    /**
     * The native worker's metrics options, only those given: without a --metrics option the
     * worker is made exactly as before. Any of them turns the figures on, since an exposition
     * of figures nobody gathers would be empty.
     *
     * @return array<string, mixed>
     */
    private function metricsOptions(): array
    {
        $options = [];
        foreach (['metrics-file' => 'metrics_file', 'metrics-listen' => 'metrics_listen', 'metrics-worker' => 'metrics_worker'] as $option => $key) {
            if ($this->command->option($option) !== null) {
                $options[$key] = (string) $this->command->option($option);
            }
        }
        if (($allow = $this->command->option('metrics-allow')) !== null) {
            // "10.0.0.0/8, ::1/128": the list the worker takes, each network checked by it.
            $options['metrics_allow'] = array_map('trim', explode(',', (string) $allow));
        }
        if (($interval = $this->command->option('metrics-interval')) !== null) {
            // A value that is no number goes as it is, for the worker's own refusal.
            $options['metrics_interval'] = is_numeric($interval) ? $interval + 0 : $interval;
        }
        if ($this->command->option('metrics-publish')) {
            $options['metrics_publish'] = true;
        }
        if ($options !== [] || $this->command->option('metrics')) {
            $options = ['metrics' => true] + $options;
        }

        return $options;
    }

    /**
     * --memory in megabytes, as the running version's queue:work reads it.
     * - Where its --memory also takes a percentage of PHP's memory_limit (Laravel 13's option
     *   says so), "50%" is that share, computed as Worker::memoryExceeded does;
     *   memory_get_usage(true) counts whole 2 MB chunks, so rounding the share up stops at the
     *   same point. A share of no limit (-1) is no limit. Elsewhere "50%" is 50, as there.
     * - 0 or below means what it means to Laravel's own Worker::memoryExceeded(): "no limit"
     *   from Laravel 12 on (the native worker's largest limit), and before 12 a limit every
     *   process has exceeded (it stops with exit 12 after its first round, 1 MB here).
     */
    private function memoryOption(): int
    {
        $value = (string) $this->command->option('memory');
        $noLimit = PHP_INT_MAX >> 20;
        if (str_ends_with($value, '%') && str_contains((string) $this->command->getDefinition()->getOption('memory')->getDescription(), 'percentage')) {
            $mb = ini_parse_quantity((string) ini_get('memory_limit')) / 1024 / 1024 * ((float) $value / 100);

            return $mb > 0 ? (int) min(ceil($mb), $noLimit) : $noLimit;
        }
        $memory = (int) $value;
        if ($memory > 0) {
            return $memory;
        }
        if (is_object($this->worker) && method_exists($this->worker, 'memoryExceeded') && ! $this->worker->memoryExceeded($memory)) {
            return $noLimit;
        }

        return 1;
    }

    /**
     * "3" -> 3, "1,5,10" -> [1, 5, 10], as Worker::calculateBackoff reads it.
     *
     * @return int|list<int>
     * @param  mixed  $value
     */
    private function backoffOption($value): int|array
    {
        $list = array_map(fn ($s) => max(0, (int) $s), explode(',', (string) $value));

        return count($list) === 1 ? $list[0] : $list;
    }

    private function numericOption(string $option): int|float
    {
        $value = $this->command->option($option);

        return is_numeric($value) ? $value + 0 : 0;
    }
}
