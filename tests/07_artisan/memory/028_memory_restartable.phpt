--TEST--
fastqueue:work as queue:work on the same application: --memory=0 (no limit from Laravel 12 on, before that a stop after the first round with 12), Worker::$memoryExceededExitCode and Worker::$restartable = false (Laravel 12 and later; ignored where Laravel has no such static)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work028', 'providers' => ['App\Providers\RecordEvents', 'App\Providers\WorkerStatics']]);
$statics = fn (array $s) => file_put_contents("$app->base/storage/worker-statics.json", json_encode($s));
// PHP counts memory only with its own allocator (not under the suite's valgrind pass).
$counted = memory_get_usage(true) > 0;

// Runs $case with both commands; prints fastqueue:work's outcome, and queue:work's if it differs.
$compare = function (string $title, callable $case) use ($app) {
    echo "-- $title\n";
    $outcomes = [];
    foreach (['queue:work', 'fastqueue:work'] as $command) {
        $outcomes[$command] = $case($command);
        $app->reset();
    }
    echo json_encode($outcomes['fastqueue:work']), "\n";
    echo $outcomes['fastqueue:work'] === $outcomes['queue:work'] ? "the same as queue:work\n"
        : 'queue:work: ' . json_encode($outcomes['queue:work']) . "\n";
};
$ran = fn () => count(preg_grep('/^ran /', $app->effects()));
$stopping = fn () => array_values(preg_grep('/^event WorkerStopping/', $app->effects()));

if ($counted) {
    $compare('--memory=0', function (string $command) use ($app, $ran, $stopping) {
        $app->run('App\Jobs\RecordJob::dispatch("a"); App\Jobs\RecordJob::dispatch("b");');
        $r = $app->artisan([$command, '--memory=0', '--stop-when-empty', '--sleep=0']);
        return ['status' => $r['status'], 'ran' => $ran(), 'stopping' => $stopping(), 'stderr' => $r['stderr']];
    });
} else {
    // Without PHP's allocator (the asan/ubsan and valgrind passes) every process has used 0 MB:
    // before 12, queue:work's memoryExceeded(0) (0 >= 0) stops it after a round, but the native
    // worker's limit of 1 MB is never reached, so the runs are compared in the plain pass. Here
    // the limit fastqueue:work gives the native worker is checked against what the running
    // Laravel's own memoryExceeded(0) means: 1 MB where 0 is exceeded, else no limit.
    echo "-- --memory=0\n";
    [$limit, $exceeded] = json_decode($app->run('$command = app(FastQueue\Laravel\Console\WorkCommand::class);
        $command->setLaravel(app());
        $input = new Symfony\Component\Console\Input\ArrayInput(["--memory" => "0"], $command->getDefinition());
        $limit = (function () use ($input) { $this->input = $input; return $this->nativeWorkerOptions()["memory"]; })->call($command);
        echo json_encode([$limit, app("queue.worker")->memoryExceeded(0)]);'), true);
    echo $limit === ($exceeded ? 1 : PHP_INT_MAX >> 20) ? "(memory not counted) the native limit is what memoryExceeded(0) means\n"
        : "native limit $limit MB, memoryExceeded(0) " . var_export($exceeded, true) . "\n";
    echo "runs compared in the plain pass\n";
}

// Where memory is not counted neither command reaches --memory=1, and both run both jobs.
$compare('--memory=1 with Worker::$memoryExceededExitCode = 7', function (string $command) use ($app, $ran, $stopping, $statics) {
    $statics(['memoryExceededExitCode' => 7]);
    $app->run('App\Jobs\RecordJob::dispatch("a"); App\Jobs\RecordJob::dispatch("b");');
    $r = $app->artisan([$command, '--memory=1', '--stop-when-empty', '--sleep=0']);
    return ['status' => $r['status'], 'ran' => $ran(), 'stopping' => $stopping(), 'stderr' => $r['stderr']];
});

$compare('queue:restart with Worker::$restartable = false', function (string $command) use ($app, $ran, $statics) {
    $statics(['restartable' => false]);
    $worker = $app->artisanChild([$command, '--sleep=1']);
    $app->waitForEffect('/^event Looping/');
    $app->artisan(['queue:restart']);
    // A restartable worker reads the restart within a second (each round, or its cache poll).
    usleep((int) (2.5e6 * fq_app_scale()));
    $running = $worker->running();
    if ($running) {
        $app->run('App\Jobs\RecordJob::dispatch("after the restart");');
        $app->waitForEffect('/^ran after the restart/', 15);
        $worker->signal(SIGTERM);
    }
    $r = $worker->wait(15);
    // (The status of a worker that stopped by itself was read by running().)
    return ['running after the restart' => $running, 'ran' => $ran(), 'status' => $running ? $r['status'] : 'stopped', 'stderr' => $r['stderr']];
});
?>
--EXPECTF--
-- --memory=0
%r(\{"status":\d+,"ran":\d+,"stopping":\["event WorkerStopping \d+"\],"stderr":""\}|\(memory not counted\) the native limit is what memoryExceeded\(0\) means)%r
%r(the same as queue:work|runs compared in the plain pass)%r
-- --memory=1 with Worker::$memoryExceededExitCode = 7
%r(\{"status":\d+,"ran":[12],"stopping":\["event WorkerStopping \d+"\],"stderr":""\})%r
the same as queue:work
-- queue:restart with Worker::$restartable = false
{"running after the restart":%s,"ran":%d,"status":%s,"stderr":""}
the same as queue:work
