--TEST--
Reply fuzzer, discovery: the fake server of 190 as a Redis Cluster's seed (CLUSTER SLOTS, MOVED, ASK) and as a sentinel (SENTINEL get-master-addr-by-name, ROLE), seeds in turn; the queue's and jobs' methods and short worker runs end with a value or a FastQueue\Exception: no crash, hang, warning or Error
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
fq_reply_fuzz_run('topology');
?>
--EXPECT--
reply fuzzer (topology): every call returned or threw a FastQueue\Exception
