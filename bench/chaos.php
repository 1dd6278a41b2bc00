<?php
// The chaos test at any size, for long local runs: workers with prefetch are killed with
// SIGKILL at random moments while they serve a queue, and every job is accounted for.
//
//   php -d extension=modules/fastqueue.so bench/chaos.php PORT [JOBS] [KILLS] [PREFETCH] [TRIES] [SEED]
//
// PORT is a redis-server of your own (its keys under the prefix "chaos:" are used). Defaults:
// 20000 jobs, 40 kills, prefetch 32, tries 1. It exits 1 when a job was lost or a kill cost
// more than the one job in flight.
$port = (int) ($argv[1] ?? 0);
if ($port <= 0) {
    fwrite(STDERR, "usage: php -d extension=modules/fastqueue.so bench/chaos.php PORT [JOBS] [KILLS] [PREFETCH] [TRIES] [SEED]\n");
    exit(2);
}
putenv("FASTQUEUE_TEST_REDIS_PORT=$port");
// The workers load modules/fastqueue.so of this checkout (FASTQUEUE_TEST_EXTENSION overrides).
require __DIR__ . '/../tests/inc/chaos.inc';
[$n, $kills, $prefetch, $tries] = [(int) ($argv[2] ?? 20000), (int) ($argv[3] ?? 40), (int) ($argv[4] ?? 32), (int) ($argv[5] ?? 1)];
$seed = (int) ($argv[6] ?? random_int(1, 1 << 30));
$r = fq_chaos('chaos', ['prefix' => 'chaos:', 'retry_after' => 3],
    ['prefetch' => $prefetch, 'tries' => $tries, 'timeout' => 1, 'timeout_grace' => 0.5, 'sleep' => 0.05],
    $n, $kills, 2, 2000, $seed);
$a = fq_chaos_account($r);
printf("seed %d: %d jobs, prefetch %d, tries %d, %d kills in %.1f s\n", $seed, $n, $prefetch, $tries, $r['kills'], $r['seconds']);
printf("never ran nor failed: %d; extra runs: %d; failed: %d (of which never completed: %d); left in Redis: %d\n",
    $a['missing'], $a['extra_runs'], $a['failed'], $a['failed_unrun'], $r['left']);
$ok = $a['missing'] === 0 && $r['left'] === 0 && $a['failed'] + $a['extra_runs'] <= $r['kills'];
echo $ok ? "ok: each kill cost at most the job in flight\n" : "FAILED\n";
exit($ok ? 0 : 1);
