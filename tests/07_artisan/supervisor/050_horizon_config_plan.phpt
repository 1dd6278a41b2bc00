--TEST--
fastqueue:supervise --dry-run: a config/horizon.php in the shape Horizon's documentation gives (defaults, environments, a "*" environment) becomes the supervisors it describes, merged as Horizon merges it: a group per supervisor, a pool per queue starting at minProcesses when balanced, one pool over all queues at maxProcesses when not, each worker a fastqueue:work with the supervisor's options (Horizon's defaults where unset, "tries" and "processes" and snake_case keys read as Horizon reads them, nice through the nice program)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/supervise_app.inc';

$app = new FqLaravelApp(['queue' => 'sup050']);
// As Horizon's documentation shows the file: its own settings, then the supervisors.
fq_supervise_config($app, 'horizon', <<<'PHP'
[
    'name' => 'my-app',
    'domain' => null,
    'path' => 'horizon',
    'use' => 'default',
    'prefix' => 'my_app_horizon:',
    'middleware' => ['web'],
    'waits' => ['redis:default' => 60],
    'trim' => ['recent' => 60, 'pending' => 60, 'completed' => 60, 'recent_failed' => 10080, 'failed' => 10080, 'monitored' => 10080],
    'silenced' => [],
    'metrics' => ['trim_snapshots' => ['job' => 24, 'queue' => 24]],
    'fast_termination' => false,
    'memory_limit' => 64,
    'defaults' => [
        'supervisor-1' => [
            'connection' => 'redis',
            'queue' => ['default'],
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
                'maxProcesses' => 10,
                'balanceMaxShift' => 1,
                'balanceCooldown' => 3,
            ],
            'notifications' => [
                'connection' => 'redis',
                'queue' => ['mail', 'sms'],
                'balance' => false,
                'processes' => 3,
                'tries' => 5,
                'backoff' => [10, 60],
                'nice' => 5,
                'force' => true,
            ],
        ],
        'local' => [
            'supervisor-1' => [
                'maxProcesses' => 3,
            ],
        ],
        '*' => [
            'supervisor-1' => [
                'queue' => 'high,default',
                'balance' => 'simple',
                'min_processes' => 2,
                'max_processes' => 4,
                'sleep' => 0.5,
                'rest' => 1,
            ],
        ],
    ],
]
PHP);

$mask = fn (string $out) => str_replace([PHP_BINARY, $app->base, '"' . gethostname() . '"'], ['PHP', 'APP', 'HOST'], $out);
foreach (['production', 'local', 'staging'] as $env) {
    echo "-- $env\n";
    $r = fq_supervise_run($app, ['--dry-run', "--environment=$env"]);
    echo "status {$r['status']}, stderr: ", trim($r['stderr']) ?: 'none', "\n";
    // (The warning line is 052's.)
    echo $mask(implode("\n", preg_grep('/^Configuration keys/', fq_supervise_lines($r['stdout']), PREG_GREP_INVERT))), "\n";
}
// Without --environment: APP_ENV (config app.env, "testing" in this application), the "*" one.
echo "-- default environment\n";
echo $mask(fq_supervise_lines(fq_supervise_run($app, ["--dry-run"])["stdout"])[1]), "\n";
?>
--EXPECT--
-- production
status 0, stderr: none
environment "production" from config/horizon.php; name "fastqueuetest", host HOST, heartbeat 3 s, shared budget no, stop timeout 70 s, registry on Redis connection "default"
group supervisor-1: balance auto, strategy time, max_processes 10, max_shift 1, cooldown 3 s
group notifications: balance off, strategy time, max_processes 3, max_shift 1, cooldown 3 s
pool supervisor-1:default (group supervisor-1, queues default): 1 process(es), 1 to 10
PHP APP/artisan fastqueue:work redis --queue=default --tries=1 --timeout=60 --memory=128 --sleep=3 --max-jobs=0 --max-time=0 --backoff=0 --rest=0 --metrics --metrics-publish
pool notifications (group notifications, queues mail,sms): 3 process(es), 1 to 3
nice -n 5 PHP APP/artisan fastqueue:work redis --queue=mail,sms --tries=5 --timeout=60 --memory=128 --sleep=3 --max-jobs=0 --max-time=0 --backoff=10,60 --rest=0 --force --metrics --metrics-publish
pool fastqueue:watch (the dashboard's history and the long-wait alerts): 1 process(es)
PHP APP/artisan fastqueue:watch --loop
-- local
status 0, stderr: none
environment "local" from config/horizon.php; name "fastqueuetest", host HOST, heartbeat 3 s, shared budget no, stop timeout 70 s, registry on Redis connection "default"
group supervisor-1: balance auto, strategy time, max_processes 3, max_shift 1, cooldown 3 s
pool supervisor-1:default (group supervisor-1, queues default): 1 process(es), 1 to 3
PHP APP/artisan fastqueue:work redis --queue=default --tries=1 --timeout=60 --memory=128 --sleep=3 --max-jobs=0 --max-time=0 --backoff=0 --rest=0 --metrics --metrics-publish
pool fastqueue:watch (the dashboard's history and the long-wait alerts): 1 process(es)
PHP APP/artisan fastqueue:watch --loop
-- staging
status 0, stderr: none
environment "staging" from config/horizon.php; name "fastqueuetest", host HOST, heartbeat 3 s, shared budget no, stop timeout 70 s, registry on Redis connection "default"
group supervisor-1: balance simple, strategy time, max_processes 4, max_shift 1, cooldown 3 s
pool supervisor-1:high (group supervisor-1, queues high): 2 process(es), 2 to 4
PHP APP/artisan fastqueue:work redis --queue=high --tries=1 --timeout=60 --memory=128 --sleep=0.5 --max-jobs=0 --max-time=0 --backoff=0 --rest=1 --metrics --metrics-publish
pool supervisor-1:default (group supervisor-1, queues default): 2 process(es), 2 to 4
PHP APP/artisan fastqueue:work redis --queue=default --tries=1 --timeout=60 --memory=128 --sleep=0.5 --max-jobs=0 --max-time=0 --backoff=0 --rest=1 --metrics --metrics-publish
pool fastqueue:watch (the dashboard's history and the long-wait alerts): 1 process(es)
PHP APP/artisan fastqueue:watch --loop
-- default environment
environment "testing" from config/horizon.php; name "fastqueuetest", host HOST, heartbeat 3 s, shared budget no, stop timeout 70 s, registry on Redis connection "default"
