--TEST--
Reply fuzzer, queue and jobs: against a server that answers from a seed with malformed and unexpected replies (every RESP2 and RESP3 type, wrong nesting, lengths that lie, errors anywhere, MOVED and ASK to nowhere, cut connections), every method of RedisQueue and Job ends with a value or a FastQueue\Exception: no crash, hang, warning or Error (FASTQUEUE_REPLY_FUZZ_SEED, FASTQUEUE_REPLY_FUZZ_SECONDS)
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
fq_reply_fuzz_run('queue');
?>
--EXPECT--
reply fuzzer (queue): every call returned or threw a FastQueue\Exception
