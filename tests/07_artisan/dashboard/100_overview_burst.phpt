--TEST--
Dashboard overview: stale with no worker publishing; with a fastqueue:work --metrics-publish worker, a burst shows in the history (jobs per minute, throughput, wait and run percentiles consistent with 50 ms jobs), the sizes of a held queue (pending, delayed) and of a running job (reserved), the oldest pending job's age; the history outlives the worker that ends (but for its last partial interval), and the page says it is stale
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/dashboard_data.inc';

$app = fq_dashboard_app('dash100', ['dashboard' => ['history' => ['interval' => 0.5, 'retention' => 120]],
    'alerts' => ['waits' => ['redis:dash100held' => 3600]]]);
$until = microtime(true) + 30 * fq_app_scale();
$poll = function (callable $done) use ($app, $until) {
    do {
        $o = fq_dashboard_json($app, 'Overview');
    } while (!$done($o) && microtime(true) < $until && usleep(200000) === null);
    return $o;
};

echo "-- no worker\n";
$o = fq_dashboard_json($app, 'Overview');
printf("stale %s: %s\nprocesses %d, queues %s\n", json_encode($o['stale']), $o['stale_reason'], $o['totals']['processes'],
    implode(',', array_column($o['queues'], 'queue')));

echo "-- a worker\n";
$worker = $app->artisanChild(['fastqueue:work', '--sleep=0.1', '--queue=dash100', '--metrics-publish', '--metrics-interval=0.2']);
$o = $poll(fn ($o) => !$o['stale']);
printf("stale %s, reason %s, processes %d, last publication fresh: %s\n", json_encode($o['stale']), json_encode($o['stale_reason']),
    $o['totals']['processes'], json_encode(abs($o['generated_at'] - $o['last_publication']) < 10));

$app->run('for ($i = 0; $i < 20; $i++) { App\Jobs\SleepJob::dispatch("s$i", 0.05)->onQueue("dash100"); }
    for ($i = 0; $i < 3; $i++) { App\Jobs\RecordJob::dispatch("h$i")->onQueue("dash100held"); }
    App\Jobs\RecordJob::dispatch("later")->onQueue("dash100held")->delay(600);');
$o = $poll(fn ($o) => array_sum(array_column($o['points'], 'processed')) === 20);
$row = fq_dashboard_row($o, 'dash100');
printf("processed in the history: %d, jobs per minute > 0: %s, throughput > 0: %s, failed per minute: %s\n",
    array_sum(array_column($o['points'], 'processed')), json_encode($o['totals']['jobs_per_minute'] > 0),
    json_encode($row['throughput_per_minute'] > 0), json_encode($row['failed_per_minute']));
// Each job slept 50 ms: the run time's buckets put it between 0.05 and 0.1 s unless the machine
// held it up; the wait counts from createdAt, in whole seconds (up to 1 s high).
printf("run p50 >= 0.05: %s, run p95 >= run p50: %s, wait p50 and p95 known: %s, wait p95 >= p50: %s, wait p50 < 20: %s\n",
    json_encode($row['run_p50'] >= 0.05), json_encode($row['run_p95'] >= $row['run_p50']),
    json_encode($row['wait_p50'] !== null && $row['wait_p95'] !== null), json_encode($row['wait_p95'] >= $row['wait_p50']),
    json_encode($row['wait_p50'] < 20));
$held = fq_dashboard_row($o, 'dash100held');
printf("held: pending %d, delayed %d, reserved %d, oldest pending known: %s, throughput %s\n", $held['pending'], $held['delayed'],
    $held['reserved'], json_encode($held['oldest_pending_seconds'] !== null && $held['oldest_pending_seconds'] >= 0),
    json_encode($held['throughput_per_minute']));
printf("drained: oldest pending 0: %s\n", json_encode($row['oldest_pending_seconds'] !== null && $row['oldest_pending_seconds'] == 0));
printf("paused: %s\n", json_encode($row['paused'] === (fq_laravel_version_id() >= 120000 ? false : null)));
printf("history: interval %s, retention %s, window %s, snapshots > 1: %s\n", $o['history']['interval'], $o['history']['retention'],
    $o['history']['window'], json_encode($o['history']['snapshots'] > 1));

echo "-- a running job\n";
$app->run('App\Jobs\SleepJob::dispatch("long", 3)->onQueue("dash100");');
$app->waitForEffect('/^start long$/');
$o = fq_dashboard_json($app, 'Overview');
printf("reserved %d, pending %d\n", fq_dashboard_row($o, 'dash100')['reserved'], fq_dashboard_row($o, 'dash100')['pending']);
$app->waitForEffect('/^end long$/');

// No snapshot is taken between the long job's end and the worker's: that job, in the worker's
// last partial interval, is lost with its counters.
echo "-- the worker ends\n";
$worker->signal(SIGTERM);
echo 'worker status ', $worker->wait()['status'], "\n";
$o = $poll(fn ($o) => $o['stale']);
$row = fq_dashboard_row($o, 'dash100');
printf("stale %s: %s\nprocessed in the history: %d, throughput still > 0: %s, run p50 still known: %s\n", json_encode($o['stale']),
    preg_replace('/\d+ s/', 'N s', $o['stale_reason']), array_sum(array_column($o['points'], 'processed')),
    json_encode($row['throughput_per_minute'] > 0), json_encode($row['run_p50'] !== null));
echo 'keys: ', implode(' ', array_keys(array_filter($app->redisKeys(), fn ($t, $k) => str_contains($k, 'dashboard'), ARRAY_FILTER_USE_BOTH))), "\n";
?>
--EXPECT--
-- no worker
stale true: No worker is publishing its figures: run the workers with fastqueue:work --metrics-publish (fastqueue:supervise does).
processes 0, queues dash100,dash100held
-- a worker
stale false, reason null, processes 1, last publication fresh: true
processed in the history: 20, jobs per minute > 0: true, throughput > 0: true, failed per minute: 0
run p50 >= 0.05: true, run p95 >= run p50: true, wait p50 and p95 known: true, wait p95 >= p50: true, wait p50 < 20: true
held: pending 3, delayed 1, reserved 0, oldest pending known: true, throughput 0
drained: oldest pending 0: true
paused: true
history: interval 0.5, retention 120, window 300, snapshots > 1: true
-- a running job
reserved 1, pending 0
-- the worker ends
worker status 0
stale true: No worker is publishing its figures: run the workers with fastqueue:work --metrics-publish (fastqueue:supervise does).
processed in the history: 20, throughput still > 0: true, run p50 still known: true
keys: 0:fastqueue:{dashboard}:history
