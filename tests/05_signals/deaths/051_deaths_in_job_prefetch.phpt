--TEST--
Deaths inside a job with prefetch 3 (a fatal error, exit(), out of memory, SIGSEGV, a segfault through FFI): the job before it is acknowledged; the job stays reserved with attempts 1 until retry_after after the reserve; the prefetched job behind it is handed back untouched when PHP still shuts down, else stays reserved uncharged; after retry_after a new worker runs the job with attempts 2 and the rest once, in their order
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
// retry_after 5 leaves room for a run (1 s for a job without timeout + grace 0.5 + 1 s of
// rounding): the worker really prefetches (else it says "prefetch 3 unused"), three jobs per
// reserve, and the fourth is reserved ahead (overlap) as the first batch starts. Expired, the
// reservations come back in the order they were made, the overlapped batch's after the first's. A prefetched job starts only while its reservation
// outlasts a run, else the worker hands the rest back and reserves anew, which would change
// what is reserved at the death: under valgrind, where the job before may take that long, the
// reservation is longer.
$retryAfter = fq_slow() ? 15 : 5;
$wopts = ['sleep' => 0.1, 'tries' => 3, 'timeout' => 0, 'timeout_grace' => 0.5, 'prefetch' => 3];
fq_death_first_run('sg051', ['K-before', 'K', 'K-after1', 'K-after2'], $wopts, $retryAfter);
fq_death_recovery('sg051', ['prefetch' => 1] + $wopts, $retryAfter);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/deaths.inc'; if (fq_test_port()) fq_death_clean('sg051'); ?>
--EXPECTF--
fatal: ended as expected
looping
start fatal-before attempts=1
end fatal-before
start fatal attempts=1
fatal: pending [fatal-after1:0 fatal-after2:0] reserved [fatal:1] delayed []
fatal: reservations end retry_after after the reserve
memory: ended as expected
looping
start memory-before attempts=1
end memory-before
start memory attempts=1
memory: pending [memory-after1:0 memory-after2:0] reserved [memory:1] delayed []
memory: reservations end retry_after after the reserve
exit: ended as expected
looping
start exit-before attempts=1
end exit-before
start exit attempts=1
exit: pending [exit-after1:0 exit-after2:0] reserved [exit:1] delayed []
exit: reservations end retry_after after the reserve
sigsegv: ended as expected
looping
start sigsegv-before attempts=1
end sigsegv-before
start sigsegv attempts=1
sigsegv: pending [] reserved [sigsegv-after1:0 sigsegv-after2:0 sigsegv:1] delayed []
sigsegv: reservations end retry_after after the reserve
ffi: ended as expected
looping
start ffi-before attempts=1
end ffi-before
start ffi attempts=1
ffi: pending [] reserved [ffi-after1:0 ffi-after2:0 ffi:1] delayed []
ffi: reservations end retry_after after the reserve
recovery: status 0
looping
start fatal attempts=2
end fatal
start fatal-after1 attempts=1
end fatal-after1
start fatal-after2 attempts=1
end fatal-after2
start memory attempts=2
end memory
start memory-after1 attempts=1
end memory-after1
start memory-after2 attempts=1
end memory-after2
start exit attempts=2
end exit
start exit-after1 attempts=1
end exit-after1
start exit-after2 attempts=1
end exit-after2
start sigsegv attempts=2
end sigsegv
start sigsegv-after1 attempts=1
end sigsegv-after1
start sigsegv-after2 attempts=1
end sigsegv-after2
start ffi attempts=2
end ffi
start ffi-after1 attempts=1
end ffi-after1
start ffi-after2 attempts=1
end ffi-after2
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