--TEST--
fastqueue:work: SIGTERM finishes the current job and exits 0 (the next job stays queued); SIGUSR2 pauses, SIGCONT resumes; an idle worker exits promptly on SIGTERM
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work015', 'providers' => ['App\Providers\RecordEvents']]);

echo "-- SIGTERM during a job\n";
$busy = 1.5 * fq_app_scale();
$app->run("App\\Jobs\\SleepJob::dispatch('busy', $busy); App\\Jobs\\RecordJob::dispatch('next');");
$worker = $app->artisanChild(['fastqueue:work', '--sleep=1']);
$worker->waitForLine(FqLaravelApp::lineRegex('Processing', 'App\Jobs\SleepJob'), 15);
usleep(300000);
$worker->signal(SIGTERM);
$r = $worker->wait(10);
echo "status ", var_export($r['status'], true), $r['stderr'], "\n";
echo implode("\n", FqLaravelApp::jobLines($r['stdout'])), "\n";
echo implode("\n", $app->effects()), "\n";
echo count($app->queueState('work015')['queue']), " pending\n";
$app->reset();

echo "-- SIGUSR2, then SIGCONT\n";
$worker = $app->artisanChild(['fastqueue:work', '--sleep=1']);
$app->waitForEffect('/^event Looping/'); // its signal handlers are installed
$worker->signal(SIGUSR2);
usleep(300000);
$app->run("App\\Jobs\\RecordJob::dispatch('paused');");
sleep(2);
echo "while paused: ", count(preg_grep("/^ran/", $app->effects())), " job(s) ran\n";
$worker->signal(SIGCONT);
var_dump($worker->waitForLine(FqLaravelApp::lineRegex('Processed', 'App\Jobs\RecordJob'), 10));
$t = microtime(true);
$worker->signal(SIGTERM);
$r = $worker->wait(10);
$secs = microtime(true) - $t;
echo "idle SIGTERM: status ", var_export($r['status'], true), $secs < 1.5 * fq_app_scale() ? ', promptly' : ", after $secs s", "\n";
echo implode("\n", array_filter($app->effects(), fn ($l) => !str_starts_with($l, 'event Looping'))), "\n";
?>
--EXPECT--
-- SIGTERM during a job
status 0
Processing: App\Jobs\SleepJob
Processed: App\Jobs\SleepJob
event Looping redis work015
event JobProcessing redis App\Jobs\SleepJob attempts=1 deleted=0 released=0 failed=0
start busy
end busy
event JobProcessed redis App\Jobs\SleepJob attempts=1 deleted=1 released=0 failed=0
event WorkerStopping 0
1 pending
-- SIGUSR2, then SIGCONT
while paused: 0 job(s) ran
bool(true)
idle SIGTERM: status 0, promptly
event JobProcessing redis App\Jobs\RecordJob attempts=1 deleted=0 released=0 failed=0
ran paused attempt=1 queue=work015
event JobProcessed redis App\Jobs\RecordJob attempts=1 deleted=1 released=0 failed=0
event WorkerStopping 0
