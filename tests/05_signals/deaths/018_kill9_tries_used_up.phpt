--TEST--
kill -9 in the middle of a job's last try: when it comes back (attempts 2 > tries 1) it is failed with MaxAttemptsExceededException before it runs, and recorded
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
$queue = 'sg018';
fq_clean($queue);
fq_sig_forget_failed($queue);
$q = fq_queue(['queue' => $queue]);
$q->push('J', 'victim');
$c = fq_sig_worker($queue, fq_sig_busy_handler(5), ['sleep' => 0.1], ['retry_after' => 1]);
echo $c->waitFor('start victim', fq_sig_t(5)) ? "started\n" : "did not start\n";
$c->signal(SIGKILL);
$r = $c->wait(fq_sig_t(5));
echo fq_sig_status($r), "\n";
echo fq_sig_state($queue), "\n";

echo fq_sig_wait_expired($queue) ? "reservation expired\n" : "reservation did not expire\n";
$c = fq_sig_worker($queue, fq_sig_busy_handler(0), ['sleep' => 0.1, 'stop_when_empty' => true], ['retry_after' => 1]);
$r = $c->wait(fq_sig_t(8));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
echo 'failed: ', implode(', ', fq_sig_forget_failed($queue)), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/signals.inc'; if (fq_test_port()) { fq_clean('sg018'); fq_sig_forget_failed('sg018'); } ?>
--EXPECT--
started
killed by signal 9
pending [] reserved [victim:1] delayed []
reservation expired
status 0
looping
event failed victim FastQueue\MaxAttemptsExceededException
event exception victim FastQueue\MaxAttemptsExceededException
event stopping 0
daemon returned 0
FastQueue: attempt 1 of J ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (1 s) without renewing it
pending [] reserved [] delayed []
failed: FastQueue\MaxAttemptsExceededException
