--TEST--
Crash records: kill -9 of a worker mid-job: nothing can be recorded then, so the reserve that moves the expired reservation back records that the worker disappeared (or overran retry_after); tries 2: the next attempt reads it; tries 1: failed with it
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
fq_crash_case('wk153', 'kill9', 2);
fq_crash_case('wk153', 'kill9', 1);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('wk153'); ?>
--EXPECTF--
-- kill9, tries 2
killed by signal 9
looping
start kill9 attempts=1 previous=NULL
working
no crash record
next run: status 0
looping
start kill9 attempts=2 previous='attempt 1 of J ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (1 s) without renewing it'
end kill9
event stopping 0
daemon returned 0
FastQueue: attempt 1 of J ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (1 s) without renewing it
records now: queues:wk153:crash:UUID:1 = attempt 1 of J ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (1 s) without renewing it (ttl about a day)
pending [] reserved [] delayed []
-- kill9, tries 1
killed by signal 9
looping
start kill9 attempts=1 previous=NULL
working
no crash record
next run: status 0
looping
event failed kill9 FastQueue\MaxAttemptsExceededException
failed event message: J has been attempted too many times or run too long. The job may have previously timed out. attempt 1 of J ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (1 s) without renewing it
event exception kill9 FastQueue\MaxAttemptsExceededException
event stopping 0
daemon returned 0
FastQueue: attempt 1 of J ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (1 s) without renewing it
records now: queues:wk153:crash:UUID:1 = attempt 1 of J ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (1 s) without renewing it (ttl about a day)
failed store: FastQueue\MaxAttemptsExceededException: J has been attempted too many times or run too long. The job may have previously timed out. attempt 1 of J ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (1 s) without renewing it
pending [] reserved [] delayed []
