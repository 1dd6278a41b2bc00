--TEST--
Metrics exposition in a job's fork: the child, ending through the worker, neither removes the parent's file nor its publication nor stops its endpoint, which go on serving while the job runs
--EXTENSIONS--
fastqueue
pcntl
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/metrics_export.inc';
$name = 'w115';
fq_clean($name);
$raw = fq_raw();
$key = 'fastqueue:metrics:{workers}:w115';
$raw->cmd('DEL', 'fastqueue:metrics:{workers}', $key);
$q = fq_queue(['queue' => $name]);
$q->push('J', 'forks', $name);
$dir = fqm_dir('w115');
$file = "$dir/m.prom";
$port = fq_free_port();

$w = fqw_worker($q, function ($job) use ($file, $port, $raw, $key) {
    $pid = pcntl_fork();
    if ($pid === 0) {
        exit(0); // unwinds through the worker in the child: its run ends there
    }
    // (pcntl_waitpid() sets $st even when the child still runs: $exited says it ended.)
    $limit = fq_slow() ? 20 : 5;
    $exited = false;
    for ($t = microtime(true); !$exited && microtime(true) - $t < $limit; usleep(20000)) {
        $exited = pcntl_waitpid($pid, $st, WNOHANG) === $pid;
    }
    if ($exited) {
        echo "parent: child exited ", pcntl_wexitstatus($st), "\n";
    } else {
        // Killed, or it would hold the test's output open and run-tests would wait for ever.
        echo "parent: child still running after {$limit} s\n";
        posix_kill($pid, SIGKILL);
        pcntl_waitpid($pid, $st);
    }
    // The job is still running: the exporter's thread serves and rewrites.
    usleep(300000);
    $body = fqm_get($port);
    echo 'in the job after the fork: file ', file_exists($file) ? 'there' : 'gone',
        ', key ', $raw->cmd('EXISTS', $key), ', endpoint ', fqm_whole((string) $body) ? 'serves' : 'dead',
        ', running ', fqm_sample((string) $body, 'fastqueue_jobs_running'), "\n";
    clearstatcache();
    $mtimes = [];
    for ($t = microtime(true); microtime(true) - $t < 1; usleep(50000)) {
        clearstatcache();
        $mtimes[(string) (stat($file)['mtime'] ?? 0) . '.' . (stat($file)['ino'] ?? 0)] = true;
    }
    echo 'rewritten meanwhile: ', count($mtimes) > 1 ? 'yes' : 'no', "\n";
}, ['metrics_file' => $file, 'metrics_listen' => (string) $port, 'metrics_publish' => true,
    'metrics_worker' => 'w115', 'metrics_interval' => 0.1, 'timeout' => 0]);
$w->daemon($name);
echo 'after the run: key ', $raw->cmd('EXISTS', $key), ', processed ',
    fqm_sample(file_get_contents($file), 'fastqueue_jobs_total', ['outcome' => 'processed']), "\n";
echo fqw_counts($name), "\n";
fqm_rmdir($dir);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w115'); fq_raw()->cmd('DEL', 'fastqueue:metrics:{workers}', 'fastqueue:metrics:{workers}:w115'); } ?>
--EXPECT--
parent: child exited 0
in the job after the fork: file there, key 1, endpoint serves, running 1
rewritten meanwhile: yes
after the run: key 0, processed 1
pending=0 delayed=0 reserved=0
