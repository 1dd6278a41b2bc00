--TEST--
fastqueue:work: a delayed job waits in :delayed until it is due, then runs; a running daemon picks it up; SIGTERM stops the daemon with status 0
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work005', 'providers' => ['App\Providers\RecordEvents']]);
// The first run must end before the delayed jobs are due: the delay is longer than a worker's
// run on an empty queue takes on this machine (long under valgrind, or when the machine is busy).
$b0 = microtime(true);
$app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=0']);
$delay = max(2 * fq_app_scale(), (int) ceil(3 * (microtime(true) - $b0)));
$t0 = time();
$app->run(<<<PHP
App\\Jobs\\RecordJob::dispatch('later')->delay($delay);
App\\Jobs\\RecordJob::dispatch('at')->delay(now()->addSeconds($delay));
App\\Jobs\\RecordJob::dispatch('now');
PHP);
$t1 = time();

$r = $app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=0']);
echo "first run: status {$r['status']}\n  ", implode("\n  ", FqLaravelApp::jobLines($r['stdout'])), "\n";
$state = $app->queueState('work005');
$lines = [];
foreach ($state['delayed'] as [$member, $score]) {
    $job = json_decode($member, true);
    preg_match('/s:5:"label";s:\d+:"([^"]*)"/', $job['data']['command'], $m);
    $lines[] = "  delayed: " . $m[1] . ' attempts=' . $job['attempts']
        . ($score >= $t0 - 1 + $delay && $score <= $t1 + $delay ? ' due after its delay' : ' due at ' . ($score - $t0));
}
sort($lines); // same score: Redis orders them by their text
echo implode("\n", $lines), "\n";
while (time() <= $t1 + $delay) {
    usleep(100000);
}
$r = $app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=0']);
echo "after the delay: status {$r['status']}\n  ", implode("\n  ", FqLaravelApp::jobLines($r['stdout'])), "\n";
$effects = preg_grep('/^ran/', $app->effects());
sort($effects);
echo implode("\n", $effects), "\n";

echo "-- a daemon\n";
$app->reset();
$worker = $app->artisanChild(['fastqueue:work', '--sleep=1']);
$app->waitForEffect('/^event Looping/');
$t = microtime(true);
$app->run("App\\Jobs\\RecordJob::dispatch('daemon')->delay(2);");
$dispatched = microtime(true);
var_dump($worker->waitForLine(FqLaravelApp::lineRegex('Processed', 'App\Jobs\RecordJob'), 10));
$ran = microtime(true);
// Due when time() reaches the dispatch second + 2: at least a second after the dispatch, which
// happened between $t and $dispatched (booting Laravel for it is this machine's speed, so the
// upper bound counts from its end): due within 2 s of that, found within --sleep=1 of being due.
$secs = $ran - $t;
$late = $ran - $dispatched;
echo $secs >= 1.0 && $late < 4.5 * fq_app_scale() ? "ran after its delay\n" : sprintf("ran %.2f s after the dispatch began, %.2f s after it ended\n", $secs, $late);
$worker->signal(SIGTERM);
$r = $worker->wait(10);
echo "SIGTERM: status ", var_export($r['status'], true), $r['stderr'], "\n";
$effects = preg_grep('/^ran/', $app->effects());
echo end($effects), "\n";
var_dump($app->queueState('work005'));
?>
--EXPECT--
first run: status 0
  Processing: App\Jobs\RecordJob
  Processed: App\Jobs\RecordJob
  delayed: at attempts=0 due after its delay
  delayed: later attempts=0 due after its delay
after the delay: status 0
  Processing: App\Jobs\RecordJob
  Processed: App\Jobs\RecordJob
  Processing: App\Jobs\RecordJob
  Processed: App\Jobs\RecordJob
ran at attempt=1 queue=work005
ran later attempt=1 queue=work005
ran now attempt=1 queue=work005
-- a daemon
bool(true)
ran after its delay
SIGTERM: status 0
ran daemon attempt=1 queue=work005
array(4) {
  ["queue"]=>
  array(0) {
  }
  ["delayed"]=>
  array(0) {
  }
  ["reserved"]=>
  array(0) {
  }
  ["notify"]=>
  int(0)
}
