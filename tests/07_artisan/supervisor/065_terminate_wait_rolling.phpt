--TEST--
fastqueue:terminate --wait against a running FastQueue\Supervisor: it sets the restart stamp, prints each pool as it is restarted, and returns 0 once the supervisor's record carries the stamp, with every worker replaced (new pids, the old ones gone, the counts kept) and the supervisor still running; queue:restart then starts another rolling restart the same way; SIGTERM ends the supervisor with 0
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/supervisor_app.inc';

$app = fq_supervisor_app('rolling065');
$sup = fq_registry_supervisor($app, 'app065', ['a065' => 2, 'b065' => 1]);
$status = fq_registry_wait_ready($app, 'app065', 40);
if ($status === null) {
    echo "not ready:\n", $sup->stdout();
    $sup->signal(SIGKILL);
    exit;
}
$pidsOf = fn (array $s) => array_map(fn ($p) => $p['pids'], $s['pools']);
$compare = function (array $before, array $after) {
    foreach ($before as $pool => $old) {
        $new = $after[$pool];
        echo "$pool: ", count($old), ' -> ', count($new), ' workers, ',
            array_intersect($old, $new) ? 'some kept: ' . json_encode([$old, $new]) : 'all new', ', ',
            count(array_filter($old, fn ($pid) => file_exists("/proc/$pid"))), " old left\n";
    }
};
$before = $pidsOf($status['supervisors'][0]);

echo "-- fastqueue:terminate --wait\n";
$r = $app->artisan(['fastqueue:terminate', '--wait', '--timeout=120'], 150);
$stamp = fq_raw()->cmd('GET', fq_registry_key($app, ':restart'));
echo "status {$r['status']}, stderr: ", trim($r['stderr']) === '' ? 'none' : trim($r['stderr']), "\n";
echo implode("\n", preg_grep('/restarting pool/', explode("\n", str_replace(gethostname(), 'HOST', trim($r['stdout']))), PREG_GREP_INVERT)), "\n";
$status = fq_registry_wait_ready($app, 'app065', 20);
$s = $status['supervisors'][0];
echo 'restarted: ', $s['restarted'] === $stamp ? 'the stamp' : $s['restarted'], ", restarting: ", json_encode($s['restarting']), ", supervisor running: ", var_export($sup->running(), true), "\n";
$compare($before, $after = $pidsOf($s));

echo "-- queue:restart\n";
echo FqLaravelApp::message($app->artisan(['queue:restart'])['stdout']), "\n";
$stamp = fq_raw()->cmd('GET', fq_registry_key($app, ':restart'));
$until = microtime(true) + 120 * fq_app_scale();
do {
    $s = fq_registry_status($app)['supervisors'][0] ?? [];
} while (($s['restarted'] ?? '') !== $stamp && microtime(true) < $until && usleep(200000) === null);
echo 'restarted: ', ($s['restarted'] ?? '') === $stamp ? 'the stamp' : json_encode($s), "\n";
$s = fq_registry_wait_ready($app, 'app065', 20)['supervisors'][0];
$compare($after, $pidsOf($s));

$sup->signal(SIGTERM);
$r = $sup->wait(60);
echo "supervisor: status ", var_export($r['status'], true), "\n";
?>
--EXPECT--
-- fastqueue:terminate --wait
status 0, stderr: none
app065 on HOST: pool supervisor-1:a065 restarted
app065 on HOST: pool supervisor-1:b065 restarted
app065 on HOST: done
Every supervisor has restarted its workers.
restarted: the stamp, restarting: null, supervisor running: true
supervisor-1:a065: 2 -> 2 workers, all new, 0 old left
supervisor-1:b065: 1 -> 1 workers, all new, 0 old left
-- queue:restart
Broadcasting queue restart signal.
restarted: the stamp
supervisor-1:a065: 2 -> 2 workers, all new, 0 old left
supervisor-1:b065: 1 -> 1 workers, all new, 0 old left
supervisor: status 0
