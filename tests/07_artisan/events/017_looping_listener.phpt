--TEST--
fastqueue:work: a Looping listener on Laravel's event bus that returns false holds the worker (no job starts), as in queue:work
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work017', 'providers' => ['App\Providers\HoldWhileFlag']]);
touch("$app->base/storage/hold");
$worker = $app->artisanChild(['fastqueue:work', '--sleep=1']);
$app->run("App\\Jobs\\RecordJob::dispatch('held');");
sleep(2);
echo "held: ", count($app->effects()), " job(s) ran, ", count($app->queueState('work017')['queue']), " pending\n";
unlink("$app->base/storage/hold");
var_dump($worker->waitForLine(FqLaravelApp::lineRegex('Processed', 'App\Jobs\RecordJob'), 10));
$worker->signal(SIGTERM);
$r = $worker->wait(10);
echo "status ", var_export($r['status'], true), $r['stderr'], "\n";
echo implode("\n", $app->effects()), "\n";
?>
--EXPECT--
held: 0 job(s) ran, 1 pending
bool(true)
status 0
ran held attempt=1 queue=work017
