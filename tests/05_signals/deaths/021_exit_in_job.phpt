--TEST--
exit(7) inside a job: the process exits with 7 at once (no 'stopping', no further job), prefetched jobs are handed back, the job stays reserved and runs again with attempts 2 after retry_after
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
$queue = 'sg021';
fq_clean($queue);
$q = fq_queue(['queue' => $queue]);
$q->push('J', 'quitter');
$q->push('J', 'next');
$handler = 'function ($job) { echo "start ", $job->getData(), " attempts=", $job->attempts(), "\n"; '
    . 'if ($job->getData() === "quitter" && $job->attempts() === 1) { exit(7); } echo "end ", $job->getData(), "\n"; }';
// prefetch 2 with a reservation long enough for a prefetched job to wait safely (1 s for a job
// without timeout + 0.5 s grace + 1 s of whole-second rounding < retry_after 3).
$c = fq_sig_worker($queue, $handler, ['sleep' => 0.1, 'tries' => 3, 'timeout' => 0, 'timeout_grace' => 0.5, 'prefetch' => 2], ['retry_after' => 3]);
$r = $c->wait(fq_sig_t(5));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
echo fq_sig_wait_expired($queue, 10) ? "reservation expired\n" : "reservation did not expire\n";
$c = fq_sig_worker($queue, $handler, ['sleep' => 0.1, 'tries' => 3, 'stop_when_empty' => true], ['retry_after' => 1]);
$r = $c->wait(fq_sig_t(8));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg021'); ?>
--EXPECT--
status 7
looping
start quitter attempts=1
pending [next:0] reserved [quitter:1] delayed []
reservation expired
status 0
looping
start quitter attempts=2
end quitter
start next attempts=1
end next
event stopping 0
daemon returned 0
FastQueue: attempt 1 of J ended its worker: the job called exit(7)
pending [] reserved [] delayed []
