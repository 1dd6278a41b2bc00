--TEST--
fastqueue:status against a running FastQueue\Supervisor of fastqueue:work workers: its name, host, pid and state, each pool's count and real worker pids (supervised: FASTQUEUE_SUPERVISED=1), each worker idle, then busy while it runs a job, each queue's backlog; once SIGTERM stopped the supervisor (exit 0), no supervisor is listed
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/supervisor_app.inc';

$app = fq_supervisor_app('status063');
$sup = fq_registry_supervisor($app, 'app063', ['high063' => 2, 'low063' => 1]);
$status = fq_registry_wait_ready($app, 'app063', 40);
if ($status === null) {
    echo "not ready:\n", $sup->stdout(), json_encode(fq_registry_status($app), JSON_PRETTY_PRINT), "\n";
    $sup->signal(SIGKILL);
    exit;
}
$s = $status['supervisors'][0];
echo count($status['supervisors']), " supervisor: {$s['name']}, host ", $s['host'] === gethostname() ? 'this one' : $s['host'],
    ', pid ', $s['pid'] === $sup->pid ? "the supervisor's" : $s['pid'], ", {$s['state']}, figures {$s['figures']}\n";
foreach ($s['pools'] as $name => $pool) {
    $real = array_filter($pool['pids'], fn ($pid) => str_contains((string) @file_get_contents("/proc/$pid/cmdline"), 'fastqueue:work')
        && str_contains((string) @file_get_contents("/proc/$pid/environ"), "FASTQUEUE_SUPERVISED=1\0"));
    echo "$name: {$pool['processes']} processes, ", count($real), ' supervised fastqueue:work pids, ',
        implode(' ', array_column($pool['workers'], 'state')), "\n";
}

// A job of 4 s on low063, three more behind it: its worker busy, a backlog of 3.
$app->run("App\\Jobs\\SleepJob::dispatch('busy', 4 * " . fq_app_scale() . ")->onQueue('low063'); "
    . "for (\$i = 0; \$i < 3; \$i++) { App\\Jobs\\RecordJob::dispatch(\"behind \$i\")->onQueue('low063'); }");
$until = microtime(true) + 20 * fq_app_scale();
do {
    $s = fq_registry_status($app)['supervisors'][0];
    $low = $s['pools']['supervisor-1:low063'];
    $seen = array_column($low['workers'], 'state') === ['busy'] && ($s['queues']['low063']['backlog'] ?? 0) === 3;
} while (!$seen && microtime(true) < $until && usleep(100000) === null);
echo $seen ? "low063: its worker busy, a backlog of 3\n" : "not seen: " . json_encode($s) . "\n";
$text = $app->artisan(['fastqueue:status']);
echo "status {$text['status']}\n";
echo preg_match('/^Supervisor app063 on \S+: running, pid \d+/m', $text['stdout']) ? "the supervisor's line\n" : $text['stdout'];
echo preg_match('/^\| supervisor-1:low063 +\| supervisor-1 \| low063 +\| 1 \(1-1\) +\| \d+ busy +\|$/m', $text['stdout']) ? "low063's busy worker\n" : $text['stdout'];
echo preg_match('/^\| low063 +\| 3 +\|/m', $text['stdout']) ? "low063's backlog\n" : $text['stdout'];

$sup->signal(SIGTERM);
$r = $sup->wait(30);
echo "supervisor: status ", var_export($r['status'], true), "\n";
echo json_encode(fq_registry_status($app)['supervisors']), "\n";
?>
--EXPECT--
1 supervisor: app063, host this one, pid the supervisor's, running, figures ok
supervisor-1:high063: 2 processes, 2 supervised fastqueue:work pids, idle idle
supervisor-1:low063: 1 processes, 1 supervised fastqueue:work pids, idle
low063: its worker busy, a backlog of 3
status 0
the supervisor's line
low063's busy worker
low063's backlog
supervisor: status 0
[]
