--TEST--
fastqueue:terminate sets the terminate stamp to the Unix time with microseconds and names the live supervisors that will stop; --wait sets the restart stamp and follows the records in the documented shape, each pool printed once as restarted, until every live supervisor's "restarted" is that stamp (one started after it counts as done), or exits 1 after --timeout naming those not done; queue:restart sets the restart stamp too; an unreachable Redis is an error with exit 1 (queue:restart still succeeds, and says the stamp was not set)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/supervisor_app.inc';

$app = fq_supervisor_app('terminate061');
$show = function (array $r) {
    echo "status {$r['status']}, stderr: ", trim($r['stderr']) === '' ? 'none' : trim($r['stderr']), "\n", $r['stdout'];
};
$stamp = function (string $which) use ($app) {
    $v = fq_raw()->cmd('GET', fq_registry_key($app, ":$which"));
    if ($v === null) {
        return 'none';
    }
    return preg_match('/^\d{10}\.\d{6}$/', $v) && abs((float) $v - microtime(true)) < 30 ? "a time of now ($v)" : "WRONG: $v";
};

echo "-- no supervisor\n";
$show($app->artisan(['fastqueue:terminate']));
echo 'terminate: ', preg_replace('/ \(.*/', '', $stamp('terminate')), ', restart: ', $stamp('restart'), "\n";
$show($app->artisan(['fastqueue:terminate', '--wait']));
echo 'restart: ', preg_replace('/ \(.*/', '', $stamp('restart')), "\n";

echo "-- two supervisors\n";
$pools = ['supervisor-1:high' => ['group' => 'supervisor-1', 'queues' => ['high'], 'processes' => 1, 'min_processes' => 1, 'max_processes' => 1, 'pids' => [11]],
    'supervisor-1:low' => ['group' => 'supervisor-1', 'queues' => ['low'], 'processes' => 1, 'min_processes' => 1, 'max_processes' => 1, 'pids' => [12]]];
$web1 = fq_registry_record('app', 'web-1', 10, $pools);
fq_registry_beat($app, $web1);
fq_registry_beat($app, fq_registry_record('app', 'web-2', 20, $pools));
$before = fq_raw()->cmd('GET', fq_registry_key($app, ':terminate'));
$show($app->artisan(['fastqueue:terminate']));
$after = fq_raw()->cmd('GET', fq_registry_key($app, ':terminate'));
echo 'terminate stamp changed: ', var_export($after > $before, true), "\n";

echo "-- --wait, nobody restarts\n";
$show($app->artisan(['fastqueue:terminate', '--wait', '--timeout=1']));

echo "-- --wait while the supervisors restart\n";
$old = fq_raw()->cmd('GET', fq_registry_key($app, ':restart'));
$wait = $app->artisanChild(['fastqueue:terminate', '--wait', '--timeout=60']);
$until = microtime(true) + 30 * fq_app_scale();
while (($new = fq_raw()->cmd('GET', fq_registry_key($app, ':restart'))) === $old && microtime(true) < $until) {
    usleep(20000);
}
echo 'restart stamp set: ', var_export($new !== $old, true), "\n";
// web-2 starts again after the stamp (a process manager restarted it): done already. web-1
// restarts its pools one at a time, each state held for a few of the command's reads.
fq_registry_beat($app, fq_registry_record('app', 'web-2', 21, $pools, ['started' => microtime(true)]));
foreach (['supervisor-1:high', 'supervisor-1:low'] as $pool) {
    fq_registry_beat($app, ['restarting' => $pool] + $web1);
    usleep(800000);
}
echo 'still waiting: ', var_export($wait->running(), true), "\n";
fq_registry_beat($app, ['restarted' => $new] + $web1);
$r = $wait->wait(30);
// Whether a "restarting pool" line shows depends on the command reading in time; each pool
// is said once to be restarted, in order, in any case.
$lines = explode("\n", trim($r['stdout']));
echo "status {$r['status']}, stderr: ", trim($r['stderr']) === '' ? 'none' : trim($r['stderr']), "\n",
    implode("\n", preg_grep('/restarting pool/', $lines, PREG_GREP_INVERT)), "\n";

echo "-- queue:restart\n";
$old = fq_raw()->cmd('GET', fq_registry_key($app, ':restart'));
usleep(10000);
$r = $app->artisan(['queue:restart']);
echo "status {$r['status']}, stderr: ", trim($r['stderr']) === '' ? 'none' : trim($r['stderr']), "\n", FqLaravelApp::message($r['stdout']), "\n";
$new = fq_raw()->cmd('GET', fq_registry_key($app, ':restart'));
echo 'restart stamp: ', preg_replace('/ \(.*/', '', $stamp('restart')), ', changed: ', var_export($new > $old, true), "\n";
// Artisan::call() too (a deploy route, say).
$app->run("Illuminate\\Support\\Facades\\Artisan::call('queue:restart');");
$called = fq_raw()->cmd('GET', fq_registry_key($app, ':restart'));
echo 'Artisan::call: changed: ', var_export($called > $new, true), "\n";
$new = $called;

echo "-- errors\n";
$show($app->artisan(['fastqueue:terminate', '--wait', '--timeout=0']));
file_put_contents("$app->base/storage/registry-connection", 'dead');
$show($app->artisan(['fastqueue:terminate']));
$show($app->artisan(['fastqueue:terminate', '--wait']));
$r = $app->artisan(['queue:restart']);
echo "queue:restart: status {$r['status']}\n", FqLaravelApp::message($r['stdout']), "\n", trim($r['stderr']), "\n";
echo 'restart stamp unchanged: ', var_export(fq_raw()->cmd('GET', fq_registry_key($app, ':restart')) === $new, true), "\n";
?>
--EXPECTF--
-- no supervisor
status 0, stderr: none
No FastQueue supervisor is running; the terminate stamp is set.
terminate: a time of now, restart: none
status 0, stderr: none
No FastQueue supervisor is running; the restart stamp is set.
restart: a time of now
-- two supervisors
status 0, stderr: none
2 supervisors will stop: app on web-1, app on web-2.
terminate stamp changed: true
-- --wait, nobody restarts
status 1, stderr: Gave up after 1 s: not restarted yet: app on web-1 (not started), app on web-2 (not started).
-- --wait while the supervisors restart
restart stamp set: true
still waiting: true
status 0, stderr: none
app on web-2: pool supervisor-1:high restarted
app on web-2: pool supervisor-1:low restarted
app on web-2: done
app on web-1: pool supervisor-1:high restarted
app on web-1: pool supervisor-1:low restarted
app on web-1: done
Every supervisor has restarted its workers.
-- queue:restart
status 0, stderr: none
Broadcasting queue restart signal.
restart stamp: a time of now, changed: true
Artisan::call: changed: true
-- errors
status 1, stderr: The --timeout option must be a number of seconds above 0.
status 1, stderr: Cannot reach the supervisors through Redis connection [dead]: %s
status 1, stderr: Cannot reach the supervisors through Redis connection [dead]: %s
queue:restart: status 0
Broadcasting queue restart signal.
The FastQueue supervisors' restart stamp could not be set: %s
restart stamp unchanged: true
