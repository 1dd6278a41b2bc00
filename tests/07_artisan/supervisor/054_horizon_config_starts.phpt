--TEST--
fastqueue:supervise: a config/horizon.php in Horizon's documented shape starts the supervisors it describes: the warning line first, a registered supervisor whose status record shows each group and pool as configured, real fastqueue:work processes (pools starting at minProcesses, an unbalanced pool at maxProcesses, nice applied, FASTQUEUE_SUPERVISED=1 in their environment) that run the jobs pushed to their queues; a second one of the same name is refused with the first one's pid; SIGTERM stops it with exit 0
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/supervise_app.inc';

$app = new FqLaravelApp(['queue' => 'sup054', 'providers' => ['App\Providers\RecordEvents']]);
fq_supervise_config($app, 'horizon', <<<'PHP'
[
    'domain' => null,
    'path' => 'horizon',
    'waits' => ['redis:default' => 60],
    'defaults' => [
        'supervisor-1' => [
            'connection' => 'redis',
            'queue' => ['high054', 'default054'],
            'balance' => 'auto',
            'autoScalingStrategy' => 'time',
            'maxProcesses' => 1,
            'maxTime' => 0,
            'maxJobs' => 0,
            'memory' => 128,
            'tries' => 1,
            'timeout' => 60,
            'nice' => 0,
        ],
    ],
    'environments' => [
        'production' => [
            'supervisor-1' => [
                'maxProcesses' => 3,
                'balanceMaxShift' => 1,
                'balanceCooldown' => 3,
                'sleep' => 0.2,
            ],
            'mail' => [
                'connection' => 'redis',
                'queue' => ['mail054'],
                'balance' => false,
                'maxProcesses' => 2,
                'nice' => 5,
                'sleep' => 0.2,
            ],
        ],
    ],
]
PHP);

$sup = fq_supervise_child($app, ['--environment=production']);
$lines = fn () => fq_supervise_lines($sup->stdout());
// Each pool's first start is logged: 1 + 1 (minProcesses) + 2 (maxProcesses) workers, and the
// watcher.
$until = microtime(true) + 30 * fq_app_scale();
while (count(preg_grep('/started pid/', $lines())) < 5 && $sup->running() && microtime(true) < $until) {
    usleep(50000);
}
echo 'first line: ', preg_replace('/^WARN +/', '', $lines()[0] ?? ''), "\n";
echo preg_replace(['/"' . preg_quote(gethostname(), '/') . '"/'], ['HOST'], implode("\n", preg_grep('/^Supervising/', $lines()))), "\n";
$started = [];
foreach (preg_grep('/started pid/', $lines()) as $line) {
    preg_match('/pool "([^"]+)": started pid (\d+) \((\d+) of (\d+)\)/', $line, $m);
    $started[$m[1]][] = (int) $m[2];
    $counts[$m[1]] = "$m[3] of $m[4]";
}
ksort($started);
// Beside the workers, the watcher of the dashboard's history and of Horizon's waits.
$watcher = $started['fastqueue:watch'] ?? [];
unset($started['fastqueue:watch']);
foreach ($started as $pool => $pids) {
    echo "pool $pool: ", count($pids), " started\n";
}

// The real processes: the supervisor's children, each a fastqueue:work of its pool's queues.
// A child is logged as started right after fork: until it has exec'd, its command line is the
// supervisor's, so wait (bounded) until each one runs its own.
$children = fq_supervise_children($sup->pid);
$until = microtime(true) + 10 * fq_app_scale();
while ($watcher !== [] && !fq_supervise_children($sup->pid, 'fastqueue:watch --loop') && microtime(true) < $until) {
    usleep(50000);
}
echo 'watcher: ', count($watcher), ' started, running fastqueue:watch --loop: ', count(fq_supervise_children($sup->pid, 'fastqueue:watch --loop')), "\n";
while (array_diff(array_merge(...array_values($started)), array_keys($children)) !== [] && microtime(true) < $until) {
    usleep(50000);
    $children = fq_supervise_children($sup->pid);
}
foreach ($started as $pool => $pids) {
    foreach ($pids as $pid) {
        $cmd = $children[$pid] ?? 'not a child';
        preg_match('/--queue=(\S+)/', $cmd, $q);
        $env = (string) @file_get_contents("/proc/$pid/environ");
        $nice = (int) explode(' ', preg_replace('/^.*\) /s', '', (string) @file_get_contents("/proc/$pid/stat")))[16];
        echo "  $pool: fastqueue:work ", str_contains($cmd, 'artisan fastqueue:work redis') ? 'yes' : "no ($cmd)",
            ", queues {$q[1]}, FASTQUEUE_SUPERVISED=", str_contains($env, "\0FASTQUEUE_SUPERVISED=1\0") || str_starts_with($env, "FASTQUEUE_SUPERVISED=1\0") ? '1' : 'unset',
            ", nice $nice\n";
    }
}

// The status record the supervisor writes at each heartbeat.
$key = $app->redisPrefix . 'fastqueue:{supervisors}:fastqueuetest/' . gethostname();
do {
    $record = json_decode((string) fq_raw()->cmd('GET', $key), true);
} while (count($record['pools'] ?? []) < 3 && microtime(true) < $until && usleep(50000) === null);
echo 'record: ', $record['name'] ?? '?', ', pid is the command\'s: ', ($record['pid'] ?? 0) === $sup->pid ? 'yes' : 'no', "\n";
foreach ($record['groups'] ?? [] as $name => $g) {
    echo "  group $name: balance {$g['balance']}, strategy {$g['strategy']}, max_processes {$g['max_processes']}, shared ", var_export($g['shared'], true), "\n";
}
ksort($record['pools']); // (the loop's order is the configuration's)
foreach ($record['pools'] ?? [] as $name => $p) {
    echo "  pool $name: group {$p['group']}, queues ", implode(',', $p['queues']), ", min {$p['min_processes']}, max {$p['max_processes']}\n";
}

// Jobs pushed to each queue run on the supervised workers.
$app->run('App\Jobs\RecordJob::dispatch("h")->onQueue("high054"); App\Jobs\RecordJob::dispatch("d")->onQueue("default054"); App\Jobs\RecordJob::dispatch("m")->onQueue("mail054");');
echo 'jobs run: ', $app->waitForEffect('/^ran h/') && $app->waitForEffect('/^ran d/') && $app->waitForEffect('/^ran m/') ? 'all three' : implode(' | ', $app->effects()), "\n";

// A second one of the same name on the same host is refused, naming the first one's pid.
$second = fq_supervise_child($app, ['--environment=production'])->wait(60);
echo "a second supervisor: status {$second['status']}, ", str_replace([(string) $sup->pid, '"' . gethostname() . '"'], ['PID', 'HOST'],
    implode(' | ', preg_grep('/already runs/', fq_supervise_lines($second['stdout'])))), "\n";
echo 'the first one runs on: ', $sup->running() && count(fq_supervise_children($sup->pid)) >= 4 ? 'yes' : 'no', "\n";

$sup->signal(SIGTERM);
$r = $sup->wait(60);
echo "after SIGTERM: status {$r['status']}, workers left: ", count(fq_sup_wait_gone(array_merge(...array_values($started)), 10)), ", stderr: ", trim($r['stderr']) ?: 'none', "\n";
?>
--EXPECT--
first line: Configuration keys not followed: horizon.domain, horizon.path (docs/laravel.md, "fastqueue:supervise", says why).
Supervising 3 pool(s) of supervisor-1, mail (environment "production", from config/horizon.php) as "fastqueuetest" on host HOST.
pool mail: 2 started
pool supervisor-1:default054: 1 started
pool supervisor-1:high054: 1 started
watcher: 1 started, running fastqueue:watch --loop: 1
  mail: fastqueue:work yes, queues mail054, FASTQUEUE_SUPERVISED=1, nice 5
  mail: fastqueue:work yes, queues mail054, FASTQUEUE_SUPERVISED=1, nice 5
  supervisor-1:default054: fastqueue:work yes, queues default054, FASTQUEUE_SUPERVISED=1, nice 0
  supervisor-1:high054: fastqueue:work yes, queues high054, FASTQUEUE_SUPERVISED=1, nice 0
record: fastqueuetest, pid is the command's: yes
  group supervisor-1: balance auto, strategy time, max_processes 3, shared false
  group mail: balance off, strategy time, max_processes 2, shared false
  pool fastqueue:watch: group , queues , min 0, max 1
  pool mail: group mail, queues mail054, min 1, max 2
  pool supervisor-1:default054: group supervisor-1, queues default054, min 1, max 3
  pool supervisor-1:high054: group supervisor-1, queues high054, min 1, max 3
jobs run: all three
a second supervisor: status 1, fastqueue:supervise: a supervisor named "fastqueuetest" already runs on host HOST (pid PID)
the first one runs on: yes
after SIGTERM: status 0, workers left: 0, stderr: none
