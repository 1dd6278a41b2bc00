--TEST--
Payload fuzzer, part 3 of 4: seeded random payloads (valid JSON of many shapes, attempts of every kind, then truncated, with bytes, invalid UTF-8 or NUL inserted, empty, one byte, megabytes) pushed raw as any producer might, through the worker (200,000 per run over the 4 parts; FASTQUEUE_FUZZ_N, FASTQUEUE_FUZZ_SEED) and through pop(): each one runs with attempts counted as Laravel counts them and every other byte kept, or is failed with a PayloadException record that holds it byte for byte; none is lost, run twice or left behind
--ENV--
TEST_TIMEOUT=600
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/fuzz.inc';
fq_fuzz_run('fuzz082');
?>
--CLEAN--
<?php
require __DIR__ . '/../../inc/config.inc';
fq_clean('fuzz082');
// A part that died leaves failed records (megabytes some) that would reach other tests.
try {
    fq_queue()->flushFailed();
} catch (Throwable) {
}
?>
--EXPECTF--
seed %d (FASTQUEUE_FUZZ_SEED=%d reproduces this part)
pop(): %d payloads, each a job reserved as expected, or not a job
worker: %d payloads, lost 0, run twice 0
left in Redis: 0
problems: none
%A
