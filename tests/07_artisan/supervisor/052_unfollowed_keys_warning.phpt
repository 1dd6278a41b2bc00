--TEST--
fastqueue:supervise: every key that is read but not followed (Horizon's own settings such as domain, path, waits, trim, silenced, metrics, fast_termination, memory_limit; a supervisor's workersName, parentId, directory) and every unknown key is named, with where it was set, in one warning line at the start, with a maxProcesses raised to the sum of a balanced supervisor's minProcesses (as Horizon runs them); the supervisors still start as configured
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
-- min above max
status 1, stderr: none
fastqueue.supervisors.environments.production.supervisor-1.minProcesses must be at most maxProcesses (5 > 3).
started: no, Redis keys: none
-- negative counts, one from the defaults
status 1, stderr: none
fastqueue.supervisors.environments.production.supervisor-1.minProcesses must not be negative (-2 given).
fastqueue.supervisors.environments.production.supervisor-1.balanceMaxShift must be from 1 to 1000 (0 given).
fastqueue.supervisors.defaults.supervisor-1.tries must not be negative (-1 given).
fastqueue.supervisors.environments.production.supervisor-1.timeout must not be negative (-5 given).
fastqueue.supervisors.environments.production.supervisor-1.sleep must not be negative (-0.5 given).
started: no, Redis keys: none
-- unknown connection
status 1, stderr: none
fastqueue.supervisors.environments.production.supervisor-1.connection names the queue connection "redis-missing", which queue.connections does not have.
started: no, Redis keys: none
-- not a redis connection
status 1, stderr: none
fastqueue.supervisors.environments.production.supervisor-1.connection names the queue connection "sync", whose driver is "sync": fastqueue:supervise runs redis connections only.
started: no, Redis keys: none
-- balance and strategy
status 1, stderr: none
fastqueue.supervisors.environments.production.supervisor-1.balance must be false, 'simple' or 'auto' ('fast' given).
fastqueue.supervisors.environments.production.supervisor-1.autoScalingStrategy must be 'time' or 'size' ('speed' given).
started: no, Redis keys: none
-- empty queue names
status 1, stderr: none
fastqueue.supervisors.environments.production.supervisor-1.queue holds an empty queue name.
fastqueue.supervisors.environments.production.supervisor-2.queue holds an empty queue name.
started: no, Redis keys: none
-- no supervisors for the environment
status 1, stderr: none
fastqueue.supervisors.environments has no supervisors for the environment "staging" (it has production, local).
started: no, Redis keys: none
-- own settings
status 1, stderr: none
fastqueue.supervisors.name must be 1 to 100 of A-Z a-z 0-9 _ . : - ('my app' given).
fastqueue.supervisors.heartbeat must be a number from 0.1 to 60 (0 given).
fastqueue.supervisors.shared_budget must be true or false ('yes' given).
fastqueue.supervisors.stop_timeout must be a number from 0 to 31536000 (-1 given).
fastqueue.supervisors.connection must name a Redis connection of database.redis ('nowhere' given).
started: no, Redis keys: none
-- from config/horizon.php
horizon.environments.production.supervisor-1.minProcesses must be at most maxProcesses (4 > 2).
