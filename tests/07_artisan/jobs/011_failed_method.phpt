--TEST--
fastqueue:work: a job's failed() runs exactly once: when the job fails itself (twice), when retryUntil() has passed, when it runs past its timeout with --timeout-mode=throw
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work011', 'providers' => ['App\Providers\RecordEvents']]);
$show = function (array $r) use ($app) {
    echo "status ", var_export($r['status'], true), $r['stderr'] === '' ? '' : "\nstderr: {$r['stderr']}", "\n";
    echo implode("\n", FqLaravelApp::jobLines($r['stdout'])), "\n";
    echo implode("\n", array_filter($app->effects(), fn ($l) => !str_starts_with($l, 'event Looping'))), "\n";
    foreach ($app->failedJobs() as $row) {
        echo "failed_jobs: ", json_decode($row['payload'], true)['displayName'], ' ', strtok($row['exception'], "\n"), "\n";
    }
    $s = $app->queueState('work011');
    echo count($s['queue']) + count($s['delayed']) + count($s['reserved']), " left in Redis\n";
    $app->reset();
};

echo "-- \$this->fail() in handle(), twice\n";
$app->run("App\\Jobs\\ManualFailJob::dispatch('manual');");
$show($app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=0']));

echo "-- retryUntil() passed\n";
// Retried (backoff 1 s) whatever $tries says until retryUntil() passes; then it fails, with its
// own exception when an attempt threw in the last second, else before the next attempt with
// MaxAttemptsExceededException (timing decides which, under queue:work as here). The second
// attempt comes after the dispatch's boot, a worker's, the 1 s backoff and another worker's
// boot (--stop-when-empty ends each run while the job waits in :delayed): 8 s leaves room for
// boots of over a second each on a busy machine (3 s did not, once, in CI). Under the memory
// passes, 24 s: the wait prints nothing, and run-tests ends a test silent for 60 s.
$until = fq_slow() ? 24 : 8;
$app->run("App\\Jobs\\RetryUntilJob::dispatch('until', time() + $until);");
$runs = $app->workUntilEmpty('fastqueue:work', ['work011'], [], 20 + $until);
$effects = $app->effects();
$throws = count(preg_grep('/^throw until/', $effects));
echo $throws >= 2 ? "retried past \$tries = 1\n" : "ran $throws time(s)\n";
$failed = preg_grep('/^failed\(\) until: (RuntimeException: until until|' . preg_quote(FqLaravelApp::maxAttemptsException('App\\Jobs\\RetryUntilJob'), '/') . ')$/', $effects);
echo count($failed), " failed() call(s), ", count(preg_grep('/^event JobFailed/', $effects)), " JobFailed event(s)\n";
foreach ($app->failedJobs() as $row) {
    echo "failed_jobs: ", json_decode($row['payload'], true)['displayName'], ' ',
        preg_match('/^(RuntimeException: until until|Illuminate\\\\Queue\\\\MaxAttemptsExceededException: )/', $row['exception']) ? 'with the expected exception' : strtok($row['exception'], "\n"), "\n";
}
$app->reset();

echo "-- past its timeout with --timeout-mode=throw\n";
$app->run("App\\Jobs\\BusyJob::dispatch('busy', 3);");
// The exception: on 13.42, whose queue:work throws too (Worker::$killOnTimeout), Laravel's;
// before, the native worker's own.
$laravel = str_contains(fq_laravel_source('Illuminate/Queue/Worker.php'), 'public static $killOnTimeout');
$timeout = $laravel ? 'Illuminate\Queue\TimeoutExceededException: App\Jobs\BusyJob has timed out.'
    : 'FastQueue\TimeoutException: App\Jobs\BusyJob has timed out after 1 s';
ob_start();
$show($app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=0', '--timeout-mode=throw']));
echo str_replace($timeout, "the version's timeout exception", ob_get_clean());
?>
--EXPECTF--
-- $this->fail() in handle(), twice
status 0
Processing: App\Jobs\ManualFailJob
Failed: App\Jobs\ManualFailJob
Processed: App\Jobs\ManualFailJob
event JobProcessing redis App\Jobs\ManualFailJob attempts=1 deleted=0 released=0 failed=0
failed() manual: RuntimeException: manual manual
event JobFailed redis App\Jobs\ManualFailJob attempts=1 deleted=1 released=0 failed=1 RuntimeException: manual manual
after fail() manual failed=true deleted=true
event JobProcessed redis App\Jobs\ManualFailJob attempts=1 deleted=1 released=0 failed=1
event WorkerStopping 0
failed_jobs: App\Jobs\ManualFailJob RuntimeException: manual manual in %s/app/Jobs/ManualFailJob.php:%d
0 left in Redis
-- retryUntil() passed
retried past $tries = 1
1 failed() call(s), 1 JobFailed event(s)
failed_jobs: App\Jobs\RetryUntilJob with the expected exception
-- past its timeout with --timeout-mode=throw
status 0
Processing: App\Jobs\BusyJob
Failed: App\Jobs\BusyJob
event JobProcessing redis App\Jobs\BusyJob attempts=1 deleted=0 released=0 failed=0
start busy attempt=1
failed() busy: the version's timeout exception
event JobFailed redis App\Jobs\BusyJob attempts=1 deleted=1 released=0 failed=1 the version's timeout exception
event JobExceptionOccurred redis App\Jobs\BusyJob attempts=1 deleted=1 released=0 failed=1 the version's timeout exception
event WorkerStopping 0
failed_jobs: App\Jobs\BusyJob the version's timeout exception in %s
0 left in Redis
