--TEST--
fastqueue:supervise with config/fastqueue.php: a balanced pool with minProcesses 0 starts no worker; a push starts one, which runs the job; SIGTERM while that job runs lets it finish, and the command then exits 0 with no worker left
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/supervise_app.inc';

$app = new FqLaravelApp(['queue' => 'sup055', 'providers' => ['App\Providers\RecordEvents']]);
fq_supervise_config($app, 'fastqueue', <<<'PHP'
[
    'supervisors' => [
        'environments' => [
            'testing' => [
                'reports' => ['connection' => 'redis', 'queue' => ['reports055'], 'balance' => 'auto',
                    'minProcesses' => 0, 'maxProcesses' => 1, 'timeout' => 20, 'sleep' => 0.2],
            ],
        ],
        'name' => 'app055',
        'heartbeat' => 0.5,
    ],
]
PHP);

$sup = fq_supervise_child($app);
$lines = fn () => fq_supervise_lines($sup->stdout());
echo 'supervising: ', $sup->waitFor('Supervising 1 pool(s) of reports', 30) ? 'yes' : 'no: ' . $sup->stdout(), "\n";
// Scaled to zero: no worker while the queue is empty, over a few of its polls and heartbeats.
usleep(1500000);
// (The watcher of the dashboard's history runs beside the workers: one process, not a worker.)
echo 'workers while empty: ', count(fq_supervise_children($sup->pid)), ', started: ', count(preg_grep('/pool "(?!fastqueue:watch")[^"]+": started pid/', $lines())), "\n";

$busy = 3 * fq_app_scale();
$app->run("App\\Jobs\\SleepJob::dispatch('busy', $busy)->onQueue('reports055');");
echo 'the job started: ', $app->waitForEffect('/^start busy/', 30) ? 'yes' : 'no', "\n";
echo 'workers: ', count(fq_supervise_children($sup->pid)), "\n";
$pids = array_keys(fq_supervise_children($sup->pid));
$sup->signal(SIGTERM);
$r = $sup->wait(60);
echo "status {$r['status']}, the job ended: ", preg_grep('/^end busy/', $app->effects()) ? 'yes' : 'no', ', workers left: ', count(fq_sup_wait_gone($pids, 5)), "\n";
echo implode("\n", preg_grep('/stopping|stopped/', array_map(fn ($l) => preg_replace('/^\[[^\]]+\] |^\S+ \S+ /', '', $l), fq_supervise_lines($r['stdout'])))), "\n";
echo 'stderr: ', trim($r['stderr']) ?: 'none', "\n";
?>
--EXPECT--
supervising: yes
workers while empty: 0, started: 0
the job started: yes
workers: 1
status 0, the job ended: yes, workers left: 0
stopping: SIGTERM to 2 workers, SIGKILL after 30 s
stopped
stderr: none
