--TEST--
fastqueue:work: a job's $tries beats --tries; --tries and --backoff (a list too, and the deprecated --delay) apply to jobs without their own
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work004']);

// $once: the run ends after one job (--max-jobs=1, not printed). A job released with a backoff
// of 1 s is due again before a slow run (ASan on a loaded machine) has looked at the empty
// queue, and it would run again in the same run.
$work = function (array $args, ?int $backoff = null, bool $once = false) use ($app) {
    $t0 = time();
    $r = $app->artisan(array_merge(['fastqueue:work', '--stop-when-empty', '--sleep=0'], $args, $once ? ['--max-jobs=1'] : []));
    $t1 = time();
    echo implode(' ', $args), ": status {$r['status']}", $r['stderr'] === '' ? '' : " stderr: {$r['stderr']}", "\n";
    $lines = FqLaravelApp::jobLines($r['stdout']);
    $lines = FqLaravelApp::withoutReleaseLines($lines, (bool) $app->queueState('work004')['delayed']);
    foreach ($lines as $line) {
        echo "  $line\n";
    }
    foreach ($app->queueState('work004')['delayed'] as [$member, $score]) {
        // Available $backoff seconds after its release, which happened during the run.
        printf("  delayed: attempts=%d, %s\n", json_decode($member, true)['attempts'],
            $score >= $t0 + $backoff && $score <= $t1 + $backoff ? "available $backoff s after its release"
                : 'available ' . ($score - $t0) . " s after the run started, expected $backoff");
    }
    return [$t0, $t1];
};

echo "-- \$tries = 2 on the job, --tries=5 on the worker\n";
$app->run("App\\Jobs\\TriesJob::dispatch('tries');");
$work(['--tries=5']);

echo "-- no \$tries on the job: --tries=3\n";
$app->run("App\\Jobs\\ThrowJob::dispatch('three');");
$work(['--tries=3']);

echo "-- --backoff=1,3\n";
$app->run("App\\Jobs\\ThrowJob::dispatch('list');");
[$t0, $t1] = $work(['--tries=3', '--backoff=1,3'], 1, true);
while (time() <= $t1 + 1) {
    usleep(100000);
}
$work(['--tries=3', '--backoff=1,3'], 3, true);
$app->flushRedis();

echo "-- --delay=2 (deprecated, queue:work takes the larger of --delay and --backoff)\n";
$app->run("App\\Jobs\\ThrowJob::dispatch('delay');");
$work(['--tries=3', '--delay=2'], 2, true);
$app->flushRedis();

echo "effects:\n  ", implode("\n  ", $app->effects()), "\n";
foreach ($app->failedJobs() as $row) {
    echo "failed_jobs: ", json_decode($row['payload'], true)['displayName'], ' ', strtok($row['exception'], "\n"), "\n";
}
?>
--EXPECTF--
-- $tries = 2 on the job, --tries=5 on the worker
--tries=5: status 0
  Processing: App\Jobs\TriesJob
  Processing: App\Jobs\TriesJob
  Failed: App\Jobs\TriesJob
-- no $tries on the job: --tries=3
--tries=3: status 0
  Processing: App\Jobs\ThrowJob
  Processing: App\Jobs\ThrowJob
  Processing: App\Jobs\ThrowJob
  Failed: App\Jobs\ThrowJob
-- --backoff=1,3
--tries=3 --backoff=1,3: status 0
  Processing: App\Jobs\ThrowJob
  delayed: attempts=1, available 1 s after its release
--tries=3 --backoff=1,3: status 0
  Processing: App\Jobs\ThrowJob
  delayed: attempts=2, available 3 s after its release
-- --delay=2 (deprecated, queue:work takes the larger of --delay and --backoff)
--tries=3 --delay=2: status 0
  Processing: App\Jobs\ThrowJob
  delayed: attempts=1, available 2 s after its release
effects:
  throw tries attempt=1
  throw tries attempt=2
  failed() tries: RuntimeException: tries tries attempt 2
  throw three attempt=1
  throw three attempt=2
  throw three attempt=3
  failed() three: RuntimeException: throw three attempt 3
  throw list attempt=1
  throw list attempt=2
  throw delay attempt=1
failed_jobs: App\Jobs\TriesJob RuntimeException: tries tries attempt 2 in %s/app/Jobs/TriesJob.php:%d
failed_jobs: App\Jobs\ThrowJob RuntimeException: throw three attempt 3 in %s/app/Jobs/ThrowJob.php:%d
