--TEST--
fastqueue:work: php artisan queue:restart stops the worker after its current job, with status 0, when the cache store is the queue's own Redis (the native worker reads the restart key in its reserve call); the next job must not start
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

foreach (['redis'] as $cache) {
    echo "-- cache $cache\n";
    $app = new FqLaravelApp(['queue' => 'work008', 'cache' => $cache, 'providers' => ['App\Providers\RecordEvents']]);
    // A restart from before the worker started does not stop it.
    $boot = $app->artisan(['queue:restart'])['seconds'];
    // The job must outlast the queue:restart command, which boots Laravel: slow under valgrind
    // and on a loaded machine, so the job lasts twice what that one took, 2 s at least.
    $busy = max(2 * fq_app_scale(), round(2 * $boot + 0.5, 1));
    $first = time();
    $worker = $app->artisanChild(['fastqueue:work', '--sleep=1']);
    $app->run("App\\Jobs\\SleepJob::dispatch('busy', $busy); App\\Jobs\\RecordJob::dispatch('next');");
    if (!$worker->waitForLine(FqLaravelApp::lineRegex('Processing', 'App\Jobs\SleepJob'), 15)) {
        echo "the job did not start:\n", $worker->wait(1)['stderr'];
    }
    usleep(200000);
    // queue:restart stores the time in seconds: a second one within the same second changes nothing.
    while (time() <= $first) {
        usleep(50000);
    }
    $restart = $app->artisan(['queue:restart']);
    echo FqLaravelApp::message($restart['stdout']), "\n";
    $t = microtime(true);
    $r = $worker->wait(15);
    $secs = microtime(true) - $t;
    echo "status ", var_export($r['status'], true), $r['stderr'], "\n";
    // The job had about 1.8 s to go; then the worker stops.
    echo $secs < $busy + 2.5 * fq_app_scale() ? "stopped after the job\n" : "stopped after $secs s\n";
    echo implode("\n", FqLaravelApp::jobLines($r['stdout'])), "\n";
    echo implode("\n", preg_grep('/^event/', $app->effects(), PREG_GREP_INVERT)), "\n";
    $state = $app->queueState('work008');
    echo count($state['queue']), " pending, ", count($state['reserved']), " reserved\n";
    unset($app);
}
?>
--EXPECT--
-- cache redis
Broadcasting queue restart signal.
status 0
stopped after the job
Processing: App\Jobs\SleepJob
Processed: App\Jobs\SleepJob
start busy
end busy
1 pending, 0 reserved
