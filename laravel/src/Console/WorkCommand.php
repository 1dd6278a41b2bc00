<?php

namespace FastQueue\Laravel\Console;

use FastQueue\Laravel\LaravelWorker;
use FastQueue\Laravel\RedisQueueFactory;
use Illuminate\Console\Command;
use Illuminate\Contracts\Cache\Repository as Cache;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Contracts\Queue\Job;
use Illuminate\Queue\Events\JobFailed;
use Illuminate\Queue\Events\JobProcessed;
use Illuminate\Queue\Events\JobProcessing;
use Illuminate\Support\Carbon;
use Illuminate\Support\Facades\Facade;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * php artisan fastqueue:work: queue:work's arguments, options, output and failed-job logging,
 * with FastQueue's native worker doing the loop, the Redis traffic, signals and timeouts.
 */
class WorkCommand extends Command
{
    /**
     * queue:work's signature (Laravel 8.83) with the same names and defaults, plus FastQueue's own.
     *
     * @var string
     */
    protected $signature = 'fastqueue:work
                            {connection? : The name of the queue connection to work}
                            {--name=default : The name of the worker}
                            {--queue= : The names of the queues to work}
                            {--daemon : Run the worker in daemon mode (Deprecated)}
                            {--once : Only process the next job on the queue}
                            {--stop-when-empty : Stop when the queue is empty}
                            {--delay=0 : The number of seconds to delay failed jobs (Deprecated)}
                            {--backoff=0 : The number of seconds to wait before retrying a job that encountered an uncaught exception}
                            {--max-jobs=0 : The number of jobs to process before stopping}
                            {--max-time=0 : The maximum number of seconds the worker should run}
                            {--force : Force the worker to run even in maintenance mode}
                            {--memory=128 : The memory limit in megabytes}
                            {--sleep=3 : Number of seconds to sleep when no job is available}
                            {--rest=0 : Number of seconds to rest between jobs}
                            {--timeout=60 : The number of seconds a child process can run}
                            {--tries=1 : Number of times to attempt a job before logging it failed}
                            {--prefetch=1 : FastQueue: the number of jobs to reserve per Redis round trip}
                            {--timeout-mode=kill : FastQueue: on a job timeout, "kill" the worker (as queue:work) or "throw" inside the job}';

    /**
     * @var string
     */
    protected $description = 'Start processing jobs on the queue as a daemon, with FastQueue\'s native worker';

    public function handle()
    {
        if (! extension_loaded('fastqueue')) {
            $this->error('The fastqueue extension is not loaded (extension=fastqueue.so in php.ini, or php -d extension=fastqueue.so artisan ...).');

            return 1;
        }

        if ($this->downForMaintenance() && $this->option('once')) {
            $this->sleep($this->number('sleep'));

            return 0;
        }

        // As queue:work: print each job as it goes, and log failed jobs to the failer.
        $this->listenForEvents();

        $connection = $this->argument('connection')
                        ?: $this->laravel['config']['queue.default'];

        $queue = $this->getQueue($connection);

        try {
            $worker = $this->makeWorker($connection, $queue);
        } catch (\ValueError|\TypeError $e) {
            // An option the native worker refuses ("prefetch" must be between 1 and 1000, ...).
            $this->error(preg_replace('/^FastQueue\\\\\w+::__construct\(\): Argument #\d \(\$options\) /', '', $e->getMessage()));

            return 1;
        }

        if ($this->option('once')) {
            $worker->runNextJob();

            return 0;
        }

        return $worker->daemon();
    }

    protected function makeWorker(string $connection, string $queue): LaravelWorker
    {
        $factory = $this->laravel->make(RedisQueueFactory::class);
        $options = $this->gatherWorkerOptions();

        // queue:restart: read by the native worker in its reserve call when the cache store is
        // a Redis store on the queue's server, database and prefix; else polled through the
        // cache repository (see LaravelWorker::restartRequested).
        $restartCache = null;
        if (! $this->option('once')) {
            $key = $factory->nativeRestartKey($connection);
            if ($key !== null) {
                $options['restart_key'] = $key;
            } else {
                $restartCache = $this->laravel->make(Cache::class);
            }
        }

        return new LaravelWorker(
            $this->laravel,
            $this->laravel['events'],
            $this->laravel->make(ExceptionHandler::class),
            $connection,
            $queue,
            $factory->make($connection),
            $options,
            $restartCache,
            $this->resetScope(),
            // Laravel's own check, as queue:work's worker makes it, rather than the native
            // worker's maintenance_file: an application may define maintenance otherwise, and
            // a worker that is down must still see queue:restart when it polls the cache.
            $this->option('force') ? null : fn () => $this->laravel->isDownForMaintenance(),
        );
    }

    /** The FastQueue\Worker options from queue:work's options. */
    protected function gatherWorkerOptions(): array
    {
        return [
            'name' => (string) $this->option('name'),
            // WorkerOptions: max(--backoff, --delay); either may be a list such as "1,5,10".
            'backoff' => $this->backoff(max($this->option('backoff'), $this->option('delay'))),
            'memory' => (int) $this->option('memory'),
            'timeout' => (int) $this->option('timeout'),
            'sleep' => $this->number('sleep'),
            'tries' => (int) $this->option('tries'),
            'force' => (bool) $this->option('force'),
            'stop_when_empty' => (bool) $this->option('stop-when-empty'),
            'max_jobs' => (int) $this->option('max-jobs'),
            'max_time' => (int) $this->option('max-time'),
            'rest' => $this->number('rest'),
            'prefetch' => (int) $this->option('prefetch'),
            'timeout_mode' => (string) $this->option('timeout-mode'),
            // Failed jobs go to Laravel's failer, through JobFailed (logFailedJob).
            'failed_store' => false,
        ];
    }

    /** "3" -> 3, "1,5,10" -> [1, 5, 10], as Worker::calculateBackoff reads it. */
    protected function backoff($value): int|array
    {
        $list = array_map(fn ($s) => max(0, (int) $s), explode(',', (string) $value));

        return count($list) === 1 ? $list[0] : $list;
    }

    protected function number(string $option): int|float
    {
        $value = $this->option($option);

        return is_numeric($value) ? $value + 0 : 0;
    }

    /**
     * QueueServiceProvider's reset-scope callback, run before each job as queue:work does: the
     * default log channel forgets its context, scoped instances and resolved facades are
     * forgotten. The log manager (a singleton) is resolved once, and the channel once per job
     * rather than twice; the effect is the same.
     */
    protected function resetScope(): \Closure
    {
        $app = $this->laravel;
        $log = null;

        return function () use ($app, &$log) {
            $log ??= $app['log'];
            $logger = $log->driver();
            if (method_exists($logger, 'withoutContext')) {
                $logger->withoutContext();
            }

            if (method_exists($app, 'forgetScopedInstances')) {
                $app->forgetScopedInstances();
            }

            Facade::clearResolvedInstances();
        };
    }

    protected function listenForEvents(): void
    {
        $this->laravel['events']->listen(JobProcessing::class, function ($event) {
            $this->writeOutput($event->job, 'starting');
        });

        $this->laravel['events']->listen(JobProcessed::class, function ($event) {
            $this->writeOutput($event->job, 'success');
        });

        $this->laravel['events']->listen(JobFailed::class, function ($event) {
            $this->writeOutput($event->job, 'failed');

            $this->logFailedJob($event);
        });
    }

    protected function writeOutput(Job $job, string $status): void
    {
        switch ($status) {
            case 'starting':
                $this->writeStatus($job, 'Processing', 'comment');
                break;
            case 'success':
                $this->writeStatus($job, 'Processed', 'info');
                break;
            case 'failed':
                $this->writeStatus($job, 'Failed', 'error');
                break;
        }
    }

    /**
     * queue:work's line, "[2024-01-01 12:00:00][job id] Processing: App\Jobs\Name", byte for byte.
     * Two lines per job make it the costliest thing the command does per job, so the date is
     * formatted once a second, and when the output is not a terminal (a log file, a pipe to a
     * supervisor) the line goes out without the style tags that the formatter would only strip.
     */
    protected function writeStatus(Job $job, string $status, string $type): void
    {
        $line = sprintf('[%s][%s] %s', $this->clock(), $job->getJobId(), str_pad("{$status}:", 11));

        if ($this->output->isDecorated()) {
            $this->output->writeln("<{$type}>{$line}</{$type}> ".$this->jobName($job));
        } else {
            $this->output->writeln($line.' '.$this->jobName($job), OutputInterface::OUTPUT_RAW);
        }
    }

    private int $clockSecond = -1;

    private string $clockText = '';

    /** Carbon::now()->format('Y-m-d H:i:s'), formatted again only when the second changes. */
    protected function clock(): string
    {
        if (Carbon::hasTestNow()) {
            return Carbon::now()->format('Y-m-d H:i:s');
        }
        $second = time();
        if ($second !== $this->clockSecond) {
            $this->clockSecond = $second;
            $this->clockText = Carbon::now()->format('Y-m-d H:i:s');
        }

        return $this->clockText;
    }

    protected function jobName(Job $job): string
    {
        try {
            return (string) $job->resolveName();
        } catch (\Throwable $e) {
            // A payload that is not a valid job (the worker fails it with the reason).
            return '(invalid payload)';
        }
    }

    protected function logFailedJob(JobFailed $event): void
    {
        $this->laravel['queue.failer']->log(
            $event->connectionName,
            $event->job->getQueue(),
            $event->job->getRawBody(),
            $event->exception
        );
    }

    protected function getQueue(string $connection): string
    {
        return $this->option('queue') ?: $this->laravel['config']->get(
            "queue.connections.{$connection}.queue", 'default'
        );
    }

    protected function downForMaintenance(): bool
    {
        return $this->option('force') ? false : $this->laravel->isDownForMaintenance();
    }

    protected function sleep(int|float $seconds): void
    {
        if ($seconds < 1) {
            usleep((int) ($seconds * 1000000));
        } else {
            sleep((int) $seconds);
        }
    }
}
