<?php
// A real FastQueue worker for the balancing and lifecycle tests of tests/10_supervisor
// (inc/supervisor_balance.inc), started by a supervisor:
//   php balance_worker.php QUEUE [WORKER-OPTIONS-AS-JSON]
// It runs Worker::daemon() on QUEUE of the test's redis-server (FASTQUEUE_TEST_REDIS_PORT
// reaches it through the supervisor's environment), publishing its metrics every second (the
// supervisor reads the jobs' run time there). A job's data is "ID" or "ID/S": it counts its
// start in the hash "svb:QUEUE:start" (field ID), works S seconds (usleep in a loop: a signal
// cannot cut it short), then counts its end in "svb:QUEUE:end". It prints, each line in one
// write, only what is rare enough not to flood the supervisor's output:
//   "looping PID"            once, when daemon() is in its loop (its signal handlers are in place)
//   "start ID PID"           as a job of a second or more starts
//   "daemon returned N PID", then it exits with N
require __DIR__ . '/config.inc';

$queue = $argv[1] ?? 'default';
$pid = getmypid();
$options = json_decode($argv[2] ?? '{}', true) + ['sleep' => 0.1, 'metrics_publish' => true, 'metrics_interval' => 1];
// Counts a job in a hash, on a connection made again after Redis was lost (a test's outage):
// while Redis is down the job throws, and is released.
function count_job(string $key, string $id): void
{
    static $raw = null;
    try {
        ($raw ??= new FqRaw(fq_test_host(), fq_test_port()))->cmd('HINCRBY', $key, $id, '1');
    } catch (RuntimeException $e) {
        $raw = null;
        throw $e;
    }
}
$worker = new FastQueue\Worker(fq_queue(), function (FastQueue\Job $job) use ($queue, $pid) {
    [$id, $seconds] = explode('/', (string) $job->getData(), 2) + [1 => '0'];
    count_job("svb:$queue:start", $id);
    if ((float) $seconds >= 1) {
        echo "start $id $pid\n";
    }
    for ($until = microtime(true) + (float) $seconds; microtime(true) < $until;) {
        usleep(5000);
    }
    count_job("svb:$queue:end", $id);
}, $options);
$worker->on('looping', function () use ($pid) {
    static $once = false;
    if (!$once) {
        $once = true;
        echo "looping $pid\n";
    }
});
$status = $worker->daemon($queue);
echo "daemon returned $status $pid\n";
exit($status);
