--TEST--
Deaths inside a job (a fatal error, exit(), out of memory, SIGSEGV, a segfault through FFI), prefetch 1: the job stays reserved with attempts 1 until retry_after after its reserve, the next job stays pending untouched; after retry_after a new worker runs the job again with attempts 2, and every job has run, none twice, nothing left
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php
require __DIR__ . '/../../inc/config.inc';
fq_skip_unless_redis();
// Checked here, not under --EXTENSIONS--: run-tests of PHP 8.4 does not find FFI by that name.
if (!extension_loaded('FFI')) {
    die('skip FFI needed (php8.x-common ships it)');
}
?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading uninitialised memory, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/deaths.inc';
// timeout 0: no alarm of the worker's may strike before the fatal error, whose 1 s of CPU time
// takes several seconds on a loaded machine (the other workers side by side, valgrind).
$wopts = ['sleep' => 0.1, 'tries' => 3, 'timeout' => 0, 'timeout_grace' => 0.5];
fq_death_first_run('sg050', ['K', 'K-next'], $wopts, 2);
fq_death_recovery('sg050', $wopts, 2);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/deaths.inc'; if (fq_test_port()) fq_death_clean('sg050'); ?>
--EXPECTF--
fatal: ended as expected
looping
start fatal attempts=1
fatal: pending [fatal-next:0] reserved [fatal:1] delayed []
fatal: reservations end retry_after after the reserve
memory: ended as expected
looping
start memory attempts=1
memory: pending [memory-next:0] reserved [memory:1] delayed []
memory: reservations end retry_after after the reserve
exit: ended as expected
looping
start exit attempts=1
exit: pending [exit-next:0] reserved [exit:1] delayed []
exit: reservations end retry_after after the reserve
sigsegv: ended as expected
looping
start sigsegv attempts=1
sigsegv: pending [sigsegv-next:0] reserved [sigsegv:1] delayed []
sigsegv: reservations end retry_after after the reserve
ffi: ended as expected
looping
start ffi attempts=1
ffi: pending [ffi-next:0] reserved [ffi:1] delayed []
ffi: reservations end retry_after after the reserve
recovery: status 0
looping
start fatal attempts=2
end fatal
start fatal-next attempts=1
end fatal-next
start memory attempts=2
end memory
start memory-next attempts=1
end memory-next
start exit attempts=2
end exit
start exit-next attempts=1
end exit-next
start sigsegv attempts=2
end sigsegv
start sigsegv-next attempts=1
end sigsegv-next
start ffi attempts=2
end ffi
start ffi-next attempts=1
end ffi-next
event stopping 0
daemon returned 0
FastQueue: attempt 1 of J ended its worker: Maximum execution time of 1 second exceeded in %s:10
FastQueue: attempt 1 of J ended its worker: Allowed memory size of 33554432 bytes exhausted (tried to allocate %d bytes) in %s:11
FastQueue: attempt 1 of J ended its worker: the job called exit(7)
FastQueue: attempt 1 of J ended its worker: the worker died by signal SIGSEGV (a segmentation fault)
FastQueue: attempt 1 of J ended its worker: the worker died by signal SIGSEGV (a segmentation fault)
fatal: pending [] reserved [] delayed [], failed []
memory: pending [] reserved [] delayed [], failed []
exit: pending [] reserved [] delayed [], failed []
sigsegv: pending [] reserved [] delayed [], failed []
ffi: pending [] reserved [] delayed [], failed []