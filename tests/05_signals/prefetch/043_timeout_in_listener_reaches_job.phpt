--TEST--
timeout_mode throw: a job's timeout that strikes while a listener runs inside the job (a 'failed' listener called through $job->fail()) throws TimeoutException that reaches the job, which unwinds at once; it is not reported and cleared, leaving the job to run on until the watchdog ends the process
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
$queue = 'sg043';
fq_clean($queue);
$q = fq_queue(['queue' => $queue]);
$q->push('J', 'slow-fail');
$q->push('J', 'next');
$handler = 'function ($job) { echo "start ", $job->getData(), "\n"; '
    . 'if ($job->getData() === "slow-fail") { try { $job->fail(); } finally { echo "fail() left by ", '
    . '($e = error_get_last()) ? "error" : "exception or return", "\n"; } echo "after fail\n"; sleep(5); } '
    . 'echo "end ", $job->getData(), "\n"; }';
$before = <<<'PHP'
$w->on('failed', function ($job, $e) {
    $until = microtime(true) + 10;
    while (microtime(true) < $until) {
        usleep(1000);
    }
    echo "listener finished\n";
});
PHP;
$c = fq_sig_worker($queue, $handler,
    ['sleep' => 0.1, 'timeout' => 1, 'timeout_mode' => 'throw', 'timeout_grace' => 1, 'stop_when_empty' => true], [], $before);
$r = $c->wait(fq_sig_t(12));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n", fq_sig_failed($q), "\n";
$q->flushFailed();
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg043'); ?>
--EXPECT--
status 0
looping
start slow-fail
event failed slow-fail FastQueue\ManuallyFailedException
event timeout slow-fail
fail() left by exception or return
event exception slow-fail FastQueue\TimeoutException
start next
end next
event stopping 0
daemon returned 0
pending [] reserved [] delayed []
failed [slow-fail:ManuallyFailedException]
