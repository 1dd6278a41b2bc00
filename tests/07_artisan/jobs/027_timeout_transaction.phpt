--TEST--
fastqueue:work as queue:work when a job runs past its timeout inside DB::transaction() (alone and in a batch): the running version's exception (TimeoutExceededException from 10 on), Laravel's rollbacks before the failure is recorded (10: the batch repository; 11 and later: the failed-job database to level 0), so the same failed_jobs rows, batch counts, failed() calls and Redis state
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work027', 'providers' => ['App\Providers\RecordEvents']]);

// What a worker run leaves: its status and lines, the job's effects and events (Looping aside),
// the failed_jobs rows (the exception's first line without its file), the batches' counts,
// what is left in Redis.
$outcome = function (string $command) use ($app): array {
    $r = $app->artisan([$command, '--stop-when-empty', '--sleep=0']);
    $pdo = new PDO('sqlite:' . $app->base . '/database/database.sqlite');
    $s = $app->queueState('work027');
    $out = [
        'status' => $r['status'],
        'lines' => FqLaravelApp::jobLines($r['stdout']),
        'effects' => array_values(array_filter($app->effects(), fn ($l) => !str_starts_with($l, 'event Looping'))),
        'failed_jobs' => array_map(fn ($row) => preg_replace('/ in \S+:\d+$/', '', FqLaravelApp::normalizeFailed($row)['exception']), $app->failedJobs()),
        'batches' => $pdo->query('SELECT name, total_jobs, pending_jobs, failed_jobs FROM job_batches')->fetchAll(PDO::FETCH_ASSOC),
        'left in Redis' => count($s['queue']) + count($s['delayed']) + count($s['reserved']),
    ];
    $app->reset();
    return $out;
};

$cases = [
    'past its timeout inside DB::transaction()' => "App\\Jobs\\TransactionJob::dispatch('tx', 4);",
    'the same, batched' => "Illuminate\\Support\\Facades\\Bus::batch([new App\\Jobs\\BatchedTransactionJob('batched', 4)])->name('b027')->allowFailures()->dispatch();",
];
$names = [
    FqLaravelApp::maxAttemptsException('App\\Jobs\\TransactionJob', true) => 'TIMED_OUT(TransactionJob)',
    FqLaravelApp::maxAttemptsException('App\\Jobs\\BatchedTransactionJob', true) => 'TIMED_OUT(BatchedTransactionJob)',
];
foreach ($cases as $title => $dispatch) {
    echo "-- $title\n";
    $app->run($dispatch);
    $queueWork = $outcome('queue:work');
    $app->run($dispatch);
    $fast = $outcome('fastqueue:work');
    echo strtr(implode("\n", $fast['effects']), $names), "\n";
    // queue:work sends itself SIGKILL (README: a difference kept on purpose).
    echo "fastqueue:work: status {$fast['status']}\n";
    unset($fast['status'], $queueWork['status']);
    if ($fast == $queueWork) {
        echo "the same as queue:work (lines, effects, failed_jobs, batches, Redis)\n";
    } else {
        echo "queue:work:\n";
        var_dump($queueWork);
        echo "fastqueue:work:\n";
        var_dump($fast);
    }
}
?>
--EXPECT--
-- past its timeout inside DB::transaction()
event JobProcessing redis App\Jobs\TransactionJob attempts=1 deleted=0 released=0 failed=0
start tx attempt=1
failed() tx: TIMED_OUT(TransactionJob)
event JobFailed redis App\Jobs\TransactionJob attempts=1 deleted=1 released=0 failed=1 TIMED_OUT(TransactionJob)
event WorkerStopping 1
fastqueue:work: status 1
the same as queue:work (lines, effects, failed_jobs, batches, Redis)
-- the same, batched
event JobProcessing redis App\Jobs\BatchedTransactionJob attempts=1 deleted=0 released=0 failed=0
start batched attempt=1
failed() batched: TIMED_OUT(BatchedTransactionJob)
event JobFailed redis App\Jobs\BatchedTransactionJob attempts=1 deleted=1 released=0 failed=1 TIMED_OUT(BatchedTransactionJob)
event WorkerStopping 1
fastqueue:work: status 1
the same as queue:work (lines, effects, failed_jobs, batches, Redis)
