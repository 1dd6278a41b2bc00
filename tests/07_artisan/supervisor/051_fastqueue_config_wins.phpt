--TEST--
fastqueue:supervise --dry-run: php artisan vendor:publish --tag=fastqueue-config writes the package's config/fastqueue.php, whose empty supervisors leave config/horizon.php in charge; once config/fastqueue.php names supervisors it wins over horizon.php (which is then not read), with its own name, heartbeat, shared_budget, stop_timeout and connection (by default the Redis connection of the default queue connection, else of the first supervisor's; refused when a balanced supervisor's queues are elsewhere, since their figures are read there)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/supervise_app.inc';

$app = new FqLaravelApp(['queue' => 'sup051']);
// A second Redis queue connection, on the application's other Redis connection ("cache").
file_put_contents("$app->base/config/queue.php", str_replace("'sync' => ['driver' => 'sync'],",
    "'sync' => ['driver' => 'sync'],\n        'other' => ['driver' => 'redis', 'connection' => 'cache', 'queue' => 'other051', 'retry_after' => 90],",
    file_get_contents("$app->base/config/queue.php")));
fq_supervise_config($app, 'horizon', <<<'PHP'
[
    'path' => 'horizon',
    'defaults' => [
        'supervisor-1' => ['connection' => 'redis', 'queue' => ['horizon051'], 'balance' => 'auto', 'maxProcesses' => 2],
    ],
    'environments' => [
        'testing' => ['supervisor-1' => ['maxProcesses' => 3]],
    ],
]
PHP);
$mask = fn (string $out) => str_replace([PHP_BINARY, $app->base, '"' . gethostname() . '"'], ['PHP', 'APP', 'HOST'], $out);
$plan = function () use ($app, $mask) {
    $r = fq_supervise_run($app, ['--dry-run']);
    echo "status {$r['status']}, stderr: ", trim($r['stderr']) ?: 'none', "\n", $mask(implode("\n", fq_supervise_lines($r['stdout']))), "\n";
};

echo "-- published\n";
$r = $app->artisan(['vendor:publish', '--tag=fastqueue-config']);
echo "status {$r['status']}, ", file_get_contents("$app->base/config/fastqueue.php") === file_get_contents(__DIR__ . '/../../../laravel/config/fastqueue.php') ? 'the package\'s file' : 'another file', "\n";
$plan();

echo "-- config/fastqueue.php with supervisors\n";
fq_supervise_config($app, 'fastqueue', <<<'PHP'
[
    'supervisors' => [
        'defaults' => [
            'billing' => ['connection' => 'other', 'balance' => 'auto', 'autoScalingStrategy' => 'size', 'minProcesses' => 0, 'maxProcesses' => 6, 'timeout' => 300],
        ],
        'environments' => [
            'testing' => [
                'billing' => ['queue' => ['invoices', 'receipts'], 'balanceCooldown' => 1.5, 'balanceMaxShift' => 2],
            ],
        ],
        'name' => 'billing-app',
        'heartbeat' => 1,
        'shared_budget' => true,
    ],
]
PHP);
// Its queues are on Redis connection "cache", the registry by default on the default queue
// connection's ("default"), where the supervisor would read their figures: refused.
$plan();

echo "-- its own stop_timeout, host and connection\n";
$fastqueue = file_get_contents("$app->base/config/fastqueue.php");
file_put_contents("$app->base/config/fastqueue.php", str_replace("'shared_budget' => true,",
    "'shared_budget' => true, 'stop_timeout' => 30, 'host' => 'web-7', 'connection' => 'cache',", $fastqueue));
$plan();

// Without a connection, the registry is on the default queue connection's Redis connection
// (where fastqueue:status looks), else, that one not being a redis one, the first supervisor's.
echo "-- the default queue connection is not a redis one\n";
file_put_contents("$app->base/config/fastqueue.php", $fastqueue);
file_put_contents("$app->base/config/queue.php", str_replace("'default' => 'redis',", "'default' => 'sync',", file_get_contents("$app->base/config/queue.php")));
echo $mask(fq_supervise_lines(fq_supervise_run($app, ['--dry-run'])['stdout'])[0]), "\n";
?>
--EXPECT--
-- published
status 0, the package's file
status 0, stderr: none
Configuration keys not followed: horizon.path (docs/laravel.md, "fastqueue:supervise", says why).
environment "testing" from config/horizon.php; name "fastqueuetest", host HOST, heartbeat 3 s, shared budget no, stop timeout 70 s, registry on Redis connection "default"
group supervisor-1: balance auto, strategy time, max_processes 3, max_shift 1, cooldown 3 s
pool supervisor-1:horizon051 (group supervisor-1, queues horizon051): 1 process(es), 1 to 3
PHP APP/artisan fastqueue:work redis --queue=horizon051 --tries=0 --timeout=60 --memory=128 --sleep=3 --max-jobs=0 --max-time=0 --backoff=0 --rest=0 --metrics --metrics-publish
pool fastqueue:watch (the dashboard's history and the long-wait alerts): 1 process(es)
PHP APP/artisan fastqueue:watch --loop
-- config/fastqueue.php with supervisors
status 1, stderr: none
The queues of billing (environment "testing", queue connection "other") are not on the Redis connection "default" that the supervisor reads their figures from: set fastqueue.supervisors.connection to the queue connection's Redis connection.
-- its own stop_timeout, host and connection
status 0, stderr: none
environment "testing" from fastqueue.supervisors; name "billing-app", host "web-7", heartbeat 1 s, shared budget yes, stop timeout 30 s, registry on Redis connection "cache"
group billing: balance auto, strategy size, max_processes 6, max_shift 2, cooldown 1.5 s
pool billing:invoices (group billing, queues invoices): 0 process(es), 0 to 6
PHP APP/artisan fastqueue:work other --queue=invoices --tries=0 --timeout=300 --memory=128 --sleep=3 --max-jobs=0 --max-time=0 --backoff=0 --rest=0 --metrics --metrics-publish
pool billing:receipts (group billing, queues receipts): 0 process(es), 0 to 6
PHP APP/artisan fastqueue:work other --queue=receipts --tries=0 --timeout=300 --memory=128 --sleep=3 --max-jobs=0 --max-time=0 --backoff=0 --rest=0 --metrics --metrics-publish
pool fastqueue:watch (the dashboard's history and the long-wait alerts): 1 process(es)
PHP APP/artisan fastqueue:watch --loop
-- the default queue connection is not a redis one
environment "testing" from fastqueue.supervisors; name "billing-app", host HOST, heartbeat 1 s, shared budget yes, stop timeout 310 s, registry on Redis connection "cache"
