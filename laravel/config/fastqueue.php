<?php

// FastQueue's configuration. Publish it into the application's config/ with
//
//     php artisan vendor:publish --tag=fastqueue-config
//
// The package merges this file under "fastqueue", one section at a time: a section the
// application's copy sets replaces the package's section as a whole.

return [

    /*
    |--------------------------------------------------------------------------
    | Limits: php artisan fastqueue:work
    |--------------------------------------------------------------------------
    |
    | Per queue name, the limits fastqueue:work's workers enforce inside the reserve, on
    | Redis's clock, across every worker that carries them: "rate" jobs started in any window
    | of "per" seconds, and at most "concurrency" jobs of the queue reserved at once (this
    | needs the connection's retry_after). A job over a limit stays in its queue, with no
    | attempt used, and the worker serves its next queue. queue:work does not see them.
    |
    */

    'limits' => [
        // 'mail' => ['rate' => 50, 'per' => 1],
        // 'reports' => ['concurrency' => 2],
    ],

    /*
    |--------------------------------------------------------------------------
    | Supervisors: php artisan fastqueue:supervise
    |--------------------------------------------------------------------------
    |
    | The fleet fastqueue:supervise runs, in the shape of Horizon's config/horizon.php: the
    | "environments" name the supervisors of each environment (a name or a pattern such as
    | "*" or "production-*": the first that matches --environment, default APP_ENV, is used),
    | and "defaults" holds the options every environment starts from (Horizon's merge: a
    | supervisor of "defaults" runs in every environment, with that environment's options
    | over its own).
    |
    | While "environments" is empty, fastqueue:supervise reads "defaults" and "environments"
    | from config/horizon.php instead, so a Horizon application switches with the file it has.
    | The keys below the supervisors are FastQueue's own and are read in both cases.
    |
    */

    'supervisors' => [

        // Options every supervisor of every environment starts from, by supervisor name.
        'defaults' => [
            // 'supervisor-1' => [
            //     // The queue connection (config/queue.php) of its workers: a "redis" one.
            //     'connection' => 'redis',
            //     // Its queues, in priority order when balance is false (a list, or "a,b").
            //     // Default: the connection's own "queue".
            //     'queue' => ['default'],
            //     // false: one pool of maxProcesses workers over all its queues, in order.
            //     // 'simple': a pool per queue, the processes split evenly between them.
            //     // 'auto': a pool per queue, the processes moved to where the work waits.
            //     'balance' => 'auto',
            //     // With 'auto', what the processes follow: 'time' (each queue's backlog
            //     // times its measured run time, and its measured wait) or 'size' (its backlog).
            //     'autoScalingStrategy' => 'time',
            //     // The least processes of each queue's pool (0: none while the queue is
            //     // empty; a push starts one at once), and the most of the whole supervisor,
            //     // on this host (or on all hosts: shared_budget below).
            //     'minProcesses' => 1,
            //     'maxProcesses' => 10,
            //     // With 'auto': at most this many processes added to or taken from a pool
            //     // per turn, and this many seconds between two turns.
            //     'balanceMaxShift' => 1,
            //     'balanceCooldown' => 3,
            //     // The worker's options, as fastqueue:work (and queue:work) takes them:
            //     'tries' => 1,      // --tries: attempts of a job that sets none (0: unlimited)
            //     'timeout' => 60,   // --timeout: seconds a job may run
            //     'memory' => 128,   // --memory: MB after which a worker is replaced
            //     'sleep' => 3,      // --sleep: seconds between two polls of empty queues
            //     'maxJobs' => 0,    // --max-jobs: jobs after which a worker is replaced (0: none)
            //     'maxTime' => 0,    // --max-time: seconds after which it is (0: never)
            //     'backoff' => 0,    // --backoff: seconds before a failed job runs again, or a list
            //     'rest' => 0,       // --rest: seconds to rest after each job
            //     'force' => false,  // --force: run jobs in maintenance mode too
            //     'nice' => 0,       // the workers' niceness (0 to 19), through the nice program
            // ],
        ],

        // The supervisors of each environment: the options that differ from "defaults".
        'environments' => [
            // 'production' => [
            //     'supervisor-1' => ['maxProcesses' => 10, 'balanceMaxShift' => 1, 'balanceCooldown' => 3],
            // ],
            // 'local' => [
            //     'supervisor-1' => ['maxProcesses' => 3],
            // ],
        ],

        // The name the supervisor registers under in Redis, shared by the supervisors of all
        // hosts of the application (1 to 100 of A-Z a-z 0-9 _ . : -). Default: the slug of
        // app.name. fastqueue:status lists supervisors by it; two of one name on one host
        // are refused.
        'name' => env('FASTQUEUE_NAME'),

        // The host this supervisor stands for in the registry. Default: gethostname().
        'host' => env('FASTQUEUE_HOST'),

        // Seconds between two heartbeats (0.1 to 60): the status record is written, the
        // other hosts and the restart and terminate stamps are read. A supervisor that
        // misses three is counted as gone.
        'heartbeat' => 3,

        // false: maxProcesses is each host's own, as in Horizon. true: the supervisors of
        // this name on all hosts share each supervisor's maxProcesses, split evenly between
        // the live hosts; a dead host's share goes to the others within three heartbeats.
        'shared_budget' => false,

        // Seconds a worker has to finish its job after SIGTERM on a stop, before SIGKILL.
        // Default (null): the longest timeout of the supervisors plus 10.
        'stop_timeout' => null,

        // The Redis connection (config/database.php's redis section) that holds the
        // registry, the stamps and the figures the balancing reads, for fastqueue:supervise,
        // fastqueue:status and fastqueue:terminate. Default (null): the Redis connection of
        // the default queue connection (queue.default), else of the first supervisor's.
        'connection' => env('FASTQUEUE_REDIS_CONNECTION'),
    ],

    /*
    |--------------------------------------------------------------------------
    | Dashboard: the pages at /fastqueue
    |--------------------------------------------------------------------------
    |
    | The overview, workers and failed jobs pages, and the JSON behind them (docs/dashboard.md).
    | They are guarded by two gates: viewFastQueue to look and read the JSON, manageFastQueue
    | for every action (each a POST with a CSRF token). Until the application defines a gate,
    | it allows the "local" environment only. The overview's rates and percentiles come from
    | a history of snapshots kept in Redis (under the queue connection's prefix), taken by the
    | watcher (fastqueue:watch, which fastqueue:supervise runs on each host) and by the page itself.
    |
    */

    'dashboard' => [
        // false: no route is registered.
        'enabled' => env('FASTQUEUE_DASHBOARD', true),

        // The URI prefix of the pages, and the domain they answer on (null: any).
        'path' => env('FASTQUEUE_DASHBOARD_PATH', 'fastqueue'),
        'domain' => env('FASTQUEUE_DASHBOARD_DOMAIN'),

        // The middleware in front of the pages; the gate and the security headers come
        // after these. "web" gives the session, the CSRF check and the user.
        'middleware' => ['web'],

        // The queue connections (config/queue.php) shown. null: queue.default only.
        'connections' => null,

        // Seconds between two refreshes of an open page.
        'refresh' => 5,

        // Seconds between two snapshots, and seconds a snapshot is kept.
        'history' => ['interval' => 10, 'retention' => 3600],

        // Failed jobs listed per page.
        'per_page' => 50,
    ],

    /*
    |--------------------------------------------------------------------------
    | Long-wait alerts
    |--------------------------------------------------------------------------
    |
    | docs/dashboard.md, "Alerts". Evaluated by fastqueue:watch (the supervisor's watcher, or
    | the scheduler's), under a lock in Redis, so several hosts raise one alert.
    |
    */

    'alerts' => [
        // Seconds of measured wait (the oldest due job's) over which a queue raises
        // LongWaitDetected, by "CONNECTION:QUEUE", as Horizon's "waits". While empty,
        // config/horizon.php's "waits" are used.
        'waits' => [
            // 'redis:default' => 60,
        ],

        // Seconds: at most one alert per queue per interval while its wait stays over.
        'interval' => 300,

        // Where the notification goes, by channel: any of Laravel's notification channels
        // (the slack one needs laravel/slack-notification-channel). Empty: events only.
        'notify' => [
            // 'mail' => 'ops@example.com',
            // 'slack' => env('FASTQUEUE_SLACK_WEBHOOK'),
        ],
    ],

];
