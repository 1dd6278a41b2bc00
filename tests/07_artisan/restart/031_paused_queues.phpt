--TEST--
fastqueue:work: Laravel's paused queues (12: Queue::pause(), queue:pause; 13: pauseAll(), WorkerQueuePaused/WorkerQueueResumed and their output lines) are not worked, also with --once, as with queue:work; a queue resumed while the worker idles is worked again. Before 12 (13 for pauseAll) the same cache keys written by hand pause nothing, under either command
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'pq027b']);
$manager = (string) file_get_contents((fq_app_vendor() ? fq_app_vendor() . '/laravel/framework/src' : (fq_laravel_dir() ?? '/usr/share/php')) . '/Illuminate/Queue/QueueManager.php');
// Laravel 12 pauses a queue (QueueManager::pause()), 13 also every queue (pauseAll()).
$pauses = str_contains($manager, 'function pause(');
$pausesAll = str_contains($manager, 'function pauseAll(');

// Pausing and resuming through Laravel where it has them. Before 12 (before 13 for every
// queue) the same cache keys are written by hand: no worker of that version reads them, so
// both commands work the "paused" queue alike (fastqueue:work must not read keys its Laravel
// does not know).
$pauseA = $pauses ? 'Illuminate\Support\Facades\Queue::pause("redis", "pq027a");'
    : 'Illuminate\Support\Facades\Cache::forever("illuminate:queue:paused:redis:pq027a", true);';
$resumeA = 'Illuminate\Support\Facades\Cache::forget("illuminate:queue:paused:redis:pq027a");';
$pauseAll = $pausesAll ? 'Illuminate\Support\Facades\Queue::pauseAll();' : 'Illuminate\Support\Facades\Cache::forever("illuminate:queues:paused", true);';
$resumeAll = $pausesAll ? 'Illuminate\Support\Facades\Queue::resumeAll();' : 'Illuminate\Support\Facades\Cache::forget("illuminate:queues:paused");';

// The worker's lines: job lines, and 13's "Queue NAME PAUSED|RESUMED" lines (times dropped).
function lines_of(string $stdout): array
{
    preg_match_all('/^  \d{4}-\d\d-\d\d \d\d:\d\d:\d\d Queue (\S+) (PAUSED|RESUMED)$/m', $stdout, $m, PREG_SET_ORDER);
    return array_merge(array_map(fn ($x) => "Queue $x[1] $x[2]", $m), FqLaravelApp::jobLines($stdout));
}

function ran(FqLaravelApp $app): string
{
    return implode(' ', array_map(fn ($l) => explode(' ', $l)[1], preg_grep('/^ran /', $app->effects())));
}

$dispatch = 'App\Jobs\RecordJob::dispatch("a1")->onQueue("pq027a"); App\Jobs\RecordJob::dispatch("b1")->onQueue("pq027b");';

$results = [];
foreach (['queue:work', 'fastqueue:work'] as $command) {
    $out = [];
    // Paused before the start: only the other queue is worked, and --stop-when-empty ends it.
    $app->reset();
    $app->run($dispatch . $pauseA);
    $r = $app->artisan([$command, '--stop-when-empty', '--sleep=0', '--queue=pq027a,pq027b']);
    $out['paused a'] = ['status' => $r['status'], 'stderr' => $r['stderr'], 'lines' => lines_of($r['stdout']),
        'ran' => ran($app), 'a pending' => count($app->queueState('pq027a')['queue'])];

    // --once: the paused queue is passed over too.
    $app->reset();
    $app->run($dispatch . $pauseA);
    $r = $app->artisan([$command, '--once', '--queue=pq027a,pq027b']);
    $out['once'] = ['status' => $r['status'], 'stderr' => $r['stderr'], 'lines' => lines_of($r['stdout']), 'ran' => ran($app)];

    // queue:pause, then resumed (queue:resume) while the worker idles: it is worked then.
    $app->reset();
    if ($pauses) {
        $app->artisan(['queue:pause', 'redis:pq027a']);
    } else {
        $app->run($pauseA);
    }
    $app->run($dispatch);
    $worker = $app->artisanChild([$command, '--sleep=1', '--queue=pq027a,pq027b']);
    $app->waitForEffect('/^ran b1/');
    usleep(1500000);
    $before = ran($app);
    if ($pauses) {
        $app->artisan(['queue:resume', 'redis:pq027a']);
    } else {
        $app->run($resumeA);
    }
    $app->waitForEffect('/^ran a1/');
    $worker->signal(SIGTERM);
    $r = $worker->wait(20);
    $out['resumed a'] = ['status' => $r['status'], 'stderr' => $r['stderr'], 'lines' => lines_of($r['stdout']),
        'ran while paused' => $before, 'ran' => ran($app)];

    // Every queue paused at once (13).
    $app->reset();
    $app->run($dispatch . $pauseAll);
    $r = $app->artisan([$command, '--stop-when-empty', '--sleep=0', '--queue=pq027a,pq027b']);
    $out['pause all'] = ['status' => $r['status'], 'stderr' => $r['stderr'], 'lines' => lines_of($r['stdout']), 'ran' => ran($app)];
    $app->run($resumeAll);
    $results[$command] = $out;
}

// What fastqueue:work did, against what this Laravel's pauses mean (a paused queue is passed
// over; one that is not, as any queue before 12, is worked in the --queue order).
$fq = $results['fastqueue:work'];
$expected = [
    'paused a' => ['ran' => $pauses ? 'b1' : 'a1 b1', 'a pending' => $pauses ? 1 : 0],
    'once' => ['ran' => $pauses ? 'b1' : 'a1'],
    'resumed a' => ['ran while paused' => $pauses ? 'b1' : 'a1 b1', 'ran' => $pauses ? 'b1 a1' : 'a1 b1'],
    'pause all' => ['ran' => $pausesAll ? '' : 'a1 b1'],
];
foreach ($expected as $case => $want) {
    $got = array_intersect_key($fq[$case], $want);
    echo "$case: status {$fq[$case]['status']}, ", $got == $want ? "worked as this Laravel's pauses say" : 'worked otherwise: ' . json_encode($got) . ' (pauses: '
        . var_export($pauses, true) . ', pauseAll: ' . var_export($pausesAll, true) . ')', $fq[$case]['stderr'], "\n";
}
foreach ($results['queue:work'] as $case => $qw) {
    if ($qw == $fq[$case]) {
        echo "$case: fastqueue:work as queue:work\n";
    } else {
        echo "$case differs:\nqueue:work ", json_encode($qw), "\nfastqueue:work ", json_encode($fq[$case]), "\n";
    }
}
unset($app);
?>
--EXPECT--
paused a: status 0, worked as this Laravel's pauses say
once: status 0, worked as this Laravel's pauses say
resumed a: status 0, worked as this Laravel's pauses say
pause all: status 0, worked as this Laravel's pauses say
paused a: fastqueue:work as queue:work
once: fastqueue:work as queue:work
resumed a: fastqueue:work as queue:work
pause all: fastqueue:work as queue:work
