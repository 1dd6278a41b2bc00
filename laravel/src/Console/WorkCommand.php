<?php

namespace FastQueue\Laravel\Console;

use FastQueue\Laravel\Fast\ConsoleLine;
use FastQueue\Laravel\Fast\EventShortcut;
use FastQueue\Laravel\Fast\ScopeReset;
use FastQueue\Laravel\Fast\SourceFingerprint;
use FastQueue\Laravel\Fast\TerminalWidth;
use FastQueue\Laravel\LaravelWorker;
use FastQueue\Laravel\RedisQueueFactory;
use FastQueue\Laravel\Worker\QueueEvents;
use FastQueue\Laravel\Worker\RestartPoll;
use FastQueue\Laravel\WorkerSettings;
use Illuminate\Contracts\Cache\Repository as Cache;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Contracts\Queue\Job;
use Illuminate\Queue\Console\WorkCommand as QueueWorkCommand;
use Illuminate\Queue\Worker;
use Illuminate\Support\Carbon;
use Illuminate\Support\Facades\Facade;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * php artisan fastqueue:work: the running Laravel's own queue:work command, whose worker loop
 * is replaced by FastQueue's native worker. Everything else is queue:work's, in whatever
 * version runs it: the arguments and options, the maintenance check before --once, the lines
 * printed for each job (listenForEvents and writeOutput), the failed-job logging, the queue
 * and connection lookup. Only runWorker() is FastQueue's.
 */
class WorkCommand extends QueueWorkCommand
{
    /** What FastQueue adds to queue:work's signature. */
    protected const FASTQUEUE_OPTIONS = '
                            {--prefetch=1 : FastQueue: the number of jobs to reserve per Redis round trip}
                            {--no-overlap : FastQueue: reserve the next job or batch only once this one is over and the loop checks are done, not while it runs or ends}
                            {--lease-renewal : FastQueue: keep the reservation of the running job alive, so a job longer than retry_after never runs twice}
                            {--timeout-mode=kill : FastQueue: on a job timeout, "kill" the worker (as queue:work) or "throw" inside the job}
                            {--metrics : FastQueue: gather per-queue job figures (outcomes, wait, run and CPU time, memory peak) and fire JobMeasured}
                            {--metrics-file= : FastQueue: with metrics, rewrite this file (Prometheus text, for node_exporter\'s textfile collector) every interval}
                            {--metrics-listen= : FastQueue: with metrics, serve GET /metrics on "PORT" (127.0.0.1) or "HOST:PORT"}
                            {--metrics-allow= : FastQueue: with --metrics-listen, serve only these client networks, comma-separated (e.g. "10.0.0.0/8,::1/128")}
                            {--metrics-publish : FastQueue: with metrics, publish the figures to Redis for php artisan fastqueue:metrics}
                            {--metrics-interval= : FastQueue: seconds between two rewrites or publications of the figures (default 5)}
                            {--metrics-worker= : FastQueue: the metrics\' worker label (default HOSTNAME:PID)}';

    /**
     * The job-line formats this command can print itself, by the fingerprint of queue:work's
     * methods that print them (SourceFingerprint of writeOutput, writeStatus,
     * writeOutputForCli, now, formatRunTime, runTimeForHumans, outputUsingJson): 8.83's
     * Processing/Processed lines, 10.48's, 10.50's and 11.57's RUNNING/DONE lines, 12.72's
     * (with the connection and queue under -v), 13.31's (and the memory under -v on the
     * finished line), 13.42's (and RELEASED for a job that released itself). Another version
     * prints through its own methods.
     */
    private const LINE_FORMATS = [
        '057e247f6555' => '8',
        '3aef90ce0965' => '10',
        'd07f83274679' => '11',
        '93da7c7b8a8e' => '12',
        'e2f6fd908026' => '13',
        'e1f058422906' => '13.42',
    ];

    /** The format of LINE_FORMATS for the running queue:work, '' when none (or not known yet). */
    private ?string $lineFormat = null;

    /** The job of the last line, with its name and id, and whether both print as they are. */
    private ?Job $lineJob = null;
    private string $lineName = '';
    private string $lineId = '';
    private bool $linePlain = false;

    /** The console writer of the job lines (ConsoleLine), false where writeln must write them. */
    private ConsoleLine|false|null $console = null;

    /** The date and time of the lines, as written for the second $dateSecond in $dateZone. */
    private string $date = '';
    private int $dateSecond = 0;
    private string $dateZone = '';

    /** The width the RUNNING/DONE lines are padded to, as terminal()->width() gives it. */
    private ?TerminalWidth $width = null;

    /** How the per-job events reach this command's output listeners (see LaravelWorker). */
    private ?EventShortcut $eventShortcut = null;

    /**
     * @var string
     */
    protected $description = 'Start processing jobs on the queue as a daemon, with FastQueue\'s native worker';

    /**
     * As queue:work is made (ArtisanServiceProvider): Laravel's worker, which stays unused but
     * for sleeping through --once in maintenance mode, and the cache queue:restart writes to.
     */
    public function __construct(Worker $worker, Cache $cache)
    {
        // queue:work's own signature, in the running version, under this command's name.
        $this->signature = preg_replace('/^\s*queue:work\b/', 'fastqueue:work', $this->signature)
            .static::FASTQUEUE_OPTIONS;

        parent::__construct($worker, $cache);
    }

    public function handle()
    {
        if (! extension_loaded('fastqueue')) {
            $this->error('The fastqueue extension is not loaded (extension=fastqueue.so in php.ini, or php -d extension=fastqueue.so artisan ...).');

            return 1;
        }

        return parent::handle();
    }

    /**
     * queue:work's handle() ends here, with the output listeners registered and the
     * connection and queue chosen; the native worker runs the loop.
     */
    protected function runWorker($connection, $queue)
    {
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

    /** queue:work's output listeners, noted as this command's own (EventShortcut). */
    protected function listenForEvents()
    {
        $events = $this->laravel['events'];
        $before = EventShortcut::snapshot($events);
        parent::listenForEvents();
        $this->eventShortcut = new EventShortcut($events);
        $this->eventShortcut->ownSince($before);
    }

    /**
     * queue:work's job line, written here when the fast line applies (writeJobLine), else by
     * the running version's own methods.
     */
    protected function writeOutput(Job $job, $status, ?\Throwable $exception = null)
    {
        if ($this->writeJobLine($job, (string) $status)) {
            return;
        }

        parent::writeOutput(...func_get_args());
    }

    /**
     * Writes the line queue:work's writeOutput() writes for $job and $status, byte for byte,
     * without its formatter: the line is composed without style tags and written raw, once,
     * through the same output (so -q and the output's own state behave as there). Only for a
     * known format (LINE_FORMATS), on output that is not decorated (no ANSI), without a
     * Carbon test time, without --json, with the time in the application's timezone (no other
     * queue.output_timezone), a run under a second, and names and ids that the formatter
     * would print as they are (no "<", ">", NUL, or trailing backslash). False: not written.
     */
    private function writeJobLine(Job $job, string $status): bool
    {
        if ($this->lineFormat === null) {
            $this->lineFormat = self::knownLineFormat();
            if ($this->lineFormat >= '11' && $this->outputUsingJson()) {
                $this->lineFormat = '';
            }
        }
        $format = $this->lineFormat;
        $console = $this->console ??= ConsoleLine::for($this->output) ?? false;
        if ($format === '' || ($console ? $console->isDecorated() : $this->output->isDecorated()) || Carbon::hasTestNow()
            || ($format !== '8' && ! $this->outputInAppTimezone())) {
            return false;
        }
        // A job's name and id do not change between its lines: read once per job.
        if ($this->lineJob !== $job) {
            $this->lineJob = $job;
            $this->lineName = (string) $job->resolveName();
            $this->lineId = (string) $job->getJobId();
            $this->linePlain = self::plainText($this->lineName) && self::plainText($this->lineId);
        }
        if (! $this->linePlain) {
            return false;
        }
        [$name, $id] = [$this->lineName, $this->lineId];
        $date = $this->lineDate();
        if ($format === '8') {
            $word = ['starting' => 'Processing', 'success' => 'Processed', 'failed' => 'Failed'][$status] ?? null;
            if ($word === null) {
                return false;
            }
            $this->writeRaw(sprintf('[%s][%s] %s %s', $date, $id, str_pad($word.':', 11), $name));

            return true;
        }

        $verbose = $this->output->isVerbose();
        if ($format >= '12') {
            $connection = (string) $job->getConnectionName();
            $queue = (string) $job->getQueue();
            if ($verbose && (! self::plainText($connection) || ! self::plainText($queue))) {
                return false;
            }
            $line = $verbose ? "  $date $name $id $connection $queue" : rtrim("  $date $name ");
            $extra = $verbose ? mb_strlen($id) + mb_strlen($connection) + mb_strlen($queue) + 2 : 0;
        } else {
            $line = "  $date $name".($verbose ? " $id" : '');
            $extra = $verbose ? mb_strlen($id) + 1 : 0;
        }
        $width = ($this->width ??= new TerminalWidth)();
        if ($status === 'starting') {
            $this->latestStartedAt = microtime(true);
            $dots = max($width - mb_strlen($name) - $extra - 33, 0);
            $this->writeRaw($line.' '.str_repeat('.', $dots).' RUNNING');

            return true;
        }
        $ms = (microtime(true) - $this->latestStartedAt) * 1000;
        if ($ms > 1000) {
            return false;
        }
        $runTime = number_format($ms, 2).'ms';
        // 13: the process's memory beside the run time under -v, as Laravel rounds it.
        $memory = $format >= '13' && $verbose ? round(memory_get_usage(true) / 1024 / 1024, 1).'MB' : '';
        if ($memory !== '') {
            $extra += mb_strlen($memory) + 1;
        }
        $result = self::resultWord($format, $status, $job);
        $dots = max($width - mb_strlen($name) - $extra - mb_strlen($runTime) - mb_strlen($result) - 27, 0);
        $this->writeRaw($line.' '.str_repeat('.', $dots)." $runTime".($memory !== '' ? " $memory" : '')." $result");

        return true;
    }

    /** writeln($line, OUTPUT_RAW) on the command's output. */
    private function writeRaw(string $line): void
    {
        if ($this->console) {
            $this->console->write($line);
        } else {
            $this->output->writeln($line, OutputInterface::OUTPUT_RAW);
        }
    }

    /** date('Y-m-d H:i:s'), formatted once per second (and again if the default timezone changes). */
    private function lineDate(): string
    {
        $second = time();
        $zone = date_default_timezone_get();
        if ($second !== $this->dateSecond || $zone !== $this->dateZone) {
            [$this->dateSecond, $this->dateZone, $this->date] = [$second, $zone, date('Y-m-d H:i:s', $second)];
        }

        return $this->date;
    }

    /** The word that ends a finished job's line: 13.42 tells a job that released itself apart. */
    private static function resultWord(string $format, string $status, Job $job): string
    {
        if ($status !== 'success') {
            return 'FAIL';
        }

        return $format === '13.42' && $job->isReleased() ? 'RELEASED' : 'DONE';
    }

    /** The format of LINE_FORMATS the running queue:work prints, '' when it is none of them. */
    private static function knownLineFormat(): string
    {
        $fingerprint = SourceFingerprint::methods(QueueWorkCommand::class, ['writeOutput', 'writeStatus', 'writeOutputForCli', 'now', 'formatRunTime', 'runTimeForHumans', 'outputUsingJson']);

        return self::LINE_FORMATS[substr(sha1($fingerprint), 0, 12)] ?? '';
    }

    /** Text Symfony's formatter prints unchanged when not decorated. */
    private static function plainText(string $text): bool
    {
        return strpbrk($text, "<>\0") === false && ! str_ends_with($text, '\\');
    }

    /** queue:work's now() is Carbon::now(): no queue.output_timezone other than app.timezone. */
    private function outputInAppTimezone(): bool
    {
        $config = $this->laravel['config'];
        $zone = $config->get('queue.output_timezone');

        return ! $zone || $zone === $config->get('app.timezone');
    }

    protected function makeWorker(string $connection, string $queue): LaravelWorker
    {
        $factory = $this->laravel->make(RedisQueueFactory::class);
        // Laravel's worker settings that the native worker applies (WorkerSettings).
        $options = $this->nativeWorkerOptions() + WorkerSettings::nativeOptions();

        // queue:restart: read by the native worker in its reserve call when the cache store
        // queue:restart writes to is a Redis store on the queue's server, database and prefix;
        // else polled through that cache repository (see Worker\RestartPoll).
        $restartCache = null;
        // (None when Worker::$restartable is off: Queue::withoutInterruptionPolling().)
        if (! $this->option('once') && WorkerSettings::restartable()) {
            $key = $factory->nativeRestartKey($connection, $this->cache);
            if ($key !== null) {
                $options['restart_key'] = $key;
            } else {
                $restartCache = $this->cache;
            }
        }

        $events = $this->laravel['events'];
        $exceptions = $this->laravel->make(ExceptionHandler::class);
        $redisQueue = $factory->make($connection);
        $resetScope = $this->resetScope();
        // Laravel's own check, as queue:work's worker makes it, rather than the native
        // worker's maintenance_file: an application may define maintenance otherwise, and
        // a worker that is down must still see queue:restart when it polls the cache.
        $isDown = $this->option('force') ? null : $this->maintenanceCheck();
        // queue:work's own WorkerOptions, for the events that carry them.
        $settings = (new WorkerSettings($connection, $queue, $options, $this->gatherWorkerOptions()))
            ->withRoundHooks($resetScope, $isDown);

        return new LaravelWorker(
            $this->container(),
            $redisQueue,
            $settings,
            new QueueEvents($events, $exceptions, $this->eventShortcut),
            new RestartPoll($exceptions, $restartCache, isset($options['restart_key']) ? $this->cache : null),
        );
    }

    /**
     * The FastQueue\Worker options from queue:work's options.
     *
     * @return array<string, mixed>
     */
    protected function nativeWorkerOptions(): array
    {
        return [
            'name' => (string) $this->option('name'),
            // WorkerOptions: max(--backoff, --delay); either may be a list such as "1,5,10".
            'backoff' => $this->backoffOption(max($this->option('backoff'), $this->option('delay'))),
            'memory' => $this->memoryOption(),
            'timeout' => (int) $this->option('timeout'),
            'sleep' => $this->numericOption('sleep'),
            'tries' => (int) $this->option('tries'),
            'force' => (bool) $this->option('force'),
            'stop_when_empty' => (bool) $this->option('stop-when-empty'),
            'max_jobs' => (int) $this->option('max-jobs'),
            'max_time' => (int) $this->option('max-time'),
            'rest' => $this->numericOption('rest'),
            'prefetch' => (int) $this->option('prefetch'),
            'overlap' => ! $this->option('no-overlap'),
            'lease_renewal' => (bool) $this->option('lease-renewal'),
            'timeout_mode' => (string) $this->option('timeout-mode'),
            // Failed jobs go to Laravel's failer, through JobFailed (logFailedJob).
            'failed_store' => false,
        ] + $this->metricsOptions();
    }

    /**
     * The native worker's metrics options, only those given: without a --metrics option the
     * worker is made exactly as before. Any of them turns the figures on, since an exposition
     * of figures nobody gathers would be empty.
     *
     * @return array<string, mixed>
     */
    protected function metricsOptions(): array
    {
        $options = [];
        foreach (['metrics-file' => 'metrics_file', 'metrics-listen' => 'metrics_listen', 'metrics-worker' => 'metrics_worker'] as $option => $key) {
            if ($this->option($option) !== null) {
                $options[$key] = (string) $this->option($option);
            }
        }
        if (($allow = $this->option('metrics-allow')) !== null) {
            // "10.0.0.0/8, ::1/128": the list the worker takes, each network checked by it.
            $options['metrics_allow'] = array_map('trim', explode(',', (string) $allow));
        }
        if (($interval = $this->option('metrics-interval')) !== null) {
            // A value that is no number goes as it is, for the worker's own refusal.
            $options['metrics_interval'] = is_numeric($interval) ? $interval + 0 : $interval;
        }
        if ($this->option('metrics-publish')) {
            $options['metrics_publish'] = true;
        }
        if ($options !== [] || $this->option('metrics')) {
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
    protected function memoryOption(): int
    {
        $value = (string) $this->option('memory');
        $noLimit = PHP_INT_MAX >> 20;
        if (str_ends_with($value, '%') && str_contains((string) $this->getDefinition()->getOption('memory')->getDescription(), 'percentage')) {
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
    protected function backoffOption($value): int|array
    {
        $list = array_map(fn ($s) => max(0, (int) $s), explode(',', (string) $value));

        return count($list) === 1 ? $list[0] : $list;
    }

    protected function numericOption(string $option): int|float
    {
        $value = $this->option($option);

        return is_numeric($value) ? $value + 0 : 0;
    }

    /**
     * The reset-scope callback QueueServiceProvider made Laravel's worker with, run before each
     * job as queue:work runs it: what it resets (log context, scoped instances, resolved
     * facades, and from Laravel 10 on the database query-duration counters) is the running
     * version's. Without one (a worker made otherwise), the facades and scoped instances.
     */
    protected function resetScope(): \Closure
    {
        if (is_callable($reset = $this->laravelWorkerProperty('resetScope'))) {
            // Laravel's own closure, with its lookups made cheap where it is a known one.
            return ScopeReset::for(\Closure::fromCallable($reset), $this->container());
        }
        $app = $this->laravel;

        return function () use ($app) {
            if (method_exists($app, 'forgetScopedInstances')) {
                $app->forgetScopedInstances();
            }
            Facade::clearResolvedInstances();
        };
    }

    /**
     * The maintenance check queue:work's worker makes before each round (QueueServiceProvider
     * gives it the application's isDownForMaintenance(): storage/framework/down in Laravel 8,
     * the MaintenanceMode driver from Laravel 10 on).
     */
    protected function maintenanceCheck(): \Closure
    {
        if (is_callable($check = $this->laravelWorkerProperty('isDownForMaintenance'))) {
            return \Closure::fromCallable($check);
        }

        return fn () => $this->laravel->isDownForMaintenance();
    }

    /** The application, as the container class it is (Laravel's Application extends it). */
    private function container(): \Illuminate\Container\Container
    {
        if (! $this->laravel instanceof \Illuminate\Container\Container) {
            throw new \LogicException('fastqueue:work needs an application that is an Illuminate\\Container\\Container.');
        }

        return $this->laravel;
    }

    /** A protected property of Laravel's own worker (the one queue:work would run), or null. */
    private function laravelWorkerProperty(string $name): mixed
    {
        if (! is_object($this->worker)) {
            return null;
        }

        // Private state: a protected property of Laravel's Worker (isDownForMaintenance, the
        // check queue:work's worker makes). Guard: no source fingerprint; property_exists(),
        // and only a callable is used.
        return (function () use ($name) {
            return property_exists($this, $name) ? $this->{$name} : null;
        })->call($this->worker);
    }
}
