--TEST--
kill -9 of a worker in the middle of a job: the job stays reserved, comes back after retry_after and runs again with attempts 2; nothing is lost
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
$queue = 'sg017';
fq_clean($queue);
$q = fq_queue(['queue' => $queue]);
$q->push('J', 'victim');
$q->push('J', 'next');
$c = fq_sig_worker($queue, fq_sig_busy_handler(5), ['sleep' => 0.1, 'tries' => 3], ['retry_after' => 1]);
echo $c->waitFor('start victim', fq_sig_t(5)) ? "started\n" : "did not start\n";
$c->signal(SIGKILL);
$r = $c->wait(fq_sig_t(5));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";

echo fq_sig_wait_expired($queue) ? "reservation expired\n" : "reservation did not expire\n";
$c = fq_sig_worker($queue, fq_sig_busy_handler(0), ['sleep' => 0.1, 'tries' => 3, 'stop_when_empty' => true], ['retry_after' => 1]);
$r = $c->wait(fq_sig_t(8));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg017'); ?>
--EXPECT--
started
killed by signal 9
looping
start victim attempts=1
pending [next:0] reserved [victim:1] delayed []
reservation expired
status 0
looping
start victim attempts=2
end victim
start next attempts=1
end next
event stopping 0
daemon returned 0
FastQueue: attempt 1 of J ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (1 s) without renewing it
pending [] reserved [] delayed []
