--TEST--
'throw' mode, a job that catches the TimeoutException and carries on (sleeping, or spinning): the watchdog still ends the process timeout_grace later, status 1, the job still reserved
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
$sleeps = 'try { sleep(30); } catch (FastQueue\TimeoutException $e) { echo "caught\n"; } sleep(30);';
$spins = 'while (true) { try { while (true) {} } catch (FastQueue\TimeoutException $e) { echo "caught\n"; } }';
fq_sig_stuck_job('sg014', $sleeps, 'throw');
fq_sig_stuck_job('sg014', $spins, 'throw', 0.5);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg014'); ?>
--EXPECT--
throw: ended by the watchdog: ok
throw: status 1
looping
start throw
event timeout throw
caught
FastQueue: job J ran past its timeout of 1 s and did not return within 1.0 s; the worker exits with status 1 and the job stays reserved until retry_after
throw: pending [] reserved [throw:1] delayed []
throw: ended by the watchdog: ok
throw: status 1
looping
start throw
event timeout throw
caught
FastQueue: job J ran past its timeout of 1 s and did not return within 0.5 s; the worker exits with status 1 and the job stays reserved until retry_after
throw: pending [] reserved [throw:1] delayed []
