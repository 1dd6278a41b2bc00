--TEST--
SIGTERM (and SIGUSR2/SIGCONT) while a job waits in a blocking call that can resume (flock, a pipe read): the call is not cut short, the job finishes normally
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading uninitialised memory, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/signals.inc';
$queue = 'sg023';
fq_clean($queue);
$q = fq_queue(['queue' => $queue]);
$q->push('J', 'lock');
$lockFile = sys_get_temp_dir() . '/fq-sg023-' . getmypid() . '.lock';
$handler = <<<'PHP'
function ($job) {
    echo "start ", $job->getData(), "\n";
    if ($job->getData() === 'lock') {
        $fh = fopen(getenv('FQ_LOCK_FILE'), 'c');
        echo "waiting for the lock\n";
        echo flock($fh, LOCK_EX) ? "locked\n" : "flock failed\n";
    } else {
        $p = proc_open(['sh', '-c', 'echo ready; sleep 1; echo hello'], [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes);
        echo "pipe: ", trim(fgets($pipes[1])), "\n";
        $line = fgets($pipes[1]);
        echo "pipe: ", $line === false ? "read failed" : trim($line), "\n";
        proc_close($p);
    }
    echo "end ", $job->getData(), "\n";
}
PHP;
$fh = fopen($lockFile, 'c');
flock($fh, LOCK_EX);
putenv("FQ_LOCK_FILE=$lockFile");
$c = fq_sig_worker($queue, $handler, ['sleep' => 0.1]);
echo $c->waitFor('waiting for the lock', fq_sig_t(5)) ? "the job waits for the lock\n" : "the job does not wait\n";
usleep(200000);
$c->signal(SIGUSR2);
usleep(100000);
$c->signal(SIGCONT);
usleep(100000);
$c->signal(SIGTERM);
usleep(300000);
flock($fh, LOCK_UN);
fclose($fh);
$r = $c->wait(fq_sig_t(5));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];

// The same with a pipe read: the signals come while the job waits for the second line.
$q->push('J', 'pipe');
$c = fq_sig_worker($queue, $handler, ['sleep' => 0.1]);
echo $c->waitFor('pipe: ready', fq_sig_t(5)) ? "the job reads the pipe\n" : "the job does not read the pipe\n";
usleep(200000);
$c->signal(SIGUSR2);
usleep(100000);
$c->signal(SIGCONT);
usleep(100000);
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(5));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
@unlink($lockFile);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg023'); ?>
--EXPECT--
the job waits for the lock
status 0
looping
start lock
waiting for the lock
locked
end lock
event stopping 0
daemon returned 0
the job reads the pipe
status 0
looping
start pipe
pipe: ready
pipe: hello
end pipe
event stopping 0
daemon returned 0
pending [] reserved [] delayed []
