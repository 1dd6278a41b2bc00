--TEST--
The supervisors' commands together: fastqueue:supervise started from config/fastqueue.php is listed by fastqueue:status under the name and host it registered (its pools and supervised workers, idle), queue:restart replaces its workers one pool at a time while it runs on, and fastqueue:terminate stops it with exit 0, leaving no supervisor listed
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app();
if (!is_file(__DIR__ . '/../../inc/supervise_app.inc')) die('skip needs fastqueue:supervise (tests/inc/supervise_app.inc)'); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/supervisor_app.inc';
require __DIR__ . '/../../inc/supervise_app.inc';

$app = fq_supervisor_app('sup066');
fq_supervise_config($app, 'fastqueue', <<<'PHP'
[
    'supervisors' => [
        'name' => 'app066',
        'heartbeat' => 0.5,
        'environments' => [
            'local' => [
                'supervisor-1' => [
                    'connection' => 'redis',
                    'queue' => ['a066', 'b066'],
                    'balance' => 'auto',
                    'minProcesses' => 1,
                    'maxProcesses' => 2,
                    'sleep' => 0.2,
                ],
            ],
        ],
    ],
]
PHP);
$sup = fq_supervise_child($app);
$status = fq_registry_wait_ready($app, 'app066', 40);
if ($status === null) {
    echo "not ready:\n", $sup->stdout(), "\n";
    $sup->signal(SIGKILL);
    exit;
}
$s = $status['supervisors'][0];
echo "{$s['name']} on ", $s['host'] === gethostname() ? 'this host' : $s['host'], ', pid ', $s['pid'] === $sup->pid ? "fastqueue:supervise's" : $s['pid'], ", {$s['state']}\n";
$pidsOf = fn (array $s) => array_map(fn ($p) => $p['pids'], $s['pools']);
foreach ($s['pools'] as $name => $pool) {
    echo "$name: ", json_encode($pool['queues']), ', ', implode(' ', array_column($pool['workers'], 'state')), "\n";
}
$before = $pidsOf($s);

echo FqLaravelApp::message($app->artisan(['queue:restart'])['stdout']), "\n";
$stamp = fq_raw()->cmd('GET', fq_registry_key($app, ':restart'));
$until = microtime(true) + 120 * fq_app_scale();
do {
    $s = fq_registry_status($app)['supervisors'][0] ?? [];
} while (($s['restarted'] ?? '') !== $stamp && microtime(true) < $until && usleep(200000) === null);
echo 'restarted: ', ($s['restarted'] ?? '') === $stamp ? 'the stamp' : json_encode($s), ', still running: ', var_export($sup->running(), true), "\n";
$after = $pidsOf(fq_registry_wait_ready($app, 'app066', 20)['supervisors'][0]);
foreach ($before as $pool => $old) {
    echo "$pool: ", array_intersect($old, $after[$pool]) ? 'some kept' : 'all new', "\n";
}

$r = $app->artisan(['fastqueue:terminate']);
echo "terminate: status {$r['status']}, ", str_replace(gethostname(), 'HOST', trim($r['stdout'])), trim($r['stderr']), "\n";
$r = $sup->wait(60);
echo "fastqueue:supervise: status ", var_export($r['status'], true), "\n";
echo 'supervisors: ', json_encode(fq_registry_status($app)['supervisors']), "\n";
?>
--EXPECT--
app066 on this host, pid fastqueue:supervise's, running
supervisor-1:a066: ["a066"], idle
supervisor-1:b066: ["b066"], idle
fastqueue:watch: [], watching
Broadcasting queue restart signal.
restarted: the stamp, still running: true
supervisor-1:a066: all new
supervisor-1:b066: all new
fastqueue:watch: all new
terminate: status 0, 1 supervisor will stop: app066 on HOST.
fastqueue:supervise: status 0
supervisors: []
