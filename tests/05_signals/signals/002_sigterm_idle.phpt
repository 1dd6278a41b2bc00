--TEST--
SIGTERM to an idle worker sleeping between polls (sleep 3): it exits with 0 within 1 s
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
$queue = 'sg002';
fq_clean($queue);
$c = fq_sig_worker($queue, fq_sig_busy_handler(0), ['sleep' => 3]);
echo $c->waitFor('looping', fq_sig_t(5)) ? "idle\n" : "not looping\n";
// Well inside the first 3 s sleep.
usleep(300000);
$t = fq_sig_now();
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(6));
fq_sig_time('exit after SIGTERM', fq_sig_now() - $t, 0, 1.0);
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg002'); ?>
--EXPECT--
idle
exit after SIGTERM: ok
status 0
looping
event stopping 0
daemon returned 0
pending [] reserved [] delayed []
