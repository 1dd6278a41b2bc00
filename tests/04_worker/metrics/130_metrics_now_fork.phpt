--TEST--
metrics_publish and a job's fork: while the child lives, every publication names the parent's pid and its running job; the child never publishes
--EXTENSIONS--
fastqueue
pcntl
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/metrics_export.inc';
$name = 'w130';
fq_clean($name);
$raw = fq_raw();
$key = 'fastqueue:metrics:{workers}:w130';
$raw->cmd('DEL', 'fastqueue:metrics:{workers}', $key);
$q = fq_queue(['queue' => $name]);
$q->push('J', 'forks', $name, ['displayName' => 'Forking']);

// The child lives 1 s (ten intervals) and dies without ending through the worker; meanwhile
// the parent reads every publication. A publication of the child's would carry its pid.
$w = fqw_worker($q, function ($job) use ($raw, $key) {
    $parent = getmypid();
    $limit = fq_slow() ? 20 : 5;
    // The run's first publication came before the job: wait for one made during it.
    for ($t = microtime(true); microtime(true) - $t < $limit; usleep(20000)) {
        if (fqm_sample((string) $raw->cmd('GET', $key), 'fastqueue_job_started_time_seconds') !== null) {
            break;
        }
    }
    $pid = pcntl_fork();
    if ($pid === 0) {
        usleep(1000000);
        posix_kill(getmypid(), SIGKILL);
    }
    $pids = [];
    $jobs = [];
    for ($exited = false, $t = microtime(true); !$exited && microtime(true) - $t < $limit; usleep(20000)) {
        $exited = pcntl_waitpid($pid, $st, WNOHANG) === $pid;
        $text = (string) $raw->cmd('GET', $key);
        if (preg_match('/^fastqueue_worker_info\{[^\n]*pid="(\d+)"/m', $text, $m)) {
            $pids[$m[1] === (string) $parent ? 'parent' : ($m[1] === (string) $pid ? 'child' : $m[1])] = true;
        }
        $jobs[fqm_sample($text, 'fastqueue_job_started_time_seconds', ['job' => 'Forking']) !== null ? 'job' : 'none'] = true;
    }
    if (!$exited) {
        posix_kill($pid, SIGKILL);
        pcntl_waitpid($pid, $st);
    }
    echo 'child ', $exited ? 'ended' : 'still running', ', publications name: ', implode(',', array_keys($pids)),
        '; the job line: ', implode(',', array_keys($jobs)), "\n";
}, ['metrics_publish' => true, 'metrics_worker' => 'w130', 'metrics_interval' => 0.1, 'timeout' => 0]);
$status = $w->daemon($name);
echo "status $status\n";
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w130'); fq_raw()->cmd('DEL', 'fastqueue:metrics:{workers}', 'fastqueue:metrics:{workers}:w130'); } ?>
--EXPECT--
child ended, publications name: parent; the job line: job
status 0
pending=0 delayed=0 reserved=0
