--TEST--
prefetch 4 and SIGTERM during the first job: it finishes and is deleted; the prefetched jobs that never started (the batch reserved ahead included) go back to the head of the queue, in order, byte for byte as pushed
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
$queue = 'sg022';
fq_clean($queue);
$q = fq_queue(['queue' => $queue]);
foreach (['j1', 'j2', 'j3', 'j4', 'j5', 'j6'] as $d) {
    $q->push('J', $d);
}
$raw = fq_raw();
$pushed = $raw->cmd('LRANGE', "queues:$queue", '0', '-1');
// retry_after 90 (Laravel's default) > timeout 60 + grace: prefetched jobs may wait their turn.
// j5, j6 are reserved ahead (overlap) as the first batch starts, and go back on SIGTERM too.
$c = fq_sig_worker($queue, fq_sig_busy_handler(0.6), ['sleep' => 0.1, 'prefetch' => 4], ['retry_after' => 90]);
echo $c->waitFor('start j1', fq_sig_t(5)) ? "j1 started\n" : "j1 did not start\n";
echo fq_sig_state($queue), "\n";
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(5));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
$now = $raw->cmd('LRANGE', "queues:$queue", '0', '-1');
echo $now === array_slice($pushed, 1) ? "the queue holds j2..j6 exactly as pushed\n" : "the queue differs:\n" . implode("\n", $now) . "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg022'); ?>
--EXPECT--
j1 started
pending [] reserved [j1:1 j2:0 j3:0 j4:0 j5:0 j6:0] delayed []
status 0
looping
start j1 attempts=1
end j1
event stopping 0
daemon returned 0
pending [j2:0 j3:0 j4:0 j5:0 j6:0] reserved [] delayed []
the queue holds j2..j6 exactly as pushed
