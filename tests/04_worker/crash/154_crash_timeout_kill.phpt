--TEST--
Crash records: a job past its timeout at a safe point, 'kill' mode: with tries left the worker records the timeout before it exits; tries 2: the next attempt reads it; tries 1: failed at once (no record needed)
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
fq_crash_case('wk154', 'timeout', 2);
fq_crash_case('wk154', 'timeout', 1);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('wk154'); ?>
--EXPECTF--
-- timeout, tries 2
status 1
looping
start timeout attempts=1 previous=NULL
event timeout timeout
event stopping 1
queues:wk154:crash:UUID:1 = attempt 1 of J ended its worker: it ran past its timeout of 1 s and the worker ended it (timeout_mode kill) (ttl about a day)
next run: status 0
looping
start timeout attempts=2 previous='attempt 1 of J ended its worker: it ran past its timeout of 1 s and the worker ended it (timeout_mode kill)'
end timeout
event stopping 0
daemon returned 0
FastQueue: attempt 1 of J ended its worker: it ran past its timeout of 1 s and the worker ended it (timeout_mode kill)
records now: queues:wk154:crash:UUID:1 = attempt 1 of J ended its worker: it ran past its timeout of 1 s and the worker ended it (timeout_mode kill) (ttl about a day)
pending [] reserved [] delayed []
-- timeout, tries 1
status 1
looping
start timeout attempts=1 previous=NULL
event timeout timeout
event failed timeout FastQueue\MaxAttemptsExceededException
event stopping 1
no crash record
next run: status 0
looping
event stopping 0
daemon returned 0
records now: no crash record
failed store: FastQueue\MaxAttemptsExceededException: J has been attempted too many times or run too long. The job may have previously timed out.
pending [] reserved [] delayed []
