--TEST--
Malformed replies lose nothing: 3 producers (push and later) and 2 workers (prefetch 1 and 32; some jobs release or fail themselves), with a reader of size() and failed(), reach redis-server through a proxy that damages 2% of its replies (cut mid-reply, a bad type byte or length, a length longer than what follows, garbage between replies, a well-formed reply of another kind, a stall); once the damage ends and the workers drain and stop, every job pushed is in exactly one place (pending, delayed, reserved, failed) or ran to its end exactly once, and no process crashed
--EXTENSIONS--
fastqueue
posix
pcntl
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading uninitialised memory, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/corrupt.inc';
// FASTQUEUE_CHAOS_SEED reproduces the proxy's choices and the producers' (the timing is the machine's).
$seed = (int) (getenv('FASTQUEUE_CHAOS_SEED') ?: random_int(1, 1 << 30));
echo "seed $seed\n";
$ok = fq_corrupt_run($seed, 0.02, 3, fq_slow() ? 10 : 8, $notes);
fwrite(STDERR, $notes);
if (!$ok) {
    echo "replay with FASTQUEUE_CHAOS_SEED=$seed\n";
}
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('sg070'); ?>
--EXPECTF--
seed %d
jobs pushed for sure: ok
replies damaged: ok
no push, size() or failed() gave anything but a result, a ConnectionException or a RedisException: ok
the queue drained once the damage ended: ok
every job pushed for sure (or that ran) is in a key, failed or ran: ok
no job is in two places: ok
no job ran more often than its kind and its retries explain: ok
only the jobs that fail themselves are failed, and none of them ran to its end: ok
no job nobody pushed: ok
each job pushed for sure has the id push() returned: ok
no process ended before it was told to: ok
producers and workers ended with 0: ok
the reader of size() and failed() ended with 0 when told to: ok
nothing on stderr but FastQueue's own notes: ok
seed %d: %A
