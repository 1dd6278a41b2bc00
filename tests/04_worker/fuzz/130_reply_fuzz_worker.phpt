--TEST--
Reply fuzzer, worker: against the fake server of 03/190, daemon() with prefetch 1 and 32 (max_jobs, max_time, stop_when_empty), runNextJob(), the lease thread (lease_renewal, jobs past a renewal) and the metrics' publication (metrics_publish every 0.1 s), with every accessor of the jobs it makes: each run ends with a status or a FastQueue\Exception: no crash, hang, warning or Error (FASTQUEUE_REPLY_FUZZ_SEED)
--ENV--
TEST_TIMEOUT=300
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php if (!extension_loaded('fastqueue')) die('skip fastqueue extension not loaded'); ?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading past its subject, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/reply_fuzz.inc';
fq_reply_fuzz_run('worker');
?>
--EXPECT--
reply fuzzer (worker): every call returned or threw a FastQueue\Exception
