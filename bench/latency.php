<?php
// Push-to-start latency of an idle worker: Laravel 8.83's Illuminate\Queue\Worker against
// FastQueue\Worker, each blocked (block_for B) on the priority list "high,low" of one private
// redis-server, with every job pushed to the second queue, "low". One job at a time: the bench
// pushes a job, waits until it ran, lets the worker go back to its wait, then pushes the next.
// The latency is the job's start (its handler's first line) minus the moment just before the
// push, both from this machine's clock. Sides alternate in rounds of 100 jobs, so that both see
// the same machine.
//
//   php -d extension=modules/fastqueue.so bench/latency.php [--n N] [--block-for B]
//       [--placement os|split] [--idle-ms MS] [--ext PATH]
//
//   --n N          jobs per side (default 2000)
//   --block-for B  whole seconds, both sides (default 1; Debian's phpredis takes BLPOP's
//                  timeout as an integer)
//   --placement P  split: redis-server on CPU 0, the workers on CPU 1 (default); os: no taskset
//   --idle-ms MS   pause between a job's end and the next push, for the worker to block (20)
//
//   --ext PATH     the extension the FastQueue worker loads (default modules/fastqueue.so)
//
// Prints p50, p99 and max for each side, and Laravel's over FastQueue's. Also a child mode:
// bench/latency.php --worker laravel|fastqueue PORT BLOCK_FOR (what the parent starts).

declare(strict_types=1);

require __DIR__ . '/lib/common.php';

const LAT_RESULTS = 'bench:latency';

/** The job: reports when it started (to LAT_RESULTS), then ends. */
final class BenchLatencyJob
{
    public static ?Redis $report = null;

    public function handle($job, array $data): void
    {
        $started = microtime(true);
        self::$report->rPush(LAT_RESULTS, sprintf('%.6f', $started - (float) $data['t']));
        $job->delete();
    }
}

function lat_worker(string $side, int $port, float $blockFor): never
{
    BenchLatencyJob::$report = bench_redis($port);
    if ($side === 'laravel') {
        require __DIR__ . '/lib/laravel-app.php';
        // Whole seconds: this phpredis takes BLPOP's timeout as an integer.
        [$worker] = bench_laravel_worker($port, 'high', (int) $blockFor);
        // name, backoff, memory, timeout, sleep, maxTries, force, stopWhenEmpty
        $options = new Illuminate\Queue\WorkerOptions('default', 0, 512, 60, 0, 1, false, false);
        echo "ready\n";
        $worker->daemon('redis', 'high,low', $options);
        exit(0);
    }
    $q = new FastQueue\RedisQueue(['host' => '127.0.0.1', 'port' => $port, 'retry_after' => 90,
        'block_for' => $blockFor]);
    $job = new BenchLatencyJob();
    $w = new FastQueue\Worker($q, function (FastQueue\Job $j) use ($job) {
        $job->handle($j, $j->getData());
    }, ['sleep' => 0, 'tries' => 1, 'timeout' => 60, 'memory' => 512]);
    echo "ready\n";
    exit($w->daemon('high,low'));
}

if (($argv[1] ?? '') === '--worker') {
    lat_worker($argv[2], (int) $argv[3], (float) $argv[4]);
}

$opts = getopt('', ['n:', 'block-for:', 'placement:', 'idle-ms:', 'ext:']);
$n = (int) ($opts['n'] ?? 2000);
$blockFor = (float) ($opts['block-for'] ?? 1);
$placement = $opts['placement'] ?? 'split';
$idleMs = (int) ($opts['idle-ms'] ?? 20);
$ext = realpath($opts['ext'] ?? __DIR__ . '/../modules/fastqueue.so');
if ($n < 1 || $blockFor < 1 || $blockFor != floor($blockFor) || !in_array($placement, ['os', 'split'], true) || $ext === false) {
    fwrite(STDERR, "bench/latency.php: bad options (or no extension at --ext)\n");
    exit(2);
}
if (!class_exists('FastQueue\RedisQueue')) {
    fwrite(STDERR, "bench/latency.php: load the extension (php -d extension=modules/fastqueue.so)\n");
    exit(2);
}
$pin = fn (int $cpu) => $placement === 'split' ? ['taskset', '-c', (string) $cpu] : [];

$server = bench_start_redis($pin(0));
$port = $server[1];
$r = bench_redis($port);

/** Starts a side's worker and waits for its "ready". */
function lat_start(string $side, array $pin, string $ext, int $port, float $blockFor)
{
    $p = proc_open([...$pin, PHP_BINARY, '-d', "extension=$ext", __FILE__, '--worker', $side,
        (string) $port, (string) $blockFor], [1 => ['pipe', 'w']], $pipes);
    if (fgets($pipes[1]) !== "ready\n") {
        fwrite(STDERR, "bench/latency.php: the $side worker did not start\n");
        exit(1);
    }
    return $p;
}

/** Pushes $count jobs to "low" one at a time; returns their latencies (seconds). */
function lat_round(FastQueue\RedisQueue $pusher, Redis $r, int $count, int $idleMs): array
{
    $out = [];
    for ($i = 0; $i < $count; $i++) {
        usleep($idleMs * 1000);    // the worker is back in its blocking wait
        $pusher->push('BenchLatencyJob@handle', ['t' => sprintf('%.6f', microtime(true))], 'low');
        $got = $r->blPop([LAT_RESULTS], 30);
        if (!$got) {
            fwrite(STDERR, "bench/latency.php: a job did not start within 30 s\n");
            exit(1);
        }
        $out[] = (float) $got[1];
    }
    return $out;
}

function lat_pct(array $v, float $p): float
{
    sort($v);
    return $v[min(count($v) - 1, (int) ceil($p / 100 * count($v)) - 1)];
}

$pusher = new FastQueue\RedisQueue(['host' => '127.0.0.1', 'port' => $port]);
$sides = ['laravel' => [], 'fastqueue' => []];
printf("push-to-start latency: %d jobs per side, block_for %s s, list \"high,low\", jobs pushed to \"low\", placement %s%s\n",
    $n, $blockFor, $placement, $placement === 'split' ? ' (redis-server on CPU 0, workers on CPU 1)' : '');
for ($done = 0; $done < $n; $done += 100) {
    foreach (array_keys($sides) as $side) {
        $p = lat_start($side, $pin(1), $ext, $port, $blockFor);
        array_push($sides[$side], ...lat_round($pusher, $r, min(100, $n - $done), $idleMs));
        proc_terminate($p, SIGTERM);
        proc_close($p);
        if ($r->lLen('queues:low') + $r->lLen('queues:high') + $r->zCard('queues:low:reserved') !== 0) {
            fwrite(STDERR, "bench/latency.php: jobs left behind by the $side worker\n");
            exit(1);
        }
    }
}
$row = [];
foreach ($sides as $side => $v) {
    $row[$side] = [lat_pct($v, 50), lat_pct($v, 99), max($v)];
    printf("%-10s p50 %9.3f ms   p99 %9.3f ms   max %9.3f ms\n", $side, ...array_map(fn ($x) => $x * 1000, $row[$side]));
}
printf("laravel/fastqueue: p50 %.1fx, p99 %.1fx, max %.1fx\n", $row['laravel'][0] / $row['fastqueue'][0],
    $row['laravel'][1] / $row['fastqueue'][1], $row['laravel'][2] / $row['fastqueue'][2]);
bench_stop_redis($server);
