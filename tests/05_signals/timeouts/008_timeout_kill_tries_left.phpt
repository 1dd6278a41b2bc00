--TEST--
Timeout in 'kill' mode with tries left: 'timeout' fires, the process exits with 1 about the job's timeout after it started, a prefetched job is handed back, the timed-out job stays reserved and runs again (attempts 2) after retry_after
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
$queue = 'sg008';
fq_clean($queue);
$q = fq_queue(['queue' => $queue]);
$q->push('J', 'slow', null, ['timeout' => 1]);
$q->push('J', 'next');
$handler = 'function ($job) { echo "start ", $job->getData(), " attempts=", $job->attempts(), "\n"; '
    . 'if ($job->getData() === "slow" && $job->attempts() === 1) { sleep(10); echo "slept\n"; } }';
// The worker has no timeout of its own: the job's payload timeout (1 s) is the one that counts.
// prefetch 2: "next" is reserved with "slow" and must be handed back before the exit. The worker
// prefetches only where a waiting job could still finish within its reservation (1 s for a job
// without timeout + 0.5 s grace + 1 s of whole-second rounding < retry_after 3).
$c = fq_sig_worker($queue, $handler, ['sleep' => 0.1, 'tries' => 2, 'timeout' => 0, 'timeout_grace' => 0.5, 'prefetch' => 2], ['retry_after' => 3]);
echo $c->waitFor('start slow', fq_sig_t(5)) ? "started\n" : "did not start\n";
$t = fq_sig_now();
$r = $c->wait(fq_sig_t(8));
fq_sig_time('exit after the timeout', fq_sig_now() - $t, 0.8, 2.0);
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";

// The reservation expires after retry_after; another worker runs the job again.
echo fq_sig_wait_expired($queue, 10) ? "reservation expired\n" : "reservation did not expire\n";
$c = fq_sig_worker($queue, $handler, ['sleep' => 0.1, 'tries' => 2, 'stop_when_empty' => true], ['retry_after' => 1]);
$r = $c->wait(fq_sig_t(8));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
echo 'failed: ', implode(', ', fq_sig_forget_failed($queue)), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/signals.inc'; if (fq_test_port()) { fq_clean('sg008'); fq_sig_forget_failed('sg008'); } ?>
--EXPECT--
started
exit after the timeout: ok
status 1
looping
start slow attempts=1
event timeout slow
event stopping 1
pending [next:0] reserved [slow:1] delayed []
reservation expired
status 0
looping
start slow attempts=2
start next attempts=1
event stopping 0
daemon returned 0
FastQueue: attempt 1 of J ended its worker: it ran past its timeout of 1 s and the worker ended it (timeout_mode kill)
pending [] reserved [] delayed []
failed:
