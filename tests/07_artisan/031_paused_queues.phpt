--TEST--
fastqueue:work: Laravel's paused queues (Queue::pause(), queue:pause; 13: pauseAll(), WorkerQueuePaused/WorkerQueueResumed and their output lines) are not worked, also with --once, as with queue:work; a queue resumed while the worker idles is worked again
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php
require __DIR__ . '/../inc/laravel_app.inc';
fq_skip_unless_laravel_app();
$manager = (fq_app_vendor() ? fq_app_vendor() . '/laravel/framework/src' : (fq_laravel_dir() ?? '/usr/share/php')) . '/Illuminate/Queue/QueueManager.php';
if (!str_contains((string) @file_get_contents($manager), 'function pause(')) {
    die('skip this Laravel has no paused queues (QueueManager::pause(), Laravel 12 and later)');
}
?>
--FILE--
<?php
require __DIR__ . '/../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'pq027b']);
$manager = (fq_app_vendor() ? fq_app_vendor() . '/laravel/framework/src' : (fq_laravel_dir() ?? '/usr/share/php')) . '/Illuminate/Queue/QueueManager.php';
$hasPauseAll = str_contains(file_get_contents($manager), 'function pauseAll(');

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
    $app->run($dispatch . ' Illuminate\Support\Facades\Queue::pause("redis", "pq027a");');
    $r = $app->artisan([$command, '--stop-when-empty', '--sleep=0', '--queue=pq027a,pq027b']);
    $out['paused a'] = ['status' => $r['status'], 'stderr' => $r['stderr'], 'lines' => lines_of($r['stdout']),
        'ran' => ran($app), 'a pending' => count($app->queueState('pq027a')['queue'])];

    // --once: the paused queue is passed over too.
    $app->reset();
    $app->run($dispatch . ' Illuminate\Support\Facades\Queue::pause("redis", "pq027a");');
    $r = $app->artisan([$command, '--once', '--queue=pq027a,pq027b']);
    $out['once'] = ['status' => $r['status'], 'stderr' => $r['stderr'], 'lines' => lines_of($r['stdout']), 'ran' => ran($app)];

    // queue:pause, then resumed while the worker idles: it is worked then.
    $app->reset();
    $app->artisan(['queue:pause', 'redis:pq027a']);
    $app->run($dispatch);
    $worker = $app->artisanChild([$command, '--sleep=1', '--queue=pq027a,pq027b']);
    $app->waitForEffect('/^ran b1/');
    usleep(1500000);
    $before = ran($app);
    $app->artisan(['queue:resume', 'redis:pq027a']);
    $app->waitForEffect('/^ran a1/');
    $worker->signal(SIGTERM);
    $r = $worker->wait(20);
    $out['resumed a'] = ['status' => $r['status'], 'stderr' => $r['stderr'], 'lines' => lines_of($r['stdout']),
        'ran while paused' => $before, 'ran' => ran($app)];

    // 13: every queue paused at once.
    if ($hasPauseAll) {
        $app->reset();
        $app->run($dispatch . ' Illuminate\Support\Facades\Queue::pauseAll();');
        $r = $app->artisan([$command, '--stop-when-empty', '--sleep=0', '--queue=pq027a,pq027b']);
        $out['pause all'] = ['status' => $r['status'], 'lines' => lines_of($r['stdout']), 'ran' => ran($app)];
        $app->run('Illuminate\Support\Facades\Queue::resumeAll();');
    }
    $results[$command] = $out;
}

$fq = $results['fastqueue:work'];
echo 'paused a: status ', $fq['paused a']['status'], ', ran ', $fq['paused a']['ran'], ', a pending ', $fq['paused a']['a pending'], $fq['paused a']['stderr'], "\n";
echo 'once: ran ', $fq['once']['ran'], $fq['once']['stderr'], "\n";
echo 'resumed a: status ', $fq['resumed a']['status'], ', ran while paused: ', $fq['resumed a']['ran while paused'], ', then: ', $fq['resumed a']['ran'], $fq['resumed a']['stderr'], "\n";
// (Laravel 12 has no pauseAll(): nothing to run, nothing to compare.)
echo 'pause all: ran ', !$hasPauseAll || $fq['pause all']['ran'] === '' ? 'nothing' : $fq['pause all']['ran'], "\n";
foreach ($results['queue:work'] as $case => $qw) {
    if ($qw == $fq[$case]) {
        echo "$case: same as queue:work\n";
    } else {
        echo "$case differs:\nqueue:work ", json_encode($qw), "\nfastqueue:work ", json_encode($fq[$case]), "\n";
    }
}
if (!$hasPauseAll) {
    echo "pause all: same as queue:work\n";
}
unset($app);
?>
--EXPECT--
paused a: status 0, ran b1, a pending 1
once: ran b1
resumed a: status 0, ran while paused: b1, then: b1 a1
pause all: ran nothing
paused a: same as queue:work
once: same as queue:work
resumed a: same as queue:work
pause all: same as queue:work
