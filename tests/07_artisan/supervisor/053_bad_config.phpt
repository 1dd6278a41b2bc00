--TEST--
fastqueue:supervise: a configuration that cannot run (a negative count, minProcesses above maxProcesses, a connection that is not a redis queue connection, an unknown balance or strategy, an empty queue name, an environment with no supervisors, bad settings of its own) gets an error naming each key with its environment and supervisor, exits 1 and starts nothing
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/supervise_app.inc';

$app = new FqLaravelApp(['queue' => 'sup053']);
$cases = [
    'min above max' => ['production', "'defaults' => ['supervisor-1' => ['connection' => 'redis', 'queue' => ['default'], 'balance' => 'auto']],
        'environments' => ['production' => ['supervisor-1' => ['minProcesses' => 5, 'maxProcesses' => 3]]]"],
    'negative counts, one from the defaults' => ['production', "'defaults' => ['supervisor-1' => ['connection' => 'redis', 'tries' => -1]],
        'environments' => ['production' => ['supervisor-1' => ['minProcesses' => -2, 'balanceMaxShift' => 0, 'sleep' => -0.5, 'timeout' => '-5']]]"],
    'unknown connection' => ['production', "'environments' => ['production' => ['supervisor-1' => ['connection' => 'redis-missing']]]"],
    'not a redis connection' => ['production', "'environments' => ['production' => ['supervisor-1' => ['connection' => 'sync']]]"],
    'balance and strategy' => ['production', "'environments' => ['production' => ['supervisor-1' => ['connection' => 'redis', 'balance' => 'fast', 'autoScalingStrategy' => 'speed']]]"],
    'empty queue names' => ['production', "'environments' => ['production' => ['supervisor-1' => ['connection' => 'redis', 'queue' => ['high', '']], 'supervisor-2' => ['connection' => 'redis', 'queue' => 'a,,b']]]"],
    'no supervisors for the environment' => ['staging', "'environments' => ['production' => ['supervisor-1' => ['connection' => 'redis']], 'local' => []]"],
    'own settings' => ['production', "'environments' => ['production' => ['supervisor-1' => ['connection' => 'redis']]],
        'name' => 'my app', 'heartbeat' => 0, 'shared_budget' => 'yes', 'stop_timeout' => -1, 'connection' => 'nowhere'"],
];
foreach ($cases as $case => [$env, $supervisors]) {
    echo "-- $case\n";
    fq_supervise_config($app, 'fastqueue', "['supervisors' => [$supervisors]]");
    $r = fq_supervise_run($app, ["--environment=$env"]);
    echo "status {$r['status']}, stderr: ", trim($r['stderr']) ?: 'none', "\n";
    echo implode("\n", fq_supervise_lines($r['stdout'])), "\n";
    $keys = array_keys($app->redisKeys());
    echo 'started: ', preg_match('/Supervising|started pid/', $r['stdout']) ? 'yes' : 'no', ', Redis keys: ', $keys ? implode(' ', $keys) : 'none', "\n";
}
// Horizon's file is named as horizon.
echo "-- from config/horizon.php\n";
fq_supervise_config($app, 'fastqueue', "['supervisors' => ['environments' => []]]");
fq_supervise_config($app, 'horizon', "['environments' => ['production' => ['supervisor-1' => ['connection' => 'redis', 'minProcesses' => 4, 'maxProcesses' => 2]]]]");
echo implode("\n", fq_supervise_lines(fq_supervise_run($app, ['--environment=production'])['stdout'])), "\n";
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
