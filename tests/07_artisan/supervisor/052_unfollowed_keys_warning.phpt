--TEST--
fastqueue:supervise: every key that is read but not followed (Horizon's own settings such as domain, path, trim, silenced, metrics, fast_termination, memory_limit; a supervisor's workersName, parentId, directory) and every unknown key is named, with where it was set, in one warning line at the start, with a maxProcesses raised to the sum of a balanced supervisor's minProcesses (as Horizon runs them); the supervisors still start as configured
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/supervise_app.inc';

$app = new FqLaravelApp(['queue' => 'sup052']);
fq_supervise_config($app, 'horizon', <<<'PHP'
[
    'name' => env('HORIZON_NAME'),
    'domain' => env('HORIZON_DOMAIN'),
    'path' => env('HORIZON_PATH', 'horizon'),
    'use' => 'default',
    'prefix' => env('HORIZON_PREFIX', 'horizon:'),
    'middleware' => ['web'],
    'waits' => ['redis:default' => 60],
    'trim' => ['recent' => 60, 'failed' => 10080],
    'silenced' => [],
    'metrics' => ['trim_snapshots' => ['job' => 24, 'queue' => 24]],
    'fast_termination' => false,
    'memory_limit' => 64,
    'dashboard_colour' => 'blue',
    'defaults' => [
        'supervisor-1' => ['connection' => 'redis', 'queue' => ['default'], 'balance' => 'auto', 'workersName' => 'emails', 'maxProcesses' => 2],
    ],
    'environments' => [
        'testing' => [
            'supervisor-1' => ['directory' => '/srv/app', 'parentId' => 1, 'balance_cooldown' => 2, 'maxProcesess' => 4],
            // A pool per queue, each of minProcesses (1): more than maxProcesses, which Horizon
            // exceeds; the budget is raised to 3, and said so.
            'supervisor-2' => ['connection' => 'redis', 'queue' => ['a052', 'b052', 'c052'], 'balance' => 'simple', 'maxProcesses' => 2],
        ],
        'production' => [
            'supervisor-1' => ['unheard_of' => true],
        ],
    ],
]
PHP);
// The application's own config/fastqueue.php: supervisors' defaults without environments (so
// horizon.php is read and these are not), and a key it does not know.
fq_supervise_config($app, 'fastqueue', "['supervisors' => ['defaults' => ['x' => ['maxProcesses' => 1]], 'environments' => [], 'heartbeat_ms' => 500]]");

$r = fq_supervise_run($app, ['--dry-run']);
echo "status {$r['status']}, stderr: ", trim($r['stderr']) ?: 'none', "\n";
$lines = fq_supervise_lines($r['stdout']);
$warnings = preg_grep('/not followed|unknown/', $lines);
echo count($warnings), " warning line(s), the first line: ", array_key_first($warnings) === 0 ? 'yes' : 'no', "\n";
echo wordwrap(reset($warnings), 100, "\n", true), "\n";
// The plan is as configured: balance_cooldown is Horizon's balanceCooldown.
echo implode("\n", preg_grep('/^group /', $lines)), "\n";
?>
--EXPECT--
status 0, stderr: none
1 warning line(s), the first line: yes
Configuration keys not followed: fastqueue.supervisors.defaults, horizon.name, horizon.domain,
horizon.path, horizon.use, horizon.prefix, horizon.middleware, horizon.trim, horizon.silenced,
horizon.metrics, horizon.fast_termination, horizon.memory_limit,
horizon.defaults.supervisor-1.workersName, horizon.environments.testing.supervisor-1.directory,
horizon.environments.testing.supervisor-1.parentId; unknown: fastqueue.supervisors.heartbeat_ms,
horizon.dashboard_colour, horizon.environments.testing.supervisor-1.maxProcesess; followed as
Horizon runs them: horizon.environments.testing.supervisor-2.maxProcesses raised from 2 to 3
(minProcesses 1 for each of 3 queues) (docs/laravel.md, "fastqueue:supervise", says why).
group supervisor-1: balance auto, strategy time, max_processes 2, max_shift 1, cooldown 2 s
group supervisor-2: balance simple, strategy time, max_processes 3, max_shift 1, cooldown 3 s
