--TEST--
fastqueue:work: a job past its timeout (kill mode: failed with the running Laravel's exception for it, MaxAttemptsExceededException in 8.x, TimeoutExceededException from 10, failed() once, worker exits 1) and a job whose last run died (attempts above its tries: failed before it runs)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work011', 'providers' => ['App\Providers\RecordEvents']]);
// The exceptions queue:work fails these jobs with in the running version, as names.
$names = [
    FqLaravelApp::maxAttemptsException('App\\Jobs\\SlowJob', true) => 'TIMED_OUT(SlowJob)',
    FqLaravelApp::maxAttemptsException('App\\Jobs\\TriesJob') => 'MAX_ATTEMPTS(TriesJob)',
];
$show = function (array $r) use ($app, $names) {
    ob_start(fn ($out) => strtr($out, $names));
    echo "status ", var_export($r['status'], true), $r['stderr'] === '' ? '' : "\nstderr: {$r['stderr']}", "\n";
    echo implode("\n", FqLaravelApp::jobLines($r['stdout'])), "\n";
    echo implode("\n", array_filter($app->effects(), fn ($l) => !str_starts_with($l, 'event Looping'))), "\n";
    foreach ($app->failedJobs() as $row) {
        echo "failed_jobs: ", json_decode($row['payload'], true)['displayName'], ' ', strtok($row['exception'], "\n"), "\n";
    }
    $s = $app->queueState('work011');
    echo count($s['queue']) + count($s['delayed']) + count($s['reserved']), " left in Redis\n";
    $app->reset();
    ob_end_flush();
};

echo "-- past its timeout (1 s) in sleep()\n";
$app->run("App\\Jobs\\SlowJob::dispatch('slow', 4);");
// Killed about a second into the job: "end slow" is never recorded.
$show($app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=0']));

echo "-- its last run died: attempts already 2 of \$tries = 2\n";
$app->run("App\\Jobs\\TriesJob::dispatch('died');");
// As if a worker had reserved it twice and died (kill -9) both times: the list holds attempts 2.
$key = $app->redisPrefix . 'queues:work011';
$payload = json_decode(fq_raw()->cmd('LINDEX', $key, '0'), true);
$payload['attempts'] = 2;
fq_raw()->cmd('LSET', $key, '0', json_encode($payload));
$show($app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=0']));
?>
--EXPECTF--
-- past its timeout (1 s) in sleep()
status 1
Processing: App\Jobs\SlowJob
Failed: App\Jobs\SlowJob
event JobProcessing redis App\Jobs\SlowJob attempts=1 deleted=0 released=0 failed=0
start slow attempt=1
failed() slow: TIMED_OUT(SlowJob)
event JobFailed redis App\Jobs\SlowJob attempts=1 deleted=1 released=0 failed=1 TIMED_OUT(SlowJob)
event WorkerStopping 1
failed_jobs: App\Jobs\SlowJob TIMED_OUT(SlowJob) in %s
0 left in Redis
-- its last run died: attempts already 2 of $tries = 2
status 0
Processing: App\Jobs\TriesJob
Failed: App\Jobs\TriesJob
event JobProcessing redis App\Jobs\TriesJob attempts=3 deleted=0 released=0 failed=0
failed() died: MAX_ATTEMPTS(TriesJob)
event JobFailed redis App\Jobs\TriesJob attempts=3 deleted=1 released=0 failed=1 MAX_ATTEMPTS(TriesJob)
event JobExceptionOccurred redis App\Jobs\TriesJob attempts=3 deleted=1 released=0 failed=1 MAX_ATTEMPTS(TriesJob)
event WorkerStopping 0
failed_jobs: App\Jobs\TriesJob MAX_ATTEMPTS(TriesJob) in %s
0 left in Redis
