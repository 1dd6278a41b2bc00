--TEST--
fastqueue:work: php artisan down pauses the worker (no job starts) until php artisan up, unless --force; --once and --stop-when-empty while down return without running a job, as queue:work does
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work010']);
$pending = fn () => count($app->queueState('work010')['queue']);

echo "-- a daemon, down then up\n";
$worker = $app->artisanChild(['fastqueue:work', '--sleep=1']);
usleep(300000);
echo FqLaravelApp::message($app->artisan(['down'])['stdout']), "\n";
$app->run("App\\Jobs\\RecordJob::dispatch('while down');");
sleep(3);
echo "after 3 s down: ", count($app->effects()), " job(s) ran, {$pending()} pending\n";
echo FqLaravelApp::message($app->artisan(['up'])['stdout']), "\n";
var_dump($worker->waitForLine(FqLaravelApp::lineRegex('Processed', 'App\Jobs\RecordJob'), 10));
$worker->signal(SIGTERM);
$r = $worker->wait(10);
echo "status ", var_export($r['status'], true), $r['stderr'], "\n";
echo implode("\n", $app->effects()), "\n";

echo "-- --force while down\n";
$app->artisan(['down']);
$app->run("App\\Jobs\\RecordJob::dispatch('forced');");
$r = $app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=0', '--force']);
echo "status {$r['status']}: ", implode(', ', FqLaravelApp::jobLines($r['stdout'])), "\n";

echo "-- --once while down\n";
$app->run("App\\Jobs\\RecordJob::dispatch('once');");
$r = $app->artisan(['fastqueue:work', '--once', '--sleep=1']);
echo "status {$r['status']}, ", $r['seconds'] >= 1 ? 'slept' : "returned after {$r['seconds']} s", ", ",
    count(FqLaravelApp::jobLines($r['stdout'])), " job line(s), {$pending()} pending\n";

echo "-- --stop-when-empty while down\n";
$r = $app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=1'], 8);
echo "status ", var_export($r['status'], true), ", ", $r['killed'] ? 'still running after 8 s' : ($r['seconds'] >= 1 ? 'slept' : "returned after {$r['seconds']} s"),
    ", ", count(FqLaravelApp::jobLines($r['stdout'])), " job line(s), {$pending()} pending\n";

$app->artisan(['up']);
$r = $app->artisan(['fastqueue:work', '--once']);
echo "-- up, --once: status {$r['status']}: ", implode(', ', FqLaravelApp::jobLines($r['stdout'])), "\n";
echo implode("\n", array_slice($app->effects(), 1)), "\n";
?>
--EXPECT--
-- a daemon, down then up
Application is now in maintenance mode.
after 3 s down: 0 job(s) ran, 1 pending
Application is now live.
bool(true)
status 0
ran while down attempt=1 queue=work010
-- --force while down
status 0: Processing: App\Jobs\RecordJob, Processed: App\Jobs\RecordJob
-- --once while down
status 0, slept, 0 job line(s), 1 pending
-- --stop-when-empty while down
status 0, slept, 0 job line(s), 1 pending
-- up, --once: status 0: Processing: App\Jobs\RecordJob, Processed: App\Jobs\RecordJob
ran forced attempt=1 queue=work010
ran once attempt=1 queue=work010
