--TEST--
fastqueue:work with FASTQUEUE_SUPERVISED=1 does not stop on queue:restart (its supervisor restarts the pools one at a time), whether the native worker would read the restart key (a Redis cache) or the cache would be polled (a file cache); an unsupervised worker beside it stops with status 0; the supervised one keeps running jobs and stops on SIGTERM with status 0
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/supervisor_app.inc';

foreach (['redis', 'file'] as $cache) {
    echo "-- cache $cache\n";
    $app = fq_supervisor_app('plain062', ['cache' => $cache, 'providers' => ['App\Providers\RecordEvents']]);
    $first = time();
    $plain = $app->artisanChild(['fastqueue:work', '--queue=plain062', '--sleep=0.2']);
    putenv('FASTQUEUE_SUPERVISED=1');
    $supervised = $app->artisanChild(['fastqueue:work', '--queue=sup062', '--sleep=0.2']);
    putenv('FASTQUEUE_SUPERVISED');
    foreach (['plain062', 'sup062'] as $queue) {
        if (!$app->waitForEffect("/^event Looping redis $queue$/", 20)) {
            echo "the worker of $queue did not start\n";
        }
    }
    // queue:restart stores the time in seconds: one within the workers' first second changes nothing.
    while (time() <= $first) {
        usleep(50000);
    }
    echo FqLaravelApp::message($app->artisan(['queue:restart'])['stdout']), "\n";
    $r = $plain->wait(15);
    echo "unsupervised: status ", var_export($r['status'], true), trim($r['stderr']), "\n";
    // The unsupervised one has stopped: the supervised one had as long, and two polls more.
    usleep(2500000);
    echo 'supervised still running: ', var_export($supervised->running(), true), "\n";
    $app->run("App\\Jobs\\RecordJob::dispatch('after restart')->onQueue('sup062');");
    echo $app->waitForEffect('/^ran after restart/', 20) ? "it ran a job after queue:restart\n" : "no job ran\n";
    $supervised->signal(SIGTERM);
    $r = $supervised->wait(15);
    echo "supervised: status ", var_export($r['status'], true), trim($r['stderr']), "\n";
    echo implode("\n", preg_grep('/^event WorkerStopping/', $app->effects())), "\n";
    unset($app);
}
?>
--EXPECT--
-- cache redis
Broadcasting queue restart signal.
unsupervised: status 0
supervised still running: true
it ran a job after queue:restart
supervised: status 0
event WorkerStopping 0
event WorkerStopping 0
-- cache file
Broadcasting queue restart signal.
unsupervised: status 0
supervised still running: true
it ran a job after queue:restart
supervised: status 0
event WorkerStopping 0
event WorkerStopping 0
