--TEST--
fastqueue:work: a job that throws is retried after its $backoff (1 s, then 2 s) until its $tries are used up, then lands in failed_jobs with its exception and its failed() runs once
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work003', 'providers' => ['App\Providers\RecordEvents']]);
$app->run("App\\Jobs\\FlakyJob::dispatch('flaky', 5);");

// One worker run; prints its job lines and where the job is now.
$run = function (string $label, ?int $backoff) use ($app) {
    $t0 = time();
    $r = $app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=0']);
    $t1 = time();
    $state = $app->queueState('work003');
    echo "$label: status {$r['status']}", $r['stderr'] === '' ? '' : " stderr: {$r['stderr']}", "\n";
    $lines = FqLaravelApp::jobLines($r['stdout']);
    $lines = FqLaravelApp::withoutReleaseLines($lines, (bool) $state['delayed']);
    foreach ($lines as $line) {
        echo "  $line\n";
    }
    printf("  pending %d, reserved %d, delayed %d\n", count($state['queue']), count($state['reserved']), count($state['delayed']));
    foreach ($state['delayed'] as [$member, $score]) {
        // Due $backoff seconds after the release, which happened during the run.
        $ok = $backoff === null || ($score >= $t0 - 1 + $backoff && $score <= $t1 + $backoff);
        printf("  delayed with attempts=%d, %s\n", json_decode($member, true)['attempts'],
            $ok ? ($backoff === null ? 'still' : "due $backoff s after its release") : 'due at ' . ($score - $t0) . " s after the run started, expected $backoff");
        return $score;
    }
    return null;
};

$due = $run('run 1', 1);
while (time() < $due) {
    usleep(100000);
}
$due = $run('run 2, after 1 s', 2);
while (time() < $due) {
    usleep(100000);
}
$run('run 3, after 2 s more', null);

echo "effects:\n  ", implode("\n  ", $app->effects()), "\n";
$failed = $app->failedJobs();
echo count($failed), " failed_jobs row(s)\n";
$row = $failed[0];
$payload = json_decode($row['payload'], true);
echo "connection={$row['connection']} queue={$row['queue']} displayName={$payload['displayName']} attempts={$payload['attempts']} maxTries={$payload['maxTries']} backoff={$payload['backoff']}\n";
echo "uuid matches the job's: ", var_export($row['uuid'] === $payload['uuid'], true), "\n";
echo strtok($row['exception'], "\n"), "\n";
echo "reported:\n  ", implode("\n  ", $app->reported()), "\n";
var_dump($app->queueState('work003'));
?>
--EXPECTF--
run 1: status 0
  Processing: App\Jobs\FlakyJob
  pending 0, reserved 0, delayed 1
  delayed with attempts=1, due 1 s after its release
run 2, after 1 s: status 0
  Processing: App\Jobs\FlakyJob
  pending 0, reserved 0, delayed 1
  delayed with attempts=2, due 2 s after its release
run 3, after 2 s more: status 0
  Processing: App\Jobs\FlakyJob
  Failed: App\Jobs\FlakyJob
  pending 0, reserved 0, delayed 0
effects:
  event Looping redis work003
  event JobProcessing redis App\Jobs\FlakyJob attempts=1 deleted=0 released=0 failed=0
  throw flaky attempt=1
  event JobExceptionOccurred redis App\Jobs\FlakyJob attempts=1 deleted=0 released=0 failed=0 RuntimeException: flaky flaky attempt 1
  event WorkerStopping 0
  event Looping redis work003
  event JobProcessing redis App\Jobs\FlakyJob attempts=2 deleted=0 released=0 failed=0
  throw flaky attempt=2
  event JobExceptionOccurred redis App\Jobs\FlakyJob attempts=2 deleted=0 released=0 failed=0 RuntimeException: flaky flaky attempt 2
  event WorkerStopping 0
  event Looping redis work003
  event JobProcessing redis App\Jobs\FlakyJob attempts=3 deleted=0 released=0 failed=0
  throw flaky attempt=3
  failed() flaky: RuntimeException: flaky flaky attempt 3
  event JobFailed redis App\Jobs\FlakyJob attempts=3 deleted=1 released=0 failed=1 RuntimeException: flaky flaky attempt 3
  event JobExceptionOccurred redis App\Jobs\FlakyJob attempts=3 deleted=1 released=0 failed=1 RuntimeException: flaky flaky attempt 3
  event WorkerStopping 0
1 failed_jobs row(s)
connection=redis queue=work003 displayName=App\Jobs\FlakyJob attempts=2 maxTries=3 backoff=1,2
uuid matches the job's: true
RuntimeException: flaky flaky attempt 3 in %s/app/Jobs/FlakyJob.php:%d
reported:
  flaky flaky attempt 1
  flaky flaky attempt 2
  flaky flaky attempt 3
array(4) {
  ["queue"]=>
  array(0) {
  }
  ["delayed"]=>
  array(0) {
  }
  ["reserved"]=>
  array(0) {
  }
  ["notify"]=>
  int(0)
}
