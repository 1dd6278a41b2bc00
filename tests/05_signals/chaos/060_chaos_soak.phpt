--TEST--
Chaos soak: up to 100,000 jobs (3,000 under valgrind or ASan; a machine too slow for that pace pushes fewer, at least 1,000) pushed by Laravel's own RedisQueue over two minutes are served by 3 FastQueue workers (prefetch 1, 8, 32) that reach redis-server (AOF, appendfsync always) through a TCP proxy, while workers are killed with SIGKILL and replaced, redis-server is killed and restarted twice, every proxied connection is dropped three times and black-holed twice for 3 s; every job runs, only jobs in flight at an event run twice, nothing is left in Redis, and the failed store holds just the jobs that failed on purpose
--EXTENSIONS--
fastqueue
posix
pcntl
--SKIPIF--
<?php
require __DIR__ . '/../../inc/config.inc';
require __DIR__ . '/../../inc/laravel.inc';
fq_skip_unless_redis();
fq_skip_unless_laravel();
?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading uninitialised memory, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/chaos_soak.inc';
// FASTQUEUE_CHAOS_SEED reproduces a run; bench/chaos-soak.php runs longer ones.
$seed = (int) (getenv('FASTQUEUE_CHAOS_SEED') ?: random_int(1, 1 << 30));
echo "seed $seed (progress lines follow on stderr)\n";
fwrite(STDERR, "progress: starting\n");
$ok = fq_chaos_soak($seed, fq_slow() ? 3000 : 100000, 20, fq_slow() ? 60 : 120, 6, 2, 3, 2, 3.0, $notes);
fwrite(STDERR, $notes);
?>
--EXPECTF--
seed %d (progress lines follow on stderr)
progress: starting
%A
%d jobs pushed by Laravel's RedisQueue: ok
events: 6 worker kills, 2 redis-server restarts, 3 connection drops, 2 black holes: ok
every job ran at least once: ok
no job left in the queue, :delayed or :reserved: ok
no other key left: ok
the failed store holds the jobs that failed on purpose, and only them: ok
no run of a job nobody pushed: ok
each job that ran twice was in flight at an event that hit its worker: ok
extra runs within what the events could cost: ok
no worker ended on its own; all stopped with 0 on SIGTERM: ok
seed %d: %A
