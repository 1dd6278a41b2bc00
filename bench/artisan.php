<?php
// The artisan row of the benchmark: the same N dispatched ShouldQueue no-op jobs through
// `php artisan queue:work --stop-when-empty` and `php artisan fastqueue:work --stop-when-empty`,
// both with their default options, in one minimal Laravel application (Debian's
// php-laravel-framework, 8.83, or a Composer application's vendor/ with --laravel, built as
// tests/07_artisan builds it), on one private redis-server.
// Runs alternate between the two commands; it prints jobs/s of each run, the medians and their
// ratio.
//
//   php bench/artisan.php [--n N] [--repeat R] [--placement os|same|split] [--ext PATH]
//                         [--job noop|sqlite] [--fq-args ARGS] [--laravel VENDOR_DIR]
//
//   --n N           jobs per run (default 20000)
//   --repeat R      runs of each command, interleaved (default 3)
//   --placement P   os (default: no taskset), same (worker and redis-server on CPU 0),
//                   split (redis-server on CPU 0, worker on CPU 1)
//   --ext PATH      the FastQueue extension (default modules/fastqueue.so)
//   --job J         noop (App\Jobs\NoopJob, default) or sqlite (App\Jobs\SqliteLogJob: one row
//                   into SQLite, one log line)
//   --fq-args ARGS  more options for fastqueue:work only, e.g. "--prefetch=32"
//   --laravel DIR   Laravel from this Composer vendor/ (FASTQUEUE_TEST_LARAVEL; its
//                   vendor/fastqueue/laravel must be this checkout's laravel/, else it stops)
//
// What is timed: from the first JobProcessing event to the last JobProcessed event, as seen by a
// listener in the application (App\Providers\BenchClock) that both commands dispatch to alike;
// so neither the application's boot nor --stop-when-empty's final --sleep counts. Every run is
// checked: N jobs processed, N distinct job ids, none failed, the queue empty afterwards.
// The exit status is 0 only when every run passed its checks.

declare(strict_types=1);

error_reporting(E_ALL);
ini_set('display_errors', 'stderr');

$opts = getopt('', ['n:', 'repeat:', 'placement:', 'ext:', 'job:', 'fq-args:', 'laravel:', 'help']);
if (isset($opts['help'])) {
    echo implode("\n", array_slice(explode("\n", file_get_contents(__FILE__)), 9, 14)), "\n";
    exit(0);
}
$n = (int) ($opts['n'] ?? 20000);
$repeat = (int) ($opts['repeat'] ?? 3);
$placement = (string) ($opts['placement'] ?? 'os');
$ext = (string) ($opts['ext'] ?? __DIR__ . '/../modules/fastqueue.so');
$jobClass = ['noop' => 'NoopJob', 'sqlite' => 'SqliteLogJob'][$opts['job'] ?? 'noop'] ?? null;
$fqArgs = preg_split('/\s+/', trim((string) ($opts['fq-args'] ?? '')), -1, PREG_SPLIT_NO_EMPTY);
$vendor = isset($opts['laravel']) ? rtrim((string) $opts['laravel'], '/') : null;
if ($n <= 0 || $repeat <= 0 || !in_array($placement, ['os', 'same', 'split'], true) || $jobClass === null) {
    fwrite(STDERR, "usage: php bench/artisan.php [--n N] [--repeat R] [--placement os|same|split] [--ext PATH] [--job noop|sqlite] [--fq-args ARGS] [--laravel VENDOR_DIR]\n");
    exit(2);
}
require_once __DIR__ . '/lib/artisan.php';
if ($vendor !== null) {
    fq_bench_use_vendor($vendor, 'bench/artisan.php');
}
if (!is_file($ext)) {
    fwrite(STDERR, "bench/artisan.php: no extension at $ext\n");
    exit(2);
}
if ($vendor === null && !is_file('/usr/share/php/Illuminate/Foundation/Application.php')) {
    fwrite(STDERR, "bench/artisan.php: Laravel's framework is not installed (Debian: php-laravel-framework)\n");
    exit(2);
}

$tmp = sys_get_temp_dir() . '/fastqueue-bench-artisan.' . getmypid();
mkdir($tmp);
// One copy of the extension, so a rebuild during the bench cannot mix two builds.
copy($ext, "$tmp/fastqueue.so");

// {{{ a private redis-server
[$port, $redisPid] = fq_bench_private_redis($tmp, 'bench/artisan.php');
// }}}

// The application, as the tests build it, pointed at this server.
putenv('FASTQUEUE_TEST_REDIS_HOST=127.0.0.1');
putenv("FASTQUEUE_TEST_REDIS_PORT=$port");
putenv("FASTQUEUE_TEST_EXTENSION=$tmp/fastqueue.so");
require __DIR__ . '/../tests/inc/laravel_app.inc';
$app = new FqLaravelApp(['queue' => 'bench', 'providers' => ['App\Providers\BenchClock']]);

$pin = match ($placement) {
    'os' => [],
    'same' => ['taskset', '-c', '0'],
    'split' => ['taskset', '-c', '1'],
};
if ($placement !== 'os') {
    exec('taskset -apc 0 ' . $redisPid . ' >/dev/null', $out, $rc);
}

// Same php flags for both commands (those of the test app) plus the bench's.
$php = array_merge($app->phpCommand(), ['-d', 'opcache.enable_cli=0', '-d', 'memory_limit=-1']);
$sides = ['queue:work', 'fastqueue:work'];

// redis-server's CPU seconds so far (INFO cpu), with the raw client of the tests.
$redisCpu = function (): float {
    preg_match_all('/^used_cpu_(sys|user):([0-9.]+)/m', fq_raw()->cmd('INFO', 'cpu'), $m);
    return array_sum(array_map('floatval', $m[2]));
};

printf("artisan benchmark  %s\n", gmdate('Y-m-d H:i:s \U\T\C'));
$model = preg_match('/^model name\s*:\s*(.+)$/m', (string) @file_get_contents('/proc/cpuinfo'), $m) ? $m[1] : '?';
printf("machine:  %s, %d CPUs; placement %s\n", $model, (int) trim((string) shell_exec('nproc')), $placement);
printf("php:      %s, phpredis %s, fastqueue %s (md5 %s)\n", PHP_VERSION, phpversion('redis') ?: '?',
    trim((string) shell_exec(implode(' ', array_map('escapeshellarg', array_merge($php, ['-r', 'echo phpversion("fastqueue");']))))),
    substr(md5_file("$tmp/fastqueue.so"), 0, 12));
printf("laravel:  %s (%s), cache store file, failed jobs database-uuids (sqlite)\n", trim($app->run('echo app()->version();')),
    $vendor === null ? 'Debian' : "Composer, $vendor");
printf("runs:     N=%d dispatched App\\Jobs\\%s, %d run(s) of each, interleaved\n", $n, $jobClass, $repeat);
printf("commands: php artisan queue:work --stop-when-empty | php artisan fastqueue:work --stop-when-empty %s(defaults otherwise)\n\n",
    $fqArgs ? implode(' ', $fqArgs) . ' ' : '');

$rates = array_fill_keys($sides, []);
$failures = 0;
for ($rep = 1; $rep <= $repeat; $rep++) {
    foreach ($sides as $side) {
        $app->reset();
        @unlink("$app->base/storage/bench.json");
        $app->run("for (\$i = 0; \$i < $n; \$i++) { App\\Jobs\\$jobClass::dispatch(\$i); }");
        $cpu0 = $redisCpu();
        $cmd = array_merge($pin, $php, ["$app->base/artisan", $side, '--stop-when-empty'], $side === 'fastqueue:work' ? $fqArgs : []);
        $proc = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['file', '/dev/null', 'w'], 2 => ['file', "$tmp/stderr", 'w']], $pipes, $app->base);
        $status = proc_close($proc);
        $redisSecs = $redisCpu() - $cpu0;
        $r = is_file("$app->base/storage/bench.json") ? json_decode(file_get_contents("$app->base/storage/bench.json"), true) : null;
        $state = $app->queueState('bench');
        $problems = [];
        if ($status !== 0) {
            $problems[] = "exit status $status: " . trim(file_get_contents("$tmp/stderr"));
        }
        if (!$r) {
            $problems[] = 'no timing (the worker did not stop normally)';
        } else {
            if ($r['processed'] !== $n) {
                $problems[] = "{$r['processed']} jobs processed, expected $n";
            }
            if ($r['distinct'] !== $n) {
                $problems[] = "{$r['distinct']} distinct jobs processed, expected $n";
            }
            if ($r['failed'] !== 0) {
                $problems[] = "{$r['failed']} jobs failed";
            }
        }
        if ($state['queue'] || $state['delayed'] || $state['reserved']) {
            $problems[] = sprintf('queue not empty: %d pending, %d delayed, %d reserved',
                count($state['queue']), count($state['delayed']), count($state['reserved']));
        }
        if ($problems) {
            $failures++;
            printf("%d/%d %-15s CHECK FAILED: %s\n", $rep, $repeat, $side, implode('; ', $problems));
            continue;
        }
        $rate = $n / $r['seconds'];
        $rates[$side][] = $rate;
        printf("%d/%d %-15s %6d jobs %7.2f s %8.0f jobs/s  worker process CPU %5.2f s  redis-server CPU %5.1f us/job  ok\n",
            $rep, $repeat, $side, $n, $r['seconds'], $rate, $r['cpu'], $redisSecs / $n * 1e6);
    }
}

$median = function (array $xs): float {
    sort($xs);
    $c = count($xs);
    return $c === 0 ? 0.0 : ($c % 2 ? $xs[intdiv($c, 2)] : ($xs[$c / 2 - 1] + $xs[$c / 2]) / 2);
};
echo "\n";
foreach ($sides as $side) {
    $xs = $rates[$side];
    printf("%-15s median %8.0f jobs/s  (min %.0f, max %.0f, %d run(s))\n", $side, $median($xs),
        $xs ? min($xs) : 0, $xs ? max($xs) : 0, count($xs));
}
$lq = $median($rates['queue:work']);
$fq = $median($rates['fastqueue:work']);
printf("ratio fastqueue:work / queue:work (medians): %.2fx  (target: at least 4x)\n", $lq > 0 ? $fq / $lq : 0);
$pairs = [];
foreach ($rates['queue:work'] as $i => $l) {
    if (isset($rates['fastqueue:work'][$i])) {
        $pairs[] = sprintf('%.2fx', $rates['fastqueue:work'][$i] / $l);
    }
}
printf("ratio per interleaved pair: %s\n", implode(' ', $pairs));
printf("\ncommand: php bench/artisan.php --n %d --repeat %d --placement %s --job %s%s%s\n", $n, $repeat, $placement, $opts['job'] ?? 'noop',
    $fqArgs ? " --fq-args '" . implode(' ', $fqArgs) . "'" : '', $vendor !== null ? " --laravel $vendor" : '');
exit($failures ? 1 : 0);
