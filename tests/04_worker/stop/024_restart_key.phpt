--TEST--
Worker restart_key: when the key's value differs from the one seen at start, the worker stops with 0 after its current job, before taking another
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w024';
$key = 'w024:restart';
$raw = fq_raw();
fq_clean($name);
$raw->cmd('SET', $key, '1000'); // as Laravel's queue:restart leaves it: a timestamp
$q = fq_queue(['queue' => $name]);
$q->bulk(['A', 'B', 'C']);
$pending = fqw_pending($name);

// In a child: the key changes (queue:restart) while job A runs.
$child = fq_child('require ' . var_export(__DIR__ . '/../../inc/worker_jobs.inc', true) . ';
$w = fqw_worker(fq_queue(["queue" => "w024"]), function ($job) {
    echo "started ", $job->getName(), "\n";
    if ($job->getName() === "A") {
        // Finish only once the key has changed, so that the change happens during this job.
        for ($i = 0; $i < 500 && fq_raw()->cmd("GET", "w024:restart") !== "1001"; $i++) {
            usleep(10000);
        }
    }
    echo "finished ", $job->getName(), "\n";
}, ["restart_key" => "w024:restart", "stop_when_empty" => false]);
$w->on("stopping", function ($status) { echo "stopping $status\n"; });
exit($w->daemon("w024"));
');
echo $child->waitFor('started A', fq_slow() ? 20 : 5) ? "A started\n" : "A DID NOT START\n";
$raw->cmd('SET', $key, '1001');
$r = $child->wait(fq_slow() ? 20 : 5);
echo 'status ', var_export($r['status'], true), ($r['timed_out'] ? ' (killed: did not stop)' : ''), "\n", $r['stdout'], $r['stderr'];
echo fqw_counts($name), "\n";
var_dump(fqw_pending($name) === array_slice($pending, 1));

// In-process: a key that did not exist at start and appears stops it too...
fq_clean($name);
$raw->cmd('DEL', $key);
$q->bulk(['D', 'E']);
$w = fqw_worker($q, function ($job) use ($raw, $key) { echo 'ran ', $job->getName(), "\n"; $raw->cmd('SET', $key, '1'); },
    ['restart_key' => $key, 'stop_when_empty' => false, 'max_time' => 3]); // max_time: a guard only
var_dump($w->daemon($name));
echo fqw_counts($name), "\n";

// ... and so does one that is deleted.
fq_clean($name);
$q->bulk(['F', 'G']);
$w = fqw_worker($q, function ($job) use ($raw, $key) { echo 'ran ', $job->getName(), "\n"; $raw->cmd('DEL', $key); },
    ['restart_key' => $key, 'stop_when_empty' => false, 'max_time' => 3]); // max_time: a guard only
var_dump($w->daemon($name));
echo fqw_counts($name), "\n";

// The same value as at start is no reason to stop; the key is read behind the queue's prefix.
fq_clean($name, 'w024:');
$raw->cmd('SET', "w024:$key", 'same');
$p = fq_queue(['queue' => $name, 'prefix' => 'w024:']);
$p->bulk(['H', 'I']);
$w = fqw_worker($p, function ($job) use ($raw, $key) { echo 'ran ', $job->getName(), "\n"; $raw->cmd('SET', "w024:$key", 'same'); },
    ['restart_key' => $key, 'max_jobs' => 2, 'stop_when_empty' => false]);
var_dump($w->daemon($name));
echo fqw_counts($name, 'w024:'), "\n";
$raw->cmd('SET', "w024:$key", 'changed');
$p->push('J');
$w = fqw_worker($p, function ($job) { echo 'ran ', $job->getName(), "\n"; }, ['restart_key' => $key, 'max_jobs' => 1]);
var_dump($w->daemon($name));
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc';
if (fq_test_port()) { fq_clean('w024'); fq_clean('w024', 'w024:'); fq_raw()->cmd('DEL', 'w024:restart', 'w024:w024:restart'); } ?>
--EXPECT--
A started
status 0
started A
finished A
stopping 0
pending=2 delayed=0 reserved=0
bool(true)
ran D
int(0)
pending=1 delayed=0 reserved=0
ran F
int(0)
pending=1 delayed=0 reserved=0
ran H
ran I
int(0)
pending=0 delayed=0 reserved=0
ran J
int(0)
