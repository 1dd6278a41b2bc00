--TEST--
Crash records: a job stuck in a read past its timeout, ended by the watchdog: the record names the timeout; tries 2: the next attempt reads it; tries 1: failed with it
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
require __DIR__ . '/../../inc/crash.inc';
fq_crash_case('wk152', 'watchdog', 2);
fq_crash_case('wk152', 'watchdog', 1);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('wk152'); ?>
--EXPECTF--
-- watchdog, tries 2
status 1
looping
start watchdog attempts=1 previous=NULL
queues:wk152:crash:UUID:1 = attempt 1 of J ended its worker: it ran past its timeout of 1 s and reached no safe point within timeout_grace: the watchdog ended the worker (ttl about a day)
next run: status 0
looping
start watchdog attempts=2 previous='attempt 1 of J ended its worker: it ran past its timeout of 1 s and reached no safe point within timeout_grace: the watchdog ended the worker'
end watchdog
event stopping 0
daemon returned 0
FastQueue: attempt 1 of J ended its worker: it ran past its timeout of 1 s and reached no safe point within timeout_grace: the watchdog ended the worker
records now: queues:wk152:crash:UUID:1 = attempt 1 of J ended its worker: it ran past its timeout of 1 s and reached no safe point within timeout_grace: the watchdog ended the worker (ttl about a day)
pending [] reserved [] delayed []
-- watchdog, tries 1
status 1
looping
start watchdog attempts=1 previous=NULL
queues:wk152:crash:UUID:1 = attempt 1 of J ended its worker: it ran past its timeout of 1 s and reached no safe point within timeout_grace: the watchdog ended the worker (ttl about a day)
next run: status 0
looping
event failed watchdog FastQueue\MaxAttemptsExceededException
failed event message: J has been attempted too many times or run too long. The job may have previously timed out. attempt 1 of J ended its worker: it ran past its timeout of 1 s and reached no safe point within timeout_grace: the watchdog ended the worker
event exception watchdog FastQueue\MaxAttemptsExceededException
event stopping 0
daemon returned 0
FastQueue: attempt 1 of J ended its worker: it ran past its timeout of 1 s and reached no safe point within timeout_grace: the watchdog ended the worker
records now: queues:wk152:crash:UUID:1 = attempt 1 of J ended its worker: it ran past its timeout of 1 s and reached no safe point within timeout_grace: the watchdog ended the worker (ttl about a day)
failed store: FastQueue\MaxAttemptsExceededException: J has been attempted too many times or run too long. The job may have previously timed out. attempt 1 of J ended its worker: it ran past its timeout of 1 s and reached no safe point within timeout_grace: the watchdog ended the worker
pending [] reserved [] delayed []
