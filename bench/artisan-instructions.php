<?php
// Instructions per job of `php artisan queue:work` and `php artisan fastqueue:work`, counted by
// valgrind's callgrind: the same figure on a busy machine, where jobs/s move by a third. For
// each command it runs the worker under callgrind on N, then on 2N dispatched no-op jobs
// (App\Jobs\NoopJob, as bench/artisan.php) and gives (I(2N) - I(N)) / N: the application's boot
// and the last empty round cancel out. The whole process is counted (worker and PHP), not
// redis-server.
//
//   php bench/artisan-instructions.php [--n N] [--ext PATH] [--side S] [--job noop|sqlite] [ARGS...]
//
//   --n N        jobs of the smaller run (default 1000)
//   --ext PATH   the FastQueue extension (default modules/fastqueue.so)
//   --side S     queue:work or fastqueue:work (default both)
//   --job J      noop (App\Jobs\NoopJob) or sqlite (App\Jobs\SqliteLogJob: one row, one log line)
//   ARGS         more options for both commands, e.g. -v
// Laravel comes from Debian's php-laravel-framework, or from FASTQUEUE_TEST_LARAVEL=VENDOR_DIR (a
// Composer application's vendor/, as scripts/laravel-composer makes one, whose
// vendor/fastqueue/laravel/src must be this checkout's laravel/src).

declare(strict_types=1);
error_reporting(E_ALL);
ini_set('display_errors', 'stderr');

$opts = getopt('', ['n:', 'ext:', 'side:', 'job:', 'help'], $rest);
if (isset($opts['help'])) {
    echo implode("\n", array_slice(explode("\n", file_get_contents(__FILE__)), 7, 9)), "\n";
    exit(0);
}
$extra = array_slice($argv, $rest);
$n = (int) ($opts['n'] ?? 1000);
$ext = realpath((string) ($opts['ext'] ?? __DIR__ . '/../modules/fastqueue.so'));
$sides = isset($opts['side']) ? [(string) $opts['side']] : ['queue:work', 'fastqueue:work'];
$jobClass = ['noop' => 'NoopJob', 'sqlite' => 'SqliteLogJob'][$opts['job'] ?? 'noop'] ?? null;
if ($n <= 0 || !$ext || !$jobClass) {
    fwrite(STDERR, "usage: php bench/artisan-instructions.php [--n N] [--ext PATH] [--side S] [--job noop|sqlite] [ARGS...]\n");
    exit(2);
}
require_once __DIR__ . '/lib/artisan.php';
if (($vendor = getenv('FASTQUEUE_TEST_LARAVEL')) !== false && $vendor !== '') {
    fq_bench_use_vendor(rtrim($vendor, '/'), 'bench/artisan-instructions.php');
}
$tmp = sys_get_temp_dir() . '/fastqueue-bench-ir.' . getmypid();
mkdir($tmp);
copy($ext, "$tmp/fastqueue.so");

[$port, $redisPid] = fq_bench_private_redis($tmp, 'bench/artisan-instructions.php');

putenv('FASTQUEUE_TEST_REDIS_HOST=127.0.0.1');
putenv("FASTQUEUE_TEST_REDIS_PORT=$port");
putenv("FASTQUEUE_TEST_EXTENSION=$tmp/fastqueue.so");
require __DIR__ . '/../tests/inc/laravel_app.inc';
$app = new FqLaravelApp(['queue' => 'bench']);
$php = array_merge($app->phpCommand(), ['-d', 'opcache.enable_cli=0', '-d', 'memory_limit=-1']);

// Instructions of one run of $side over $count jobs.
$count = function (string $side, int $count) use ($app, $php, $tmp, $extra, $jobClass): int {
    $app->reset();
    $app->run("for (\$i = 0; \$i < $count; \$i++) { App\\Jobs\\$jobClass::dispatch(\$i); }");
    $cmd = array_merge(['valgrind', '--tool=callgrind', "--callgrind-out-file=$tmp/cg.out"], $php,
        ["$app->base/artisan", $side, '--stop-when-empty'], $extra);
    $proc = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['file', "$tmp/stdout", 'w'], 2 => ['file', "$tmp/stderr", 'w']], $pipes, $app->base);
    $status = proc_close($proc);
    $lines = count(file("$tmp/stdout"));
    // A failed job costs less than one that ran: count none (8.x prints "Failed:", 9+ "FAIL").
    $failed = preg_match_all('/(?:\] Failed:|\bFAIL$)/m', file_get_contents("$tmp/stdout"));
    $state = $app->queueState('bench');
    if ($status !== 0 || $state['queue'] || $state['reserved'] || $lines < $count || $failed > 0) {
        fwrite(STDERR, "$side over $count jobs failed (status $status, $lines lines, $failed failed jobs)\n" . file_get_contents("$tmp/stderr"));
        exit(1);
    }
    preg_match('/^summary:\s+(\d+)/m', file_get_contents("$tmp/cg.out"), $m);
    return (int) $m[1];
};

$version = trim($app->run('echo app()->version();'));
printf("artisan instructions per job  %s\n", gmdate('Y-m-d H:i:s \U\T\C'));
printf("php %s, Laravel %s, fastqueue md5 %s, job App\\Jobs\\%s, N=%d and 2N, extra args: %s\n", PHP_VERSION, $version,
    substr(md5_file("$tmp/fastqueue.so"), 0, 12), $jobClass, $n, implode(' ', $extra) ?: '-');
$per = [];
foreach ($sides as $side) {
    $a = $count($side, $n);
    $b = $count($side, 2 * $n);
    $per[$side] = ($b - $a) / $n;
    printf("%-15s %9.0f instructions/job  (I(N)=%d, I(2N)=%d)\n", $side, $per[$side], $a, $b);
}
if (count($per) === 2) {
    printf("ratio queue:work / fastqueue:work: %.2fx\n", $per['queue:work'] / $per['fastqueue:work']);
}
// The application's destructor empties its keys while redis-server still runs.
unset($count);
$app = null;
