--TEST--
An idle worker blocked on Redis (block_for 60) exits within 1 s of SIGTERM, even when the signal comes as a blocking pop begins; a paused one too
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
$queue = 'sg004';
fq_clean($queue);

// Blocked in BLPOP: the signal is sent the moment the pop is seen blocking on the server,
// the worst time for a worker that only looks at its flags between blocking calls.
$c = fq_sig_worker($queue, fq_sig_busy_handler(0), ['sleep' => 3], ['block_for' => 60]);
echo $c->waitFor('looping', fq_sig_t(5)) ? "looping\n" : "not looping\n";
echo fq_sig_wait_blpop() ? "blocked in BLPOP\n" : "not blocked\n";
$t = fq_sig_now();
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(70));
fq_sig_time('blocked: exit after SIGTERM', fq_sig_now() - $t, 0, 1.0);
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];

// Paused (SIGUSR2 while blocked), then SIGTERM: it exits just as fast.
$c = fq_sig_worker($queue, fq_sig_busy_handler(0), ['sleep' => 3], ['block_for' => 60]);
echo $c->waitFor('looping', fq_sig_t(5)) ? "looping\n" : "not looping\n";
echo fq_sig_wait_blpop() ? "blocked in BLPOP\n" : "not blocked\n";
$c->signal(SIGUSR2);
usleep(1500000);
// Paused, it no longer waits on Redis.
echo preg_match('/ flags=b .* cmd=blpop /', fq_raw()->cmd('CLIENT', 'LIST')) ? "still blocked in BLPOP\n" : "no BLPOP while paused\n";
$t = fq_sig_now();
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(70));
fq_sig_time('paused: exit after SIGTERM', fq_sig_now() - $t, 0, 1.0);
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg004'); ?>
--EXPECT--
looping
blocked in BLPOP
blocked: exit after SIGTERM: ok
status 0
looping
event stopping 0
daemon returned 0
looping
blocked in BLPOP
no BLPOP while paused
paused: exit after SIGTERM: ok
status 0
looping
event stopping 0
daemon returned 0
pending [] reserved [] delayed []
