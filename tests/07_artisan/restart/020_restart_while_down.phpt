--TEST--
fastqueue:work as queue:work: php artisan queue:restart stops a worker that is paused by php artisan down (it exits 0 while still down, without running the job waiting), whether the restart is polled through the cache or read by the native worker
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

foreach (['file', 'redis'] as $cache) {
    $app = new FqLaravelApp(['queue' => 'work020', 'cache' => $cache, 'providers' => ['App\Providers\RecordEvents']]);
    foreach (['queue:work', 'fastqueue:work'] as $command) {
        echo "-- $command, $cache cache\n";
        $app->reset();
        $worker = $app->artisanChild([$command, '--sleep=1']);
        if (!$app->waitForEffect('/^event Looping/')) {
            echo "the worker did not start:\n", $worker->wait(1)['stderr'];
        }
        $app->artisan(['down']);
        $app->run("App\\Jobs\\RecordJob::dispatch('while down');");
        $app->artisan(['queue:restart']);
        $r = $worker->wait(15);
        echo 'status ', var_export($r['status'], true), $r['timed_out'] ? ' (killed: did not stop)' : '', $r['stderr'], "\n";
        echo 'still down: ', var_export(is_file("$app->base/storage/framework/down"), true), "\n";
        echo count(FqLaravelApp::jobLines($r['stdout'])), ' job line(s), ', count($app->queueState('work020')['queue']), " pending\n";
        echo implode("\n", preg_grep('/^event Looping/', $app->effects(), PREG_GREP_INVERT)), "\n";
        $app->artisan(['up']);
    }
    unset($app);
}
?>
--EXPECT--
-- queue:work, file cache
status 0
still down: true
0 job line(s), 1 pending
event WorkerStopping 0
-- fastqueue:work, file cache
status 0
still down: true
0 job line(s), 1 pending
event WorkerStopping 0
-- queue:work, redis cache
status 0
still down: true
0 job line(s), 1 pending
event WorkerStopping 0
-- fastqueue:work, redis cache
status 0
still down: true
0 job line(s), 1 pending
event WorkerStopping 0
