--TEST--
fastqueue:work: a job that ends its worker (memory_limit exhausted; kill -9 of the worker mid-job), tries 2 and 1: its next attempt says why on the worker's output, and with tries 1 the failed event, failed() and the failed_jobs row carry Laravel's "attempted too many times." sentence, then the cause; a mixed fleet: queue:work running the next attempt fails it with its own sentence, the record unread
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work040', 'providers' => ['App\Providers\RecordEvents']]);
$key = $app->redisPrefix . 'queues:work040';
$laravel = FqLaravelApp::maxAttemptsException('App\\Jobs\\CrashJob');
// The worker dies in the job's first attempt: PHP's own allocator, so that memory_limit holds.
$work = fn (string $command = 'fastqueue:work') => fq_app_exec(array_merge($app->phpCommand(),
    ["$app->base/artisan", $command, '--stop-when-empty', '--sleep=0']), 60, $app->base, ['USE_ZEND_ALLOC' => '1']);
// As if retry_after (90 s) had passed: the reservation ends now.
$expire = function () use ($key) {
    foreach (fq_raw()->cmd('ZRANGE', "$key:reserved", '0', '-1') as $member) {
        fq_raw()->cmd('ZADD', "$key:reserved", (string) (time() - 1), $member);
    }
};
$show = function (array $r) use ($app, $laravel) {
    // The file and line of the fatal error, and what it tried to allocate (which PHP versions differ on).
    $tidy = fn (string $s) => strtr(preg_replace(['/ in \S+\.php:\d+/', '/tried to allocate \d+ bytes/'],
        [' in FILE:LINE', 'tried to allocate N bytes'], $s), [$laravel => 'LARAVEL_MAX_ATTEMPTS']);
    echo "status ", var_export($r['status'], true), "\n";
    foreach (preg_split('/\n/', trim($r['stderr'])) as $line) {
        if (str_starts_with($line, 'FastQueue: ')) {
            echo 'output: ', $tidy($line), "\n";
        }
    }
    echo implode("\n", FqLaravelApp::jobLines($r['stdout'])), "\n";
    foreach ($app->effects() as $l) {
        if (!str_starts_with($l, 'event Looping') && !str_starts_with($l, 'event WorkerStopping')) {
            echo $tidy($l), "\n";
        }
    }
    foreach ($app->failedJobs() as $row) {
        echo "failed_jobs: ", $tidy(strtok($row['exception'], "\n")), "\n";
    }
};

foreach (['memory', 'busy'] as $kind) {
    foreach ([2, 1] as $tries) {
        echo "-- $kind, tries $tries\n";
        $app->run("App\\Jobs\\CrashJob::dispatch('$kind', $tries);");
        if ($kind === 'memory') {
            $r = $work();
        } else {
            $c = $app->artisanChild(['fastqueue:work', '--stop-when-empty', '--sleep=0']);
            if (!$app->waitForEffect('/^start busy attempt=1/')) {
                echo "the job did not start\n";
            }
            $c->signal(SIGKILL);
            $r = $c->wait();
        }
        echo 'first run: ', $r['status'] === null ? 'killed' : "status {$r['status']}", "\n";
        @unlink("$app->base/storage/effects.log");
        $expire();
        $show($work());
        $s = $app->queueState('work040');
        echo count($s['queue']) + count($s['delayed']) + count($s['reserved']), " left in Redis\n";
        $app->reset();
    }
}

echo "-- mixed fleet: memory under fastqueue:work, then queue:work, tries 1\n";
$app->run("App\\Jobs\\CrashJob::dispatch('memory', 1);");
$work();
@unlink("$app->base/storage/effects.log");
$expire();
$show($work('queue:work'));
?>
--EXPECT--
-- memory, tries 2
first run: status 255
status 0
output: FastQueue: attempt 1 of App\Jobs\CrashJob ended its worker: Allowed memory size of 100663296 bytes exhausted (tried to allocate N bytes) in FILE:LINE
Processing: App\Jobs\CrashJob
Processed: App\Jobs\CrashJob
event JobProcessing redis App\Jobs\CrashJob attempts=2 deleted=0 released=0 failed=0
start memory attempt=2 previous='attempt 1 of App\\Jobs\\CrashJob ended its worker: Allowed memory size of 100663296 bytes exhausted (tried to allocate N bytes) in FILE:LINE'
end memory
event JobProcessed redis App\Jobs\CrashJob attempts=2 deleted=1 released=0 failed=0
0 left in Redis
-- memory, tries 1
first run: status 255
status 0
output: FastQueue: attempt 1 of App\Jobs\CrashJob ended its worker: Allowed memory size of 100663296 bytes exhausted (tried to allocate N bytes) in FILE:LINE
Processing: App\Jobs\CrashJob
Failed: App\Jobs\CrashJob
event JobProcessing redis App\Jobs\CrashJob attempts=2 deleted=0 released=0 failed=0
failed() memory: LARAVEL_MAX_ATTEMPTS attempt 1 of App\Jobs\CrashJob ended its worker: Allowed memory size of 100663296 bytes exhausted (tried to allocate N bytes) in FILE:LINE
event JobFailed redis App\Jobs\CrashJob attempts=2 deleted=1 released=0 failed=1 LARAVEL_MAX_ATTEMPTS attempt 1 of App\Jobs\CrashJob ended its worker: Allowed memory size of 100663296 bytes exhausted (tried to allocate N bytes) in FILE:LINE
event JobExceptionOccurred redis App\Jobs\CrashJob attempts=2 deleted=1 released=0 failed=1 LARAVEL_MAX_ATTEMPTS attempt 1 of App\Jobs\CrashJob ended its worker: Allowed memory size of 100663296 bytes exhausted (tried to allocate N bytes) in FILE:LINE
failed_jobs: LARAVEL_MAX_ATTEMPTS attempt 1 of App\Jobs\CrashJob ended its worker: Allowed memory size of 100663296 bytes exhausted (tried to allocate N bytes) in FILE:LINE in FILE:LINE
0 left in Redis
-- busy, tries 2
first run: killed
status 0
output: FastQueue: attempt 1 of App\Jobs\CrashJob ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (90 s) without renewing it
Processing: App\Jobs\CrashJob
Processed: App\Jobs\CrashJob
event JobProcessing redis App\Jobs\CrashJob attempts=2 deleted=0 released=0 failed=0
start busy attempt=2 previous='attempt 1 of App\\Jobs\\CrashJob ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (90 s) without renewing it'
end busy
event JobProcessed redis App\Jobs\CrashJob attempts=2 deleted=1 released=0 failed=0
0 left in Redis
-- busy, tries 1
first run: killed
status 0
output: FastQueue: attempt 1 of App\Jobs\CrashJob ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (90 s) without renewing it
Processing: App\Jobs\CrashJob
Failed: App\Jobs\CrashJob
event JobProcessing redis App\Jobs\CrashJob attempts=2 deleted=0 released=0 failed=0
failed() busy: LARAVEL_MAX_ATTEMPTS attempt 1 of App\Jobs\CrashJob ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (90 s) without renewing it
event JobFailed redis App\Jobs\CrashJob attempts=2 deleted=1 released=0 failed=1 LARAVEL_MAX_ATTEMPTS attempt 1 of App\Jobs\CrashJob ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (90 s) without renewing it
event JobExceptionOccurred redis App\Jobs\CrashJob attempts=2 deleted=1 released=0 failed=1 LARAVEL_MAX_ATTEMPTS attempt 1 of App\Jobs\CrashJob ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (90 s) without renewing it
failed_jobs: LARAVEL_MAX_ATTEMPTS attempt 1 of App\Jobs\CrashJob ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (90 s) without renewing it in FILE:LINE
0 left in Redis
-- mixed fleet: memory under fastqueue:work, then queue:work, tries 1
status 0
Processing: App\Jobs\CrashJob
Failed: App\Jobs\CrashJob
event JobProcessing redis App\Jobs\CrashJob attempts=2 deleted=0 released=0 failed=0
failed() memory: LARAVEL_MAX_ATTEMPTS
event JobFailed redis App\Jobs\CrashJob attempts=2 deleted=1 released=0 failed=1 LARAVEL_MAX_ATTEMPTS
event JobExceptionOccurred redis App\Jobs\CrashJob attempts=2 deleted=1 released=0 failed=1 LARAVEL_MAX_ATTEMPTS
failed_jobs: LARAVEL_MAX_ATTEMPTS in FILE:LINE
