--TEST--
metrics_publish while a job runs: state busy, the job's name, uuid, queue and handler start, the worker's host, pid and queues, PHP's memory; after it, idle with no job line
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/metrics_export.inc';
$name = 'w127';
fq_clean($name);
fq_clean("{$name}b");
$raw = fq_raw();
$key = 'fastqueue:metrics:{workers}:w127';
$raw->cmd('DEL', 'fastqueue:metrics:{workers}', $key);
$q = fq_queue(['queue' => $name]);
$q->push('App\Jobs\Slow@handle', 3, $name, ['displayName' => 'App\Jobs\Slow']);

// The handler says when it began (its first line: just after the worker's start mark) and
// what PHP had allocated then; it sleeps in PHP, so the worker is busy for its data's seconds.
$c = fq_child(sprintf('
    $q = fq_queue(["queue" => %1$s]);
    $w = new FastQueue\Worker($q, function ($job) {
        printf("job began %%.6f memory %%d uuid %%s\n", microtime(true), memory_get_usage(), $job->uuid());
        usleep((int) ($job->getData() * 1e6));
        echo "job ended\n";
    }, ["metrics_publish" => true, "metrics_worker" => "w127", "metrics_interval" => 0.1, "sleep" => 0.05,
        "timeout" => 0, "max_time" => 120]);
    echo "pid ", getmypid(), "\n";
    $status = $w->daemon(%1$s . "," . %1$s . "b");
    echo "stopped $status\n";
    ', var_export($name, true)));
$limit = fq_slow() ? 60 : 10;
if (!$c->waitFor('job began', $limit)) {
    echo "no job:\n", $c->stdout(), $c->stderr();
}
preg_match('/job began ([0-9.]+) memory (\d+) uuid (\S+)/', $c->stdout(), $began);
preg_match('/pid (\d+)/', $c->stdout(), $pid);
// A publication made after the handler began (every 0.1 s).
$text = '';
for ($t = microtime(true); microtime(true) - $t < $limit; usleep(50000)) {
    $text = (string) $raw->cmd('GET', $key);
    if (fqm_sample($text, 'fastqueue_job_started_time_seconds') !== null) {
        break;
    }
}
echo 'by the grammar: ', fqm_grammar($text), "\n";
$w = ['worker' => 'w127'];
echo 'state: busy ', fqm_sample($text, 'fastqueue_worker_state', $w + ['state' => 'busy']),
    ', idle ', fqm_sample($text, 'fastqueue_worker_state', ['state' => 'idle']),
    ', paused ', fqm_sample($text, 'fastqueue_worker_state', ['state' => 'paused']), "\n";
echo 'info: ', fqm_sample($text, 'fastqueue_worker_info', $w + ['host' => gethostname(), 'pid' => $pid[1],
    'queues' => "$name,{$name}b"]) === 1.0 ? 'host, pid and queues' : "not as expected:\n" . implode("\n", preg_grep('/^fastqueue_worker_info/', explode("\n", $text))), "\n";
$labels = $w + ['queue' => $name, 'job' => 'App\\\\Jobs\\\\Slow', 'uuid' => $began[3]];
$started = fqm_sample($text, 'fastqueue_job_started_time_seconds', $labels);
echo 'job: ', $started === null ? "no line with the job's labels:\n" . implode("\n", preg_grep('/^fastqueue_job_started/', explode("\n", $text)))
    : 'name, uuid and queue', "\n";
// The worker stamps the start just before calling the handler, whose first line reads the clock
// again: the stamp is not after it (50 ms for the conversion from the monotonic clock, which a
// slewed wall clock drifts from), nor long before.
$b = (float) $began[1];
echo 'start: ', $started !== null && $started <= $b + 0.05 && $started > $b - 5 ? 'the handler\'s' : sprintf('%.6f against %.6f', $started, $b), "\n";
// PHP's allocation at the last boundary (the run's start) against the handler's own reading.
$memory = fqm_sample($text, 'fastqueue_worker_memory_bytes', $w);
$job_memory = (int) $began[2];
echo 'memory: ', $job_memory === 0 ? ($memory === 0.0 ? 'as PHP reports it' : "$memory, PHP reports 0")
    : ($memory > $job_memory / 2 && $memory < $job_memory * 2 ? 'as PHP reports it' : "$memory against $job_memory"), "\n";

if (!$c->waitFor('job ended', $limit)) {
    echo "the job did not end\n";
}
for ($t = microtime(true); microtime(true) - $t < $limit; usleep(50000)) {
    $text = (string) $raw->cmd('GET', $key);
    if (fqm_sample($text, 'fastqueue_worker_state', ['state' => 'idle']) === 1.0) {
        break;
    }
}
echo 'after the job: idle ', fqm_sample($text, 'fastqueue_worker_state', ['state' => 'idle']),
    ', busy ', fqm_sample($text, 'fastqueue_worker_state', ['state' => 'busy']),
    ', job lines ', count(preg_grep('/^fastqueue_job_started_time_seconds\{/', explode("\n", $text))),
    ', memory ', $job_memory === 0 || fqm_sample($text, 'fastqueue_worker_memory_bytes') > 0 ? 'known' : 'zero', "\n";
$c->signal(SIGTERM);
$r = $c->wait(20);
echo trim(preg_replace('/^(pid|job).*\n/m', '', $r['stdout'])), "\n", $r['stderr'];
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w127'); fq_clean('w127b'); fq_raw()->cmd('DEL', 'fastqueue:metrics:{workers}', 'fastqueue:metrics:{workers}:w127'); } ?>
--EXPECT--
by the grammar: ok
state: busy 1, idle 0, paused 0
info: host, pid and queues
job: name, uuid and queue
start: the handler's
memory: as PHP reports it
after the job: idle 1, busy 0, job lines 0, memory known
stopped 0
