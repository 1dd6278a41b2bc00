--TEST--
Dashboard workers: a plain fastqueue:work --metrics-publish worker is listed with its label, host, pid, queues, start time and uptime, busy while a job runs (with the job's name, uuid, queue and run time, and its memory), idle after, paused after SIGUSR2, with no supervisor; a supervisor's record is listed with its pools, and a worker whose pid is in a pool is joined to that supervisor and pool
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/dashboard_data.inc';

$app = fq_dashboard_app('dash101', ['dashboard' => ['history' => ['interval' => 0.5, 'retention' => 120]]]);
$until = microtime(true) + 30 * fq_app_scale();
$poll = function (callable $done) use ($app, $until) {
    do {
        $w = fq_dashboard_json($app, 'Workers');
    } while (!$done($w) && microtime(true) < $until && usleep(100000) === null);
    return $w;
};

echo "-- none\n";
echo json_encode(array_diff_key(fq_dashboard_json($app, 'Workers'), ['generated_at' => 1])), "\n";

$worker = $app->artisanChild(['fastqueue:work', '--sleep=0.1', '--queue=dash101,other101', '--metrics-publish', '--metrics-interval=0.2']);
$app->run('App\Jobs\SleepJob::dispatch("long", 2)->onQueue("dash101");');
$app->waitForEffect('/^start long$/');
$w = $poll(fn ($w) => ($w['workers'][0]['state'] ?? null) === 'busy');
$one = $w['workers'][0];
$pid = $one['pid'];
printf("workers %d, id is host:pid: %s, host %s, supervisor %s, pool %s, queues %s\n", count($w['workers']),
    json_encode($one['id'] === "{$one['host']}:{$one['pid']}"), json_encode($one['host'] === gethostname()),
    json_encode($one['supervisor']), json_encode($one['pool']), implode(',', $one['queues']));
printf("state %s, started %s, uptime %s, seen %s\n", $one['state'], json_encode($one['started'] <= $w['generated_at']),
    json_encode($one['uptime_seconds'] >= 0 && $one['uptime_seconds'] < 600), json_encode(abs($w['generated_at'] - $one['seen']) < 10));
printf("job %s on %s, uuid %s, running %s\n", $one['job']['name'], $one['job']['queue'],
    json_encode(strlen($one['job']['uuid']) === 36), json_encode($one['job']['running_seconds'] >= 0));
// PHP's own count (memory_get_usage()): with USE_ZEND_ALLOC=0 (the asan/ubsan pass) PHP's
// allocations go to malloc and it counts none, so the worker publishes 0 there.
echo 'memory over 1 MB: ', json_encode(getenv('USE_ZEND_ALLOC') === '0' ? $one['memory_bytes'] === 0 : $one['memory_bytes'] > 1048576), "\n";
$app->waitForEffect('/^end long$/');
$w = $poll(fn ($w) => ($w['workers'][0]['state'] ?? null) === 'idle');
printf("after: state %s, job %s\n", $w['workers'][0]['state'], json_encode($w['workers'][0]['job']));
// SIGUSR2 pauses the worker, SIGCONT lets it go on.
$worker->signal(SIGUSR2);
printf("SIGUSR2: %s\n", $poll(fn ($w) => ($w['workers'][0]['state'] ?? null) === 'paused')['workers'][0]['state']);
$worker->signal(SIGCONT);
printf("SIGCONT: %s\n", $poll(fn ($w) => ($w['workers'][0]['state'] ?? null) === 'idle')['workers'][0]['state']);

echo "-- with a supervisor's record\n";
$record = ['name' => 'app', 'host' => gethostname(), 'pid' => 4242, 'state' => 'running', 'started' => 1764410000.0, 'heartbeat' => 3,
    'pools' => ['supervisor-1:dash101' => ['group' => 'supervisor-1', 'queues' => ['dash101'], 'processes' => 2, 'pids' => [$pid, 99999]]]];
$set = $app->redisPrefix . 'fastqueue:{supervisors}';
fq_raw()->cmd('ZADD', $set, '1764420000', 'app/' . gethostname());
fq_raw()->cmd('SET', "$set:app/" . gethostname(), json_encode($record), 'PX', '60000');
$w = fq_dashboard_json($app, 'Workers');
$s = $w['supervisors'][0];
printf("supervisor %s on this host: %s, pid %d, state %s, started %s, seen %s\n", $s['name'], json_encode($s['host'] === gethostname()),
    $s['pid'], $s['state'], $s['started'], $s['seen']);
echo 'pools: ', json_encode(array_map(fn ($p) => array_diff_key($p, ['pids' => 1]), $s['pools'])), ', pids: ',
    json_encode($s['pools'][0]['pids'] === [$pid, 99999]), "\n";
printf("worker's supervisor %s, pool %s\n", $w['workers'][0]['supervisor'] === 'app/' . gethostname() ? 'app/HOST' : json_encode($w['workers'][0]['supervisor']),
    $w['workers'][0]['pool']);

$worker->signal(SIGTERM);
echo 'worker status ', $worker->wait()['status'], "\n";
echo 'workers after: ', count(fq_dashboard_json($app, 'Workers')['workers']), "\n";
?>
--EXPECT--
-- none
{"supervisors":[],"workers":[]}
workers 1, id is host:pid: true, host true, supervisor null, pool null, queues dash101,other101
state busy, started true, uptime true, seen true
job App\Jobs\SleepJob on dash101, uuid true, running true
memory over 1 MB: true
after: state idle, job null
SIGUSR2: paused
SIGCONT: idle
-- with a supervisor's record
supervisor app on this host: true, pid 4242, state running, started 1764410000, seen 1764420000
pools: [{"name":"supervisor-1:dash101","queues":["dash101"],"processes":2}], pids: true
worker's supervisor app/HOST, pool supervisor-1:dash101
worker status 0
workers after: 0
