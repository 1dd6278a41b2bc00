--TEST--
fastqueue:work as queue:work when a JobProcessing listener throws (the job does not run; the exception is the job's: failed or released, reported), when a JobProcessed listener throws (JobExceptionOccurred, reported, the job not run again), when a job calls $this->fail() without an exception (failed(null), ManuallyFailedException), and when it releases itself more than once (no error), and when a job calls $this->fail($e) while its failed() throws (that exception leaves fail() and handle(): JobExceptionOccurred, reported, no Processed)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work019', 'providers' => ['App\Providers\RecordEvents', 'App\Providers\ThrowingListeners']]);

// What one run of WORKER leaves behind, without what differs from run to run.
$observe = function (string $command, ?string $flag, string $dispatch, array $args = []) use ($app) {
    $app->reset();
    if ($flag !== null) {
        touch("$app->base/storage/$flag");
    }
    $app->run($dispatch);
    $t0 = time();
    $r = $app->artisan(array_merge([$command, '--stop-when-empty', '--sleep=0'], $args));
    $t1 = time();
    $s = $app->queueState('work019');
    return [
        'status' => $r['status'],
        'stderr' => $r['stderr'],
        'job lines' => FqLaravelApp::jobLines($r['stdout']),
        'effects' => array_values(preg_grep('/^event Looping/', $app->effects(), PREG_GREP_INVERT)),
        // The exception's class and message (where it was made differs: Laravel's Job, or ours).
        'failed_jobs' => array_map(fn ($row) => preg_replace('/ in \S+:\d+$/', '', FqLaravelApp::normalizeFailed($row)['exception']), $app->failedJobs()),
        'reported' => $app->reported(),
        'left in Redis' => [count($s['queue']), count($s['delayed']), count($s['reserved'])],
        // Not compared: a job released twice is due after the first delay here, the last in Laravel.
        // Due 60 s after a release during the run: within [$t0 + 60, $t1 + 60] (the - 1: C's
        // time() may lag PHP's by a few ms), however long the run took.
        'due in' => array_map(fn ($m) => $m[1] >= $t0 - 1 + 60 && $m[1] <= $t1 + 60 ? 'about 60 s' : ($m[1] - $t1) . ' s after the run', $s['delayed']),
    ];
};

$cases = [
    'JobProcessing listener throws, --tries=1' => ['throw-before', "App\\Jobs\\RecordJob::dispatch('before');", []],
    'JobProcessing listener throws, --tries=2' => ['throw-before', "App\\Jobs\\RecordJob::dispatch('before');", ['--tries=2', '--backoff=60']],
    'JobProcessed listener throws' => ['throw-after', "App\\Jobs\\RecordJob::dispatch('after');", []],
    '$this->fail() without an exception' => [null, "App\\Jobs\\BareFailJob::dispatch('bare');", []],
    '$this->release(-5), then twice' => [null, "App\\Jobs\\ReleaseTwiceJob::dispatch('twice');", []],
    '$this->fail($e) while failed() throws' => [null, "App\\Jobs\\FailThrowsJob::dispatch('ft');", []],
];
foreach ($cases as $name => [$flag, $dispatch, $args]) {
    echo "-- $name\n";
    $laravel = $observe('queue:work', $flag, $dispatch, $args);
    $fast = $observe('fastqueue:work', $flag, $dispatch, $args);
    foreach ($fast as $what => $value) {
        if ($what !== 'due in' && $value !== $laravel[$what]) {
            echo "$what DIFFERS: queue:work ", var_export($laravel[$what], true), "\nfastqueue:work ", var_export($value, true), "\n";
        }
    }
    // (The lines as Laravel 8 prints them: later versions add a FAIL line for a job released
    // after an exception; the comparison above holds on every version.)
    $lines = FqLaravelApp::withoutReleaseLines($fast['job lines'], $fast['left in Redis'][1] > 0 && $flag !== null);
    echo "status {$fast['status']}; ", implode(', ', $lines), "\n  ", implode("\n  ", $fast['effects']), "\n";
    foreach ($fast['failed_jobs'] as $line) {
        echo "  failed_jobs: $line\n";
    }
    echo "  reported: ", implode(' | ', $fast['reported']), "\n";
    echo "  left in Redis (pending, delayed, reserved): ", implode(', ', $fast['left in Redis']), "\n";
    foreach ($fast['due in'] as $seconds) {
        echo "  delayed: due in $seconds\n";
    }
}
?>
--EXPECT--
-- JobProcessing listener throws, --tries=1
status 0; Failed: App\Jobs\RecordJob
  event JobProcessing redis App\Jobs\RecordJob attempts=1 deleted=0 released=0 failed=0
  event JobFailed redis App\Jobs\RecordJob attempts=1 deleted=1 released=0 failed=1 RuntimeException: the JobProcessing listener threw
  event JobExceptionOccurred redis App\Jobs\RecordJob attempts=1 deleted=1 released=0 failed=1 RuntimeException: the JobProcessing listener threw
  event WorkerStopping 0
  failed_jobs: RuntimeException: the JobProcessing listener threw
  reported: the JobProcessing listener threw
  left in Redis (pending, delayed, reserved): 0, 0, 0
-- JobProcessing listener throws, --tries=2
status 0; 
  event JobProcessing redis App\Jobs\RecordJob attempts=1 deleted=0 released=0 failed=0
  event JobExceptionOccurred redis App\Jobs\RecordJob attempts=1 deleted=0 released=0 failed=0 RuntimeException: the JobProcessing listener threw
  event WorkerStopping 0
  reported: the JobProcessing listener threw
  left in Redis (pending, delayed, reserved): 0, 1, 0
  delayed: due in about 60 s
-- JobProcessed listener throws
status 0; Processing: App\Jobs\RecordJob
  event JobProcessing redis App\Jobs\RecordJob attempts=1 deleted=0 released=0 failed=0
  ran after attempt=1 queue=work019
  event JobProcessed redis App\Jobs\RecordJob attempts=1 deleted=1 released=0 failed=0
  event JobExceptionOccurred redis App\Jobs\RecordJob attempts=1 deleted=1 released=0 failed=1 RuntimeException: the JobProcessed listener threw
  event WorkerStopping 0
  reported: the JobProcessed listener threw
  left in Redis (pending, delayed, reserved): 0, 0, 0
-- $this->fail() without an exception
status 0; Processing: App\Jobs\BareFailJob, Failed: App\Jobs\BareFailJob, Processed: App\Jobs\BareFailJob
  event JobProcessing redis App\Jobs\BareFailJob attempts=1 deleted=0 released=0 failed=0
  failed() bare: null
  event JobFailed redis App\Jobs\BareFailJob attempts=1 deleted=1 released=0 failed=1 Illuminate\Queue\ManuallyFailedException: 
  after fail() bare
  event JobProcessed redis App\Jobs\BareFailJob attempts=1 deleted=1 released=0 failed=1
  event WorkerStopping 0
  failed_jobs: Illuminate\Queue\ManuallyFailedException
  reported: 
  left in Redis (pending, delayed, reserved): 0, 0, 0
-- $this->release(-5), then twice
status 0; Processing: App\Jobs\ReleaseTwiceJob, Processed: App\Jobs\ReleaseTwiceJob, Processing: App\Jobs\ReleaseTwiceJob, Processed: App\Jobs\ReleaseTwiceJob
  event JobProcessing redis App\Jobs\ReleaseTwiceJob attempts=1 deleted=0 released=0 failed=0
  released twice attempt=1 released=true
  event JobProcessed redis App\Jobs\ReleaseTwiceJob attempts=1 deleted=0 released=1 failed=0
  event JobProcessing redis App\Jobs\ReleaseTwiceJob attempts=2 deleted=0 released=0 failed=0
  released twice attempt=2 released=true
  event JobProcessed redis App\Jobs\ReleaseTwiceJob attempts=2 deleted=0 released=1 failed=0
  event WorkerStopping 0
  reported: 
  left in Redis (pending, delayed, reserved): 0, 1, 0
  delayed: due in about 60 s
-- $this->fail($e) while failed() throws
status 0; Processing: App\Jobs\FailThrowsJob, Failed: App\Jobs\FailThrowsJob
  event JobProcessing redis App\Jobs\FailThrowsJob attempts=1 deleted=0 released=0 failed=0
  fail ft
  failed() ft: RuntimeException: ft failed itself
  event JobFailed redis App\Jobs\FailThrowsJob attempts=1 deleted=1 released=0 failed=1 RuntimeException: ft failed itself
  event JobExceptionOccurred redis App\Jobs\FailThrowsJob attempts=1 deleted=1 released=0 failed=1 RuntimeException: failed() of ft threw
  event WorkerStopping 0
  failed_jobs: RuntimeException: ft failed itself
  reported: failed() of ft threw
  left in Redis (pending, delayed, reserved): 0, 0, 0
