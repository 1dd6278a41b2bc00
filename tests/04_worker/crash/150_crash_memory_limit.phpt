--TEST--
Crash records: a job that exhausts memory_limit ends its worker; the record (written with no PHP memory left) names the fatal error and its file:line; with tries 2 the next attempt reads it (previousCrash(), a line on stderr), with tries 1 the job is failed with it (failed event, failed store)
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
fq_crash_case('wk150', 'memory', 2);
fq_crash_case('wk150', 'memory', 1);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('wk150'); ?>
--EXPECTF--
-- memory, tries 2
status 255
looping
start memory attempts=1 previous=NULL
queues:wk150:crash:UUID:1 = attempt 1 of J ended its worker: Allowed memory size of 33554432 bytes exhausted (tried to allocate %d bytes) in %s:6 (ttl about a day)
next run: status 0
looping
start memory attempts=2 previous='attempt 1 of J ended its worker: Allowed memory size of 33554432 bytes exhausted (tried to allocate %d bytes) in %s:6'
end memory
event stopping 0
daemon returned 0
FastQueue: attempt 1 of J ended its worker: Allowed memory size of 33554432 bytes exhausted (tried to allocate %d bytes) in %s:6
records now: queues:wk150:crash:UUID:1 = attempt 1 of J ended its worker: Allowed memory size of 33554432 bytes exhausted (tried to allocate %d bytes) in %s:6 (ttl about a day)
pending [] reserved [] delayed []
-- memory, tries 1
status 255
looping
start memory attempts=1 previous=NULL
queues:wk150:crash:UUID:1 = attempt 1 of J ended its worker: Allowed memory size of 33554432 bytes exhausted (tried to allocate %d bytes) in %s:6 (ttl about a day)
next run: status 0
looping
event failed memory FastQueue\MaxAttemptsExceededException
failed event message: J has been attempted too many times or run too long. The job may have previously timed out. attempt 1 of J ended its worker: Allowed memory size of 33554432 bytes exhausted (tried to allocate %d bytes) in %s:6
event exception memory FastQueue\MaxAttemptsExceededException
event stopping 0
daemon returned 0
FastQueue: attempt 1 of J ended its worker: Allowed memory size of 33554432 bytes exhausted (tried to allocate %d bytes) in %s:6
records now: queues:wk150:crash:UUID:1 = attempt 1 of J ended its worker: Allowed memory size of 33554432 bytes exhausted (tried to allocate %d bytes) in %s:6 (ttl about a day)
failed store: FastQueue\MaxAttemptsExceededException: J has been attempted too many times or run too long. The job may have previously timed out. attempt 1 of J ended its worker: Allowed memory size of 33554432 bytes exhausted (tried to allocate %d bytes) in %s:6
pending [] reserved [] delayed []
