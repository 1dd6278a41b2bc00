--TEST--
fastqueue:terminate stops a running FastQueue\Supervisor gracefully: it names it, the supervisor lets its worker finish the running job, exits 0, and leaves no worker and no record behind
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/supervisor_app.inc';

$app = fq_supervisor_app('terminate064');
$sup = fq_registry_supervisor($app, 'app064', ['q064' => 2]);
$status = fq_registry_wait_ready($app, 'app064', 40);
if ($status === null) {
    echo "not ready:\n", $sup->stdout();
    $sup->signal(SIGKILL);
    exit;
}
$pids = $status['supervisors'][0]['pools']['supervisor-1:q064']['pids'];
$app->run("App\\Jobs\\SleepJob::dispatch('busy', 3 * " . fq_app_scale() . ")->onQueue('q064');");
echo $app->waitForEffect('/^start busy$/', 20) ? "the job started\n" : "the job did not start\n";

$r = $app->artisan(['fastqueue:terminate']);
echo "terminate: status {$r['status']}, ", str_replace(gethostname(), 'HOST', trim($r['stdout'])), trim($r['stderr']), "\n";
$r = $sup->wait(60);
echo "supervisor: status ", var_export($r['status'], true), "\n";
echo implode("\n", $app->effects()), "\n";
echo 'workers left: ', count(array_filter($pids, fn ($pid) => file_exists("/proc/$pid"))), "\n";
echo 'supervisors: ', json_encode(fq_registry_status($app)['supervisors']), "\n";
$state = $app->queueState('q064');
echo count($state['queue']), " pending, ", count($state['reserved']), " reserved\n";
?>
--EXPECT--
the job started
terminate: status 0, 1 supervisor will stop: app064 on HOST.
supervisor: status 0
start busy
end busy
workers left: 0
supervisors: []
0 pending, 0 reserved
