<?php
// Many workers against one redis-server: K worker processes per side (K = 1, 2, 4, 8 by
// default) serve the same N no-op jobs of one queue, Laravel 8.83's Illuminate\Queue\Worker
// against FastQueue\Worker at prefetch 1 and 32, interleaved, on one private redis-server.
// For each K and side: total jobs/s, redis-server's CPU per job (INFO cpu before and after),
// and the ratio to Laravel's jobs/s at the same K; medians over the repeats.
//
//   php -d extension=modules/fastqueue.so bench/many.php [--n N] [--k 1,2,4,8] [--repeat R]
//       [--placement os|split] [--ext PATH]
//
//   --n N          jobs per run (default 20000)
//   --k LIST       worker processes per side (default 1,2,4,8)
//   --repeat R     runs of each side and K, interleaved (default 3)
//   --placement P  os: nothing pinned (default; the workers share both CPUs with redis-server);
//                  split: redis-server on CPU 0, every worker on CPU 1
//   --ext PATH     the extension the FastQueue workers load (default modules/fastqueue.so)
//
// The workers start, wait at a barrier (a BLPOP each), and are timed from its release until
// the last one has stopped on the empty queue (stop_when_empty). Each run checks that every
// job ran exactly once and that the queue's keys are empty. Also a child mode:
// bench/many.php --worker SIDE PORT QUEUE OUT (what the parent starts).

declare(strict_types=1);

require __DIR__ . '/lib/common.php';

/** The Laravel side's no-op job: records which job ran, and deletes itself. */
final class BenchNoopJob
{
    public static array $seen = [];

    public function handle($job, array $data): void
    {
        self::$seen[] = $data['i'];
        $job->delete();
    }
}

/** One worker process: waits at the barrier, serves until the queue is empty, writes what ran. */
function many_worker(string $side, int $port, string $queue, string $out): never
{
    $r = bench_redis($port);
    if ($side === 'laravel') {
        require __DIR__ . '/lib/laravel-app.php';
        [$worker] = bench_laravel_worker($port, $queue, null);
        // name, backoff, memory, timeout, sleep, maxTries, force, stopWhenEmpty
        $options = new Illuminate\Queue\WorkerOptions('default', 0, 512, 60, 0, 1, false, true);
        $run = fn () => $worker->daemon('redis', $queue, $options);
        $seen = fn () => BenchNoopJob::$seen;
    } else {
        $mine = [];
        $q = new FastQueue\RedisQueue(['host' => '127.0.0.1', 'port' => $port, 'retry_after' => 90]);
        $w = new FastQueue\Worker($q, function (FastQueue\Job $job) use (&$mine) {
            $mine[] = $job->getData()['i'];
        }, ['sleep' => 0, 'tries' => 1, 'timeout' => 60, 'memory' => 512, 'stop_when_empty' => true,
            'prefetch' => (int) substr($side, 2)]);
        $q->size($queue);   // connects before the barrier, as the Laravel side does
        $run = fn () => $w->daemon($queue);
        $seen = function () use (&$mine) { return $mine; };
    }
    $r->rPush("bench:ready:$queue", '1');
    $r->blPop(["bench:go:$queue"], 60);
    $status = $run();
    file_put_contents($out, json_encode(['status' => $status, 'seen' => $seen()]));
    exit(0);
}

if (($argv[1] ?? '') === '--worker') {
    many_worker($argv[2], (int) $argv[3], $argv[4], $argv[5]);
}

$opts = getopt('', ['n:', 'k:', 'repeat:', 'placement:', 'ext:']);
$n = (int) ($opts['n'] ?? 20000);
$ks = array_map('intval', explode(',', $opts['k'] ?? '1,2,4,8'));
$repeat = (int) ($opts['repeat'] ?? 3);
$placement = $opts['placement'] ?? 'os';
$ext = realpath($opts['ext'] ?? __DIR__ . '/../modules/fastqueue.so');
if ($n < 1 || $repeat < 1 || min($ks) < 1 || !in_array($placement, ['os', 'split'], true) || $ext === false) {
    fwrite(STDERR, "bench/many.php: bad options (or no extension at --ext)\n");
    exit(2);
}
$pin = fn (int $cpu) => $placement === 'split' ? ['taskset', '-c', (string) $cpu] : [];
$sides = ['laravel', 'fq1', 'fq32'];
$server = bench_start_redis($pin(0));
$port = $server[1];
$r = bench_redis($port);
$tmp = $server[2];

printf("many workers: N=%d jobs per run, K=%s worker processes per side, %d repeats interleaved, placement %s%s\n",
    $n, implode(',', $ks), $repeat, $placement, $placement === 'split' ? ' (redis-server on CPU 0, workers on CPU 1)' : ' (nothing pinned)');

/** One run: N jobs, K workers of $side; returns [jobs/s, redis-server CPU us per job]. */
function many_run(string $side, int $k, int $n, int $port, Redis $r, array $pin, string $ext, string $tmp, string $queue): array
{
    passthru(implode(' ', array_map('escapeshellarg', [PHP_BINARY, __DIR__ . '/lib/push.php', (string) $port, $queue, (string) $n])), $rc);
    if ($rc !== 0) {
        fwrite(STDERR, "bench/many.php: pushing failed\n");
        exit(1);
    }
    $procs = [];
    for ($i = 0; $i < $k; $i++) {
        $procs[] = proc_open([...$pin, PHP_BINARY, '-d', 'memory_limit=-1', '-d', 'opcache.enable_cli=0', '-d', "extension=$ext",
            __FILE__, '--worker', $side, (string) $port, $queue, "$tmp/out$i.json"], [1 => ['file', '/dev/null', 'w']], $pipes);
    }
    for ($i = 0; $i < $k; $i++) {
        if (!$r->blPop(["bench:ready:$queue"], 60)) {
            fwrite(STDERR, "bench/many.php: a $side worker did not start\n");
            exit(1);
        }
    }
    $cpu0 = bench_redis_cpu($r);
    $t0 = hrtime(true);
    $r->rPush("bench:go:$queue", ...array_fill(0, $k, '1'));
    foreach ($procs as $p) {
        proc_close($p);
    }
    $secs = (hrtime(true) - $t0) / 1e9;
    $cpu = bench_redis_cpu($r) - $cpu0;
    $seen = [];
    for ($i = 0; $i < $k; $i++) {
        $o = json_decode((string) @file_get_contents("$tmp/out$i.json"), true);
        @unlink("$tmp/out$i.json");
        if (($o['status'] ?? 1) !== 0) {
            fwrite(STDERR, "bench/many.php: a $side worker ended badly\n");
            exit(1);
        }
        foreach ($o['seen'] as $id) {
            $seen[$id] = ($seen[$id] ?? 0) + 1;
        }
    }
    $problems = bench_check($r, "queues:$queue", $seen, array_sum($seen), $n);
    if ($problems) {
        fwrite(STDERR, "bench/many.php: $side K=$k: " . implode('; ', $problems) . "\n");
        exit(1);
    }
    bench_clear($r, "queues:$queue");
    return [$n / $secs, $cpu / $n * 1e6];
}

$all = [];
for ($rep = 1; $rep <= $repeat; $rep++) {
    foreach ($ks as $k) {
        foreach ($sides as $side) {
            [$rate, $us] = many_run($side, $k, $n, $port, $r, $pin(1), $ext, $tmp, "many-$side-$k-$rep");
            $all[$k][$side][] = [$rate, $us];
            printf("  run %d/%d K=%d %-7s %8.0f jobs/s  redis %6.1f us/job\n", $rep, $repeat, $k, $side, $rate, $us);
        }
    }
}
$median = function (array $v) {
    sort($v);
    return $v[intdiv(count($v), 2)];
};
echo "\nmedians:\n";
printf("%3s | %-7s | %9s | %13s | %s\n", 'K', 'side', 'jobs/s', 'redis us/job', 'x Laravel');
foreach ($ks as $k) {
    $base = $median(array_column($all[$k]['laravel'], 0));
    foreach ($sides as $side) {
        $rate = $median(array_column($all[$k][$side], 0));
        printf("%3d | %-7s | %9.0f | %13.1f | %.1fx\n", $k, $side, $rate, $median(array_column($all[$k][$side], 1)), $rate / $base);
    }
}
bench_stop_redis($server);
