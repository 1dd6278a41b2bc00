--TEST--
kill -9 with prefetch 4 and tries 1, job 2 killing its own worker: job 1 (finished) is not run again, job 2 comes back charged and runs out of tries (a job that kills its worker is failed), jobs 3 and 4 (never started) come back uncharged, in their place before a job pushed later, and run
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
$queue = 'sg040';
fq_clean($queue);
$q = fq_queue(['queue' => $queue]);
foreach (['j1', 'j2', 'j3', 'j4'] as $data) {
    $q->push('J', $data);
}
$handler = 'function ($job) { echo "start ", $job->getData(), " attempts=", $job->attempts(), "\n"; '
    . 'if ($job->getData() === "j2") { posix_kill(getmypid(), SIGKILL); sleep(5); } '
    . 'echo "end ", $job->getData(), "\n"; }';
// retry_after 3 leaves room for timeout 1 + grace 0.5: the worker really prefetches.
$wopts = ['sleep' => 0.1, 'tries' => 1, 'prefetch' => 4, 'timeout' => 1, 'timeout_grace' => 0.5];
$c = fq_sig_worker($queue, $handler, $wopts, ['retry_after' => 3]);
$r = $c->wait(fq_sig_t(10));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n", fq_sig_reserved_in_order($queue), "\n";
$q->push('J', 'later');

echo fq_sig_wait_expired($queue, fq_sig_t(8)) ? "reservations expired\n" : "reservations did not expire\n";
$c = fq_sig_worker($queue, $handler, $wopts + ['stop_when_empty' => true], ['retry_after' => 3]);
$r = $c->wait(fq_sig_t(10));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n", fq_sig_failed($q), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('sg040'); (new FastQueue\RedisQueue(fq_options()))->flushFailed(); } ?>
--EXPECT--
killed by signal 9
looping
start j1 attempts=1
end j1
start j2 attempts=1
pending [] reserved [j2:1 j3:0 j4:0] delayed []
reserved in order [j2:1 j3:0 j4:0]
reservations expired
status 0
looping
event failed j2 FastQueue\MaxAttemptsExceededException
event exception j2 FastQueue\MaxAttemptsExceededException
start j3 attempts=1
end j3
start j4 attempts=1
end j4
start later attempts=1
end later
event stopping 0
daemon returned 0
FastQueue: attempt 1 of J ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (3 s) without renewing it
pending [] reserved [] delayed []
failed [j2:MaxAttemptsExceededException]
