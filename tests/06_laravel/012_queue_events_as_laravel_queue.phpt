--TEST--
Laravel: the worker's queue:* events report what a subclass of Laravel's RedisQueue sees under Laravel's own worker (pop, migrateExpiredJobs, deleteReserved, deleteAndRelease: where Horizon fires its events), in the same order with the same jobs
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel.inc'; fq_skip_unless_laravel(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/laravel.inc';
fq_laravel_load();

$name = 'lv012';
fq_clean($name);

// What a queue subclass learns, recorded where Horizon's RedisQueue fires JobReserved,
// JobsMigrated, JobDeleted and JobReleased, with the same data those events carry.
final class Lv012Queue extends Illuminate\Queue\RedisQueue
{
    public static array $log = [];

    public function pop($queue = null, $index = 0)
    {
        $job = parent::pop($queue, $index);
        if ($job) {
            self::$log[] = ['reserved', $job->getQueue(), $job->getReservedJob()];
        }
        return $job;
    }

    public function migrateExpiredJobs($from, $to)
    {
        $jobs = parent::migrateExpiredJobs($from, $to);
        self::$log[] = ['migrated', preg_replace('/^queues:/', '', $to), $jobs, str_ends_with($from, ':delayed') ? 'delayed' : 'reserved'];
        return $jobs;
    }

    public function deleteReserved($queue, $job)
    {
        parent::deleteReserved($queue, $job);
        self::$log[] = ['deleted', $job->getQueue(), $job->getReservedJob(), $job->hasFailed()];
    }

    public function deleteAndRelease($queue, $job, $delay)
    {
        parent::deleteAndRelease($queue, $job, $delay);
        self::$log[] = ['released', $job->getQueue(), $job->getReservedJob(), $delay];
    }
}

// The jobs, "Class@method" as both workers resolve them. Laravel's worker leaves deleting a
// finished Class@method job to the job; FastQueue's acknowledges it (queue:deleted all the same).
final class Lv012Ok
{
    public function handle($job, $data)
    {
        if ($job instanceof Illuminate\Queue\Jobs\Job) {
            $job->delete();
        }
    }
}
final class Lv012Throws
{
    public function handle($job, $data)
    {
        throw new RuntimeException('throws');
    }
}
final class Lv012Release
{
    public function handle($job, $data)
    {
        if ($job->attempts() === 1) {
            $job->release(30);
        } elseif ($job instanceof Illuminate\Queue\Jobs\Job) {
            $job->delete();
        }
    }
}
final class Lv012Fail
{
    public function handle($job, $data)
    {
        $job->fail(new RuntimeException('given up'));
    }
}

final class Lv012Exceptions implements Illuminate\Contracts\Debug\ExceptionHandler
{
    public function report(Throwable $e) {}
    public function shouldReport(Throwable $e) { return false; }
    public function render($request, Throwable $e) { throw $e; }
    public function renderForConsole($output, Throwable $e) {}
}

function payload(string $class, int $n, int $attempts = 0): string
{
    return json_encode(['uuid' => "u$n", 'displayName' => $class, 'job' => "$class@handle", 'maxTries' => null,
        'timeout' => null, 'data' => ['n' => $n], 'id' => "i$n", 'attempts' => $attempts]);
}

// The phases, each from the same Redis state on both sides: pushed jobs (one released with no
// delay, so the next pop migrates it, one released for 30 s, one failing after its 2 tries, one
// failing itself); then the delayed one made due; then an expired reservation.
$phases = [
    'pushed' => function () use ($name) {
        foreach (['Lv012Ok', 'Lv012Throws', 'Lv012Release', 'Lv012Fail'] as $i => $class) {
            fqw_push_raw_lv012($name, payload($class, $i + 1));
        }
    },
    'delayed job due' => function () use ($name) {
        foreach (fq_raw()->cmd('ZRANGE', "queues:$name:delayed", '0', '-1') as $m) {
            fq_raw()->cmd('ZADD', "queues:$name:delayed", 'XX', '1', $m);
        }
    },
    'expired reservation' => function () use ($name) {
        fq_raw()->cmd('ZADD', "queues:$name:reserved", '1', payload('Lv012Ok', 5, 1));
    },
];
function fqw_push_raw_lv012(string $queue, string $payload): void
{
    fq_raw()->cmd('RPUSH', "queues:$queue", $payload);
    fq_raw()->cmd('RPUSH', "queues:$queue:notify", '1');
}

// Laravel's own worker on the recording queue, wired as QueueServiceProvider wires it.
function laravel_run(string $name): void
{
    $app = new Illuminate\Container\Container();
    Illuminate\Container\Container::setInstance($app);
    $app->instance('config', new Illuminate\Config\Repository(['queue' => ['connections' => ['redis' => ['driver' => 'recording']]]]));
    $events = new Illuminate\Events\Dispatcher($app);
    $app->instance('events', $events);
    $app->instance(Illuminate\Contracts\Events\Dispatcher::class, $events);
    $redis = new Illuminate\Redis\RedisManager($app, fq_laravel_redis_client(), ['client' => fq_laravel_redis_client(),
        'default' => ['host' => fq_test_host(), 'port' => fq_test_port(), 'database' => 0]]);
    $queue = new Lv012Queue($redis, $name, 'default', 60, null);
    $manager = new Illuminate\Queue\QueueManager($app);
    $manager->addConnector('recording', fn () => new class($queue) implements Illuminate\Queue\Connectors\ConnectorInterface {
        public function __construct(private $queue) {}
        public function connect(array $config) { return $this->queue; }
    });
    $exceptions = new Lv012Exceptions();
    $app->instance(Illuminate\Contracts\Debug\ExceptionHandler::class, $exceptions);
    $worker = new Illuminate\Queue\Worker($manager, $events, $exceptions, fn () => false);
    // name, backoff, memory, timeout, sleep, maxTries
    $options = new Illuminate\Queue\WorkerOptions('default', 0, 512, 0, 0, 2);
    for ($i = 0; $i < 8; $i++) {
        $worker->runNextJob('redis', $name, $options);
    }
}

function fastqueue_run(string $name): void
{
    $w = new FastQueue\Worker(fq_queue(['queue' => $name, 'retry_after' => 60]), null,
        ['tries' => 2, 'failed_store' => false, 'sleep' => 0, 'stop_when_empty' => true, 'timeout' => 0]);
    $w->on('queue:reserved', function ($job) { Lv012Queue::$log[] = ['reserved', $job->getQueue(), $job->getReservedJob()]; });
    $w->on('queue:migrated', function (string $queue, array $jobs, string $from) { Lv012Queue::$log[] = ['migrated', $queue, $jobs, $from]; });
    $w->on('queue:deleted', function ($job) { Lv012Queue::$log[] = ['deleted', $job->getQueue(), $job->getReservedJob(), $job->hasFailed()]; });
    $w->on('queue:released', function ($job, int $delay) { Lv012Queue::$log[] = ['released', $job->getQueue(), $job->getReservedJob(), $delay]; });
    $w->daemon($name);
}

// One line per event; jobs as class#attempts (Laravel's pop re-encodes the reserved copy, so
// the payloads are compared in canonical form as well). Laravel's worker pops once per
// runNextJob and FastQueue's worker reserves when it needs a job: how many pops found nothing
// to migrate differs, so migrations of no job are left out.
function describe(array $log): array
{
    $job = function (string $p): string {
        $d = json_decode($p, true);
        return $d['displayName'] . '#' . $d['attempts'];
    };
    $out = [];
    foreach ($log as $e) {
        if ($e[0] === 'migrated' && $e[2] === []) {
            continue;
        }
        $out[] = match ($e[0]) {
            'reserved' => "reserved $e[1] " . $job($e[2]),
            'migrated' => "migrated $e[1] from :$e[3] [" . implode(', ', array_map($job, $e[2])) . ']',
            'deleted' => "deleted $e[1] " . $job($e[2]) . ($e[3] ? ' (failed)' : ''),
            'released' => "released $e[1] " . $job($e[2]) . " delay $e[3]",
        };
    }
    return $out;
}
function canonical(array $log): array
{
    return array_map(fn ($e) => json_encode(array_map(fn ($v) => is_string($v) && str_starts_with($v, '{') ? fq_json_canonical($v)
        : (is_array($v) ? array_map('fq_json_canonical', $v) : $v), $e)), array_values(array_filter($log, fn ($e) => !($e[0] === 'migrated' && $e[2] === []))));
}

$logs = ['laravel' => [], 'fastqueue' => []];
$states = [];
foreach (['laravel', 'fastqueue'] as $side) {
    fq_clean($name);
    foreach ($phases as $phase => $setUp) {
        $setUp();
        Lv012Queue::$log = [];
        $side === 'laravel' ? laravel_run($name) : fastqueue_run($name);
        $logs[$side][$phase] = Lv012Queue::$log;
        $states[$side][$phase] = fq_state_canonical(fq_queue_state($name));
    }
}
foreach ($phases as $phase => $_) {
    echo "$phase:\n  ", implode("\n  ", describe($logs['laravel'][$phase])), "\n";
    $same = canonical($logs['laravel'][$phase]) === canonical($logs['fastqueue'][$phase]);
    echo '  FastQueue: ', $same ? 'the same events, jobs and data' : "DIFFERENT:\n  " . implode("\n  ", describe($logs['fastqueue'][$phase])), "\n";
    echo '  Redis afterwards: ', fq_states_match($states['laravel'][$phase], $states['fastqueue'][$phase], 1) ? 'the same' : 'DIFFERENT', "\n";
}
// FastQueue reports every migration step of every reserve, those of no job included, as
// Horizon's RedisQueue fires JobsMigrated on every pop: a delayed step, then a reserved one.
$steps = array_values(array_map(fn ($e) => $e[3], array_filter($logs['fastqueue']['pushed'], fn ($e) => $e[0] === 'migrated')));
$pairs = array_chunk($steps, 2);
echo 'FastQueue steps in phase 1: ', count($pairs) >= 6 && array_unique(array_map('json_encode', $pairs)) === ['["delayed","reserved"]'] ? 'a delayed then a reserved one per reserve' : json_encode($steps), "\n";
fq_clean($name);
?>
--CLEAN--
<?php require __DIR__ . '/../inc/config.inc'; if (fq_test_port()) fq_clean('lv012'); ?>
--EXPECT--
FastQueue: attempt 1 of Lv012Ok ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (60 s) without renewing it
pushed:
  reserved lv012 Lv012Ok#1
  deleted lv012 Lv012Ok#1
  reserved lv012 Lv012Throws#1
  released lv012 Lv012Throws#1 delay 0
  migrated lv012 from :delayed [Lv012Throws#1]
  reserved lv012 Lv012Release#1
  released lv012 Lv012Release#1 delay 30
  reserved lv012 Lv012Fail#1
  deleted lv012 Lv012Fail#1 (failed)
  reserved lv012 Lv012Throws#2
  deleted lv012 Lv012Throws#2 (failed)
  FastQueue: the same events, jobs and data
  Redis afterwards: the same
delayed job due:
  migrated lv012 from :delayed [Lv012Release#1]
  reserved lv012 Lv012Release#2
  deleted lv012 Lv012Release#2
  FastQueue: the same events, jobs and data
  Redis afterwards: the same
expired reservation:
  migrated lv012 from :reserved [Lv012Ok#1]
  reserved lv012 Lv012Ok#2
  deleted lv012 Lv012Ok#2
  FastQueue: the same events, jobs and data
  Redis afterwards: the same
FastQueue steps in phase 1: a delayed then a reserved one per reserve
