--TEST--
Crash records: a job that ends its worker by SIGSEGV: the handler has the recorder thread write the signal, then the process still dies by SIGSEGV; tries 2: the next attempt reads it; tries 1: failed with it
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
fq_crash_case('wk151', 'sigsegv', 2);
fq_crash_case('wk151', 'sigsegv', 1);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('wk151'); ?>
--EXPECTF--
-- sigsegv, tries 2
killed by signal 11
looping
start sigsegv attempts=1 previous=NULL
queues:wk151:crash:UUID:1 = attempt 1 of J ended its worker: the worker died by signal SIGSEGV (a segmentation fault) (ttl about a day)
next run: status 0
looping
start sigsegv attempts=2 previous='attempt 1 of J ended its worker: the worker died by signal SIGSEGV (a segmentation fault)'
end sigsegv
event stopping 0
daemon returned 0
FastQueue: attempt 1 of J ended its worker: the worker died by signal SIGSEGV (a segmentation fault)
records now: queues:wk151:crash:UUID:1 = attempt 1 of J ended its worker: the worker died by signal SIGSEGV (a segmentation fault) (ttl about a day)
pending [] reserved [] delayed []
-- sigsegv, tries 1
killed by signal 11
looping
start sigsegv attempts=1 previous=NULL
queues:wk151:crash:UUID:1 = attempt 1 of J ended its worker: the worker died by signal SIGSEGV (a segmentation fault) (ttl about a day)
next run: status 0
looping
event failed sigsegv FastQueue\MaxAttemptsExceededException
failed event message: J has been attempted too many times or run too long. The job may have previously timed out. attempt 1 of J ended its worker: the worker died by signal SIGSEGV (a segmentation fault)
event exception sigsegv FastQueue\MaxAttemptsExceededException
event stopping 0
daemon returned 0
FastQueue: attempt 1 of J ended its worker: the worker died by signal SIGSEGV (a segmentation fault)
records now: queues:wk151:crash:UUID:1 = attempt 1 of J ended its worker: the worker died by signal SIGSEGV (a segmentation fault) (ttl about a day)
failed store: FastQueue\MaxAttemptsExceededException: J has been attempted too many times or run too long. The job may have previously timed out. attempt 1 of J ended its worker: the worker died by signal SIGSEGV (a segmentation fault)
pending [] reserved [] delayed []
