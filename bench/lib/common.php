<?php
// Shared helpers for the worker benchmark (bench/run). Every bench child prints exactly one
// machine-readable line, "RESULT key=value ...", or "SKIP reason", on stdout; diagnostics go
// to stderr. bench/run collects the RESULT lines and bench/lib/report.php turns them into the table.

declare(strict_types=1);

error_reporting(E_ALL);
ini_set('display_errors', 'stderr');

/** Loads Debian's Laravel 8.83 components (php-laravel-framework), without a full application. */
function bench_require_laravel(): void
{
    foreach (['Container', 'Config', 'Events', 'Redis', 'Queue', 'Support'] as $component) {
        require_once "Illuminate/$component/autoload.php";
    }
}

/** Positional arguments: PORT QUEUE N [extra...]. */
function bench_args(array $argv, int $extra = 0): array
{
    if (count($argv) < 4 + $extra) {
        fwrite(STDERR, "usage: {$argv[0]} PORT QUEUE N" . str_repeat(' ARG', $extra) . "\n");
        exit(2);
    }
    $port = (int) $argv[1];
    $queue = (string) $argv[2];
    $n = (int) $argv[3];
    if ($port <= 0 || $queue === '' || $n <= 0) {
        fwrite(STDERR, "bad arguments: port=$port queue=$queue n=$n\n");
        exit(2);
    }
    return [$port, $queue, $n, array_slice($argv, 4)];
}

/** A plain phpredis connection for setup, INFO and the checks (never the measured client). */
function bench_redis(int $port): Redis
{
    $r = new Redis();
    $r->connect('127.0.0.1', $port, 5.0);
    return $r;
}

/** redis-server's total CPU seconds so far (INFO cpu: used_cpu_sys + used_cpu_user). */
function bench_redis_cpu(Redis $r): float
{
    $info = $r->info('cpu');
    return (float) $info['used_cpu_sys'] + (float) $info['used_cpu_user'];
}

/** This process's CPU seconds so far: [user, sys]. */
function bench_rusage(): array
{
    $u = getrusage(0);
    return [
        $u['ru_utime.tv_sec'] + $u['ru_utime.tv_usec'] / 1e6,
        $u['ru_stime.tv_sec'] + $u['ru_stime.tv_usec'] / 1e6,
    ];
}

/**
 * Whole-machine CPU seconds so far from /proc/stat (USER_HZ is 100 on Linux): [busy, steal].
 * busy = user+nice+system of every CPU; with the worker's and redis-server's own
 * CPU subtracted, it shows how much else ran during a measurement. [0, 0] when unreadable.
 */
function bench_machine_cpu(): array
{
    $line = @file('/proc/stat', FILE_IGNORE_NEW_LINES)[0] ?? '';
    $f = preg_split('/\s+/', trim($line));
    if (($f[0] ?? '') !== 'cpu' || count($f) < 9) {
        return [0.0, 0.0];
    }
    // user + nice + system; irq and softirq are left out, since the loopback traffic of the
    // bench itself is accounted there rather than to the worker or redis-server.
    $busy = (int) $f[1] + (int) $f[2] + (int) $f[3];
    return [$busy / 100, (int) $f[8] / 100];
}

/**
 * Checks that job i = 0..N-1 each ran exactly once and that the queue's list and both
 * sorted sets are empty. $key is the full key of the queue list ("queues:NAME", with prefix).
 * Returns a list of problems (empty when all is well) and fills $notes with non-fatal remarks.
 */
function bench_check(Redis $r, string $key, array $seen, int $calls, int $n, ?array &$notes = null): array
{
    $problems = [];
    $notes = [];
    if ($calls !== $n) {
        $problems[] = "handler ran $calls times, expected $n";
    }
    if (count($seen) !== $n) {
        $problems[] = count($seen) . " distinct jobs ran, expected $n";
    }
    $missing = $twice = [];
    for ($i = 0; $i < $n; $i++) {
        $c = $seen[$i] ?? 0;
        if ($c === 0) {
            $missing[] = $i;
        } elseif ($c > 1) {
            $twice[] = "$i(x$c)";
        }
    }
    foreach (array_keys($seen) as $i) {
        if (!is_int($i) || $i < 0 || $i >= $n) {
            $problems[] = "unexpected job i=" . var_export($i, true);
            break;
        }
    }
    if ($missing) {
        $problems[] = count($missing) . ' jobs never ran, e.g. i=' . implode(',', array_slice($missing, 0, 5));
    }
    if ($twice) {
        $problems[] = count($twice) . ' jobs ran more than once, e.g. i=' . implode(',', array_slice($twice, 0, 5));
    }
    $llen = $r->lLen($key);
    $reserved = $r->zCard("$key:reserved");
    $delayed = $r->zCard("$key:delayed");
    if ($llen !== 0) {
        $problems[] = "LLEN $key = $llen, expected 0";
    }
    if ($reserved !== 0) {
        $problems[] = "ZCARD $key:reserved = $reserved, expected 0";
    }
    if ($delayed !== 0) {
        $problems[] = "ZCARD $key:delayed = $delayed, expected 0";
    }
    $notify = $r->lLen("$key:notify");
    if ($notify !== 0) {
        // Laravel's pop script LPOPs one :notify entry per reserved job; not part of the pass/fail check.
        $notes[] = "LLEN $key:notify = $notify (Laravel leaves 0)";
    }
    return $problems;
}

/** Removes every key of the queue (list, :notify, :reserved, :delayed). */
function bench_clear(Redis $r, string $key): void
{
    $r->del($key, "$key:notify", "$key:reserved", "$key:delayed");
}

/**
 * Prints the RESULT line, the problems (loudly, on stderr) and exits: 0 when the run is
 * good, 3 when a check failed.
 */
function bench_finish(array $fields, array $problems, array $notes): never
{
    $fields['ok'] = $problems ? 0 : 1;
    $parts = [];
    foreach ($fields as $k => $v) {
        $parts[] = $k . '=' . (is_float($v) ? sprintf('%.6f', $v) : str_replace(' ', '_', (string) $v));
    }
    echo 'RESULT ', implode(' ', $parts), "\n";
    foreach ($notes as $note) {
        fwrite(STDERR, "note: $note\n");
    }
    if ($problems) {
        fwrite(STDERR, "\n!!! CHECK FAILED ({$fields['side']}, queue {$fields['queue']}):\n");
        foreach ($problems as $p) {
            fwrite(STDERR, "!!!   $p\n");
        }
        exit(3);
    }
    exit(0);
}

/**
 * Times one worker's daemon() over the N jobs and ends the process with its RESULT line:
 * wall time, the worker's and redis-server's CPU, the machine's other load, then the checks
 * (each job ran exactly once, the queue's keys are empty, status 0). $tally returns
 * [$seen, $calls] as the handler recorded them.
 */
function bench_measure_and_finish(Redis $r, string $side, string $queue, string $key, int $n,
    callable $daemon, callable $tally): never
{
    $machine0 = bench_machine_cpu();
    $cpu0 = bench_rusage();
    $redis0 = bench_redis_cpu($r);
    $t0 = hrtime(true);
    $status = $daemon();
    $t1 = hrtime(true);
    $redis1 = bench_redis_cpu($r);
    $cpu1 = bench_rusage();
    $machine1 = bench_machine_cpu();

    [$seen, $calls] = $tally();
    $problems = bench_check($r, $key, $seen, $calls, $n, $notes);
    if ($status !== 0) {
        $problems[] = "daemon() returned $status, expected 0";
    }
    bench_finish([
        'side' => $side,
        'queue' => $queue,
        'n' => $n,
        'secs' => ($t1 - $t0) / 1e9,
        'user' => $cpu1[0] - $cpu0[0],
        'sys' => $cpu1[1] - $cpu0[1],
        'redis_cpu' => $redis1 - $redis0,
        'machine_busy' => $machine1[0] - $machine0[0],
        'steal' => $machine1[1] - $machine0[1],
        'status' => $status,
        'rss_kb' => (int) (getrusage()['ru_maxrss'] ?? 0),
    ], $problems, $notes ?? []);
}

/**
 * A private redis-server on a free loopback port (no persistence), under $pin (a taskset
 * prefix or []). Returns [process, port, dir]; bench_stop_redis() ends it.
 */
function bench_start_redis(array $pin): array
{
    $dir = sys_get_temp_dir() . '/fq-bench-redis-' . getmypid();
    @mkdir($dir);
    $sock = stream_socket_server('tcp://127.0.0.1:0');
    $port = (int) substr(strrchr(stream_socket_get_name($sock, false), ':'), 1);
    fclose($sock);
    $proc = proc_open([...$pin, 'redis-server', '--port', (string) $port, '--bind', '127.0.0.1',
        '--save', '', '--appendonly', 'no', '--dir', $dir], [1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes);
    for ($i = 0; $i < 100; $i++) {
        usleep(50000);
        try {
            bench_redis($port)->close();
            return [$proc, $port, $dir];
        } catch (RedisException) {
        }
    }
    fwrite(STDERR, "bench: redis-server did not start\n");
    exit(1);
}

function bench_stop_redis(array $server): void
{
    proc_terminate($server[0], SIGTERM);
    proc_close($server[0]);
    @rmdir($server[2]);
}
