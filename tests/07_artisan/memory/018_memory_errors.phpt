--TEST--
fastqueue:work: --memory (exit 12, as queue:work), the exit status as the command's, and what it refuses: a connection that is not Redis or not configured, a bad --timeout-mode
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work018']);
echo "-- --memory=1\n";
$app->run('App\Jobs\RecordJob::dispatch("m1"); App\Jobs\RecordJob::dispatch("m2");');
$r = $app->artisan(['fastqueue:work', '--memory=1', '--stop-when-empty', '--sleep=0']);
// PHP counts memory only with its own allocator: with USE_ZEND_ALLOC=0 (the suite's valgrind pass)
// memory_get_usage(true) is 0, so no --memory limit is ever reached, under queue:work either.
$counted = memory_get_usage(true) > 0;
$left = count($app->queueState('work018')['queue']);
$expected = $counted ? [12, 1, 1] : [0, 2, 0];
$got = [$r['status'], count(FqLaravelApp::jobLines($r['stdout'])) / 2, $left];
echo $got === $expected ? 'as expected: ' . ($counted ? 'status 12 after the first job' : 'no limit without PHP\'s allocator') . "\n"
    : "status {$r['status']}, {$got[1]} job(s), $left left (memory counted: " . var_export($counted, true) . ")\n", $r['stderr'];

echo "-- errors\n";
$r = $app->artisan(['fastqueue:work', 'sync', '--once']);
echo "sync: status {$r['status']}, ", preg_match('/works Redis queue connections only/', $r['stdout'] . $r['stderr']) ? 'refused' : $r['stdout'] . $r['stderr'], "\n";
$r = $app->artisan(['fastqueue:work', 'nowhere', '--once']);
echo "nowhere: status {$r['status']}, ", preg_match('/\[nowhere\] queue connection has not been configured/', $r['stdout'] . $r['stderr']) ? 'refused' : $r['stdout'] . $r['stderr'], "\n";
$r = $app->artisan(['fastqueue:work', '--once', '--timeout-mode=later']);
echo "--timeout-mode=later: status {$r['status']}, ", preg_match('/^\s*option "timeout_mode" must be "kill" or "throw"$/m', $r['stdout'] . $r['stderr']) ? 'refused' : $r['stdout'] . $r['stderr'], "\n";
?>
--EXPECTF--
-- --memory=1
as expected: %s
-- errors
sync: status 1, refused
nowhere: status 1, refused
--timeout-mode=later: status 1, refused
