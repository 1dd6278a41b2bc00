--TEST--
fastqueue:status reads the registry in the documented shape: with no supervisor it says so (exit 0); it lists each live supervisor (a member whose record expired is left out, another application's prefix is not read) with its groups, its pools and each worker busy, idle or unknown from its published fastqueue_jobs_running, and each queue's backlog and wait, as tables and, with --json, as the records plus "seen" and "workers"; an unreachable Redis is an error with exit 1
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/supervisor_app.inc';

$app = fq_supervisor_app('status060');
$show = function (array $r) {
    echo "status {$r['status']}, stderr: ", trim($r['stderr']) === '' ? 'none' : trim($r['stderr']), "\n", $r['stdout'];
};

echo "-- no supervisor\n";
$show($app->artisan(['fastqueue:status']));
$r = $app->artisan(['fastqueue:status', '--json']);
$json = json_decode($r['stdout'], true);
echo "status {$r['status']}, ", json_encode(['connection' => $json['connection'], 'supervisors' => $json['supervisors']]),
    ', time ', abs($json['time'] - microtime(true)) < 30 ? 'now' : $json['time'], "\n";

echo "-- two supervisors, one gone\n";
$web1 = fq_registry_record('app', 'web-1', 4242, [
    'supervisor-1:high' => ['group' => 'supervisor-1', 'queues' => ['high'], 'processes' => 3,
        'min_processes' => 1, 'max_processes' => 10, 'pids' => [4243, 4244, 4245]],
    'supervisor-1:low' => ['group' => 'supervisor-1', 'queues' => ['low'], 'processes' => 0,
        'min_processes' => 0, 'max_processes' => 10, 'pids' => []],
]);
$web2 = fq_registry_record('app', 'web-2', 77, [
    'mail' => ['group' => null, 'queues' => ['mail', 'other'], 'processes' => 1, 'min_processes' => 1,
        'max_processes' => 1, 'pids' => [78]],
], ['state' => 'paused', 'figures' => 'Connection refused', 'restarting' => 'mail', 'groups' => [], 'queues' => []]);
fq_registry_beat($app, $web2);
fq_registry_beat($app, $web1);
// A supervisor whose record expired (its member stays until a reader or the next beat drops it).
fq_raw()->cmd('ZADD', fq_registry_key($app), (string) (time() - 60), 'app/web-3');
// Another application's registry (another prefix) is not read.
fq_raw()->cmd('ZADD', 'other_fastqueue:{supervisors}', (string) time(), 'app/elsewhere');
fq_raw()->cmd('SET', 'other_fastqueue:{supervisors}:app/elsewhere', json_encode(fq_registry_record('app', 'elsewhere', 1, [])), 'PX', '60000');
// Worker 4243 runs a job, 4244 is idle, 4245 publishes nothing; web-2's 78 is idle but
// published under another host's label, which is not its own.
fq_registry_publish($app, 'web-1:4243', 1);
fq_registry_publish($app, 'web-1:4244', 0);
fq_registry_publish($app, 'web-9:78', 1);

$show($app->artisan(['fastqueue:status']));

echo "-- --json\n";
$r = $app->artisan(['fastqueue:status', '--json']);
echo "status {$r['status']}, stderr: ", trim($r['stderr']) === '' ? 'none' : trim($r['stderr']), "\n";
$json = json_decode($r['stdout'], true);
echo 'supervisors: ', implode(' ', array_map(fn ($s) => "{$s['name']}/{$s['host']}", $json['supervisors'])), "\n";
foreach ([$web1, $web2] as $i => $record) {
    $got = $json['supervisors'][$i];
    echo "{$record['host']}: seen ", abs($got['seen'] - microtime(true)) < 30 ? 'now' : $got['seen'], "\n";
    // The record as written, plus "seen" and each pool's "workers".
    $expected = $record;
    foreach ($got['pools'] as $pool => $p) {
        echo "  $pool: ", json_encode($p['workers']), "\n";
        $expected['pools'][$pool]['workers'] = $p['workers'];
    }
    unset($got['seen']);
    echo '  the record as written: ', var_export($got == $expected, true), "\n";
}
// Empty maps stay JSON objects; unknown waits stay null.
echo preg_match('/"groups": \{\}/', $r['stdout']) && preg_match('/"queues": \{\}/', $r['stdout']) ? "empty maps are objects\n" : $r['stdout'];
echo json_encode($json['supervisors'][0]['queues']), "\n";

echo "-- errors\n";
fq_raw()->cmd('DEL', 'other_fastqueue:{supervisors}', 'other_fastqueue:{supervisors}:app/elsewhere');
file_put_contents("$app->base/storage/registry-connection", 'dead');
$show($app->artisan(['fastqueue:status']));
$show($app->artisan(['fastqueue:status', '--json']));
// The Redis connection named is read.
file_put_contents("$app->base/storage/registry-connection", 'default');
$r = $app->artisan(['fastqueue:status', '--json']);
echo "Redis connection default: status {$r['status']}, ", count(json_decode($r['stdout'], true)['supervisors']), " supervisors\n";
?>
--EXPECTF--
-- no supervisor
status 0, stderr: none
No FastQueue supervisor is running (Redis connection [default]).
status 0, {"connection":"default","supervisors":[]}, time now
-- two supervisors, one gone
status 0, stderr: none
Supervisor app on web-1: running, pid 4242, up 2 min %d s, last heartbeat %f s ago
+--------------+---------+----------+--------+---------------+-------+
| Group        | Balance | Strategy | Budget | Max processes | Hosts |
+--------------+---------+----------+--------+---------------+-------+
| supervisor-1 | auto    | time     | 10     | 10            | 1     |
+--------------+---------+----------+--------+---------------+-------+
+-------------------+--------------+--------+---------------------+------------------------------------+
| Pool              | Group        | Queues | Processes (min-max) | Workers                            |
+-------------------+--------------+--------+---------------------+------------------------------------+
| supervisor-1:high | supervisor-1 | high   | 3 (1-10)            | 4243 busy, 4244 idle, 4245 unknown |
| supervisor-1:low  | supervisor-1 | low    | 0 (0-10)            |                                    |
+-------------------+--------------+--------+---------------------+------------------------------------+
+-------+---------+--------+----------+
| Queue | Backlog | Wait   | Run time |
+-------+---------+--------+----------+
| high  | 5       | 1.50 s | 0.20 s   |
| low   | 0       | -      | -        |
+-------+---------+--------+----------+

Supervisor app on web-2: paused, pid 77, up 2 min %d s, last heartbeat %f s ago, figures unreadable: Connection refused
Restarting pool mail
+------+-------+------------+---------------------+------------+
| Pool | Group | Queues     | Processes (min-max) | Workers    |
+------+-------+------------+---------------------+------------+
| mail | -     | mail,other | 1 (1-1)             | 78 unknown |
+------+-------+------------+---------------------+------------+

-- --json
status 0, stderr: none
supervisors: app/web-1 app/web-2
web-1: seen now
  supervisor-1:high: [{"pid":4243,"state":"busy"},{"pid":4244,"state":"idle"},{"pid":4245,"state":"unknown"}]
  supervisor-1:low: []
  the record as written: true
web-2: seen now
  mail: [{"pid":78,"state":"unknown"}]
  the record as written: true
empty maps are objects
{"high":{"backlog":5,"wait":1.5,"runtime":0.2},"low":{"backlog":0,"wait":null,"runtime":null}}
-- errors
status 1, stderr: Cannot read the supervisors from Redis connection [dead]: %s
status 1, stderr: Cannot read the supervisors from Redis connection [dead]: %s
Redis connection default: status 0, 2 supervisors