--TEST--
SIGUSR2 pauses the worker (the running job finishes, no new job starts); SIGCONT resumes it at once
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
$queue = 'sg003';
fq_clean($queue);
$q = fq_queue(['queue' => $queue]);
foreach (['j1', 'j2', 'j3'] as $d) {
    $q->push('J', $d);
}
// sleep 3: while paused the worker naps 3 s at a time, so a quick resume shows SIGCONT wakes it.
$c = fq_sig_worker($queue, fq_sig_busy_handler(0.4), ['sleep' => 3]);
echo $c->waitFor('start j1', fq_sig_t(5)) ? "j1 started\n" : "j1 did not start\n";
$c->signal(SIGUSR2);
echo $c->waitFor('end j1', fq_sig_t(3)) ? "j1 finished\n" : "j1 did not finish\n";
// A job pushed while paused does not start either.
$q->push('J', 'j4');
usleep(1500000);
echo str_contains($c->stdout(), 'start j2') ? "a job started while paused\n" : "nothing started while paused\n";
echo fq_sig_state($queue), "\n";

$t = fq_sig_now();
$c->signal(SIGCONT);
echo $c->waitFor('start j2', fq_sig_t(3)) ? "j2 started\n" : "j2 did not start\n";
fq_sig_time('resume after SIGCONT', fq_sig_now() - $t, 0, 0.8);
echo $c->waitFor('end j4', fq_sig_t(5)) ? "j4 finished\n" : "j4 did not finish\n";
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(5));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg003'); ?>
--EXPECT--
j1 started
j1 finished
nothing started while paused
pending [j2:0 j3:0 j4:0] reserved [] delayed []
j2 started
resume after SIGCONT: ok
j4 finished
status 0
looping
start j1 attempts=1
end j1
start j2 attempts=1
end j2
start j3 attempts=1
end j3
start j4 attempts=1
end j4
event stopping 0
daemon returned 0
pending [] reserved [] delayed []
