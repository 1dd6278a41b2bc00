<?php
// The dashboard's screenshots in docs/img (dashboard-overview.png, dashboard-workers.png,
// dashboard-failed.png and dashboard-failed-job.png, the failed jobs of the same run),
// made from a real run: a private redis-server, the tests' minimal Laravel application
// (Debian's 8.83, or a Composer application's vendor/ with --laravel) served by php -S,
// php artisan fastqueue:supervise running one supervisor over two queues, a producer that
// dispatches a changing mix of jobs (some of which fail) for --seconds, and Debian's headless
// chromium (the browser tests' harness, tests/inc/browser.inc) taking each page at 1280x900.
//
//   php bench/dashboard-screenshots.php [--seconds S] [--out DIR] [--ext PATH] [--laravel VENDOR_DIR]
//
//   --seconds S     how long the producer dispatches before the pictures (default 90)
//   --out DIR       where the PNGs go (default docs/img)
//   --ext PATH      the FastQueue extension (default modules/fastqueue.so)
//   --laravel DIR   Laravel from this Composer vendor/ (as bench/artisan.php takes it)
//
// Needs what the browser tests need (chromium, chromium-driver, php-webdriver: scripts/test
// installs them). Prints each picture's path and the figures the overview showed.

declare(strict_types=1);

error_reporting(E_ALL);
ini_set('display_errors', 'stderr');

$opts = getopt('', ['seconds:', 'out:', 'ext:', 'laravel:', 'help']);
if (isset($opts['help'])) {
    echo implode("\n", array_slice(explode("\n", file_get_contents(__FILE__)), 1, 16)), "\n";
    exit(0);
}
$seconds = (float) ($opts['seconds'] ?? 90);
$out = rtrim($opts['out'] ?? __DIR__ . '/../docs/img', '/');
$ext = realpath($opts['ext'] ?? __DIR__ . '/../modules/fastqueue.so');
if ($ext === false) {
    fwrite(STDERR, "bench/dashboard-screenshots.php: build the extension first (modules/fastqueue.so)\n");
    exit(2);
}
require_once __DIR__ . '/lib/artisan.php';
if (isset($opts['laravel'])) {
    fq_bench_use_vendor($opts['laravel'], 'bench/dashboard-screenshots.php');
}

$tmp = sys_get_temp_dir() . '/fq-dashboard-shots-' . getmypid();
mkdir($tmp);
[$port] = fq_bench_private_redis($tmp, 'bench/dashboard-screenshots.php');
putenv('FASTQUEUE_TEST_REDIS_HOST=127.0.0.1');
putenv("FASTQUEUE_TEST_REDIS_PORT=$port");
putenv("FASTQUEUE_TEST_EXTENSION=$ext");
require __DIR__ . '/../tests/inc/browser.inc';
require __DIR__ . '/../tests/inc/supervise_app.inc';
require __DIR__ . '/../tests/inc/dashboard_data.inc';
fq_load_webdriver();

// A history point every 3 s, so that the chart of a short run has a shape.
$app = fq_dashboard_app('default', ['dashboard' => ['refresh' => 2, 'history' => ['interval' => 3, 'retention' => 900]]]);
$GLOBALS['app'] = $app;
fq_supervise_config($app, 'fastqueue', var_export(['supervisors' => [
    'defaults' => ['supervisor-1' => ['connection' => 'redis', 'queue' => ['default', 'mail'], 'balance' => 'auto',
        'minProcesses' => 1, 'maxProcesses' => 4, 'balanceCooldown' => 1, 'tries' => 1, 'sleep' => 1]],
    'environments' => ['*' => ['supervisor-1' => []]],
]], true));
$supervisor = fq_supervise_child($app);
// The supervisor passes its workers' lines on to its stdout, a pipe to this process: read it,
// or the workers block writing their job lines once it is full.
$drain = fn () => $supervisor->waitForLine('/(?!)/', 0);
$server = $app->serve(['APP_ENV' => 'local']);

// The overview stays open while the producer runs: its refreshes take the history's snapshots.
$b = fq_browser();
$b->get($server->url('/fastqueue'));

// The producer: a wave of short jobs on default, slower ones on mail, a failure now and then.
$t0 = microtime(true);
for ($round = 0; microtime(true) - $t0 < $seconds; $round++) {
    $n = 20 + (int) (30 * (1 + sin($round / 4)));
    $app->run(sprintf('for ($i = 0; $i < %d; $i++) { App\Jobs\SleepJob::dispatch("d%d-$i", %F)->onQueue("default"); }
        for ($i = 0; $i < %d; $i++) { App\Jobs\SleepJob::dispatch("m%d-$i", 0.25)->onQueue("mail"); }
        %s', $n, $round, 0.01 + 0.03 * ($round % 3), intdiv($n, 10), $round,
        $round % 3 === 0 ? 'App\Jobs\ThrowJob::dispatch("r' . $round . '")->onQueue("mail");' : ''));
    $drain();
    usleep(1000000);
}
// Something running while the workers page is taken.
$app->run('App\Jobs\SleepJob::dispatch("report", 20)->onQueue("default");');
while (!$app->waitForEffect('/^start report$/', 0.5) && microtime(true) - $t0 < $seconds + 60) {
    $drain();
}

$drain();
$b->get($server->url('/fastqueue'));
$b->waitUntil(fn () => (int) $b->attr('#fq-page', 'data-refreshes') > 0, 20, 'the overview refreshed once');
$b->screenshot("$out/dashboard-overview.png");
printf("%s: jobs per minute %s, longest wait %s, queues %s\n", "$out/dashboard-overview.png", $b->text('[data-fq="jobs_per_minute"]'),
    $b->text('[data-fq="longest_wait"]'), implode(', ', $b->script('return Array.prototype.map.call(document.querySelectorAll("#fq-queues tbody tr"), function (r) { return r.dataset.queue; });')));
$drain();
$b->get($server->url('/fastqueue/workers'));
$b->waitUntil(fn () => (int) $b->attr('#fq-page', 'data-refreshes') > 0, 20, 'the workers page refreshed once');
$b->screenshot("$out/dashboard-workers.png");
printf("%s: %d workers\n", "$out/dashboard-workers.png", count($b->css('#fq-workers tbody tr')));
$drain();
// The failed jobs of the run (ThrowJob on mail), then the newest one's own page.
$b->get($server->url('/fastqueue/failed'));
$b->screenshot("$out/dashboard-failed.png", true);
printf("%s: %s\n", "$out/dashboard-failed.png", $b->text('#failed-count'));
$b->click('#selected tbody tr td a');
$b->screenshot("$out/dashboard-failed-job.png", true);
printf("%s: %s\n", "$out/dashboard-failed-job.png", $b->text('h1'));
if (getenv('FQ_SHOTS_JSON')) {
    echo fq_http('GET', $server->url('/fastqueue/api/workers'))['body'], "\n";
}
$b->quit();
$server->stop();
$supervisor->signal(SIGTERM);
$supervisor->wait();
