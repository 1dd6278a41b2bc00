<?php
// The chaos soak (tests/inc/chaos_soak.inc) at any size, for long local runs: jobs pushed by
// Laravel's own RedisQueue, 3 FastQueue workers (prefetch 1, 8, 32) behind a TCP proxy, and
// worker kills, redis-server restarts (AOF, appendfsync always), connection drops and black
// holes at random moments; then every job is accounted for. Test 05/060 is the CI version.
//
//   php -d extension=modules/fastqueue.so bench/chaos-soak.php [--jobs N] [--minutes M] [--seed S]
//
// Defaults: up to 1,000,000 jobs pushed over 15 minutes (fewer where the machine cannot keep
// that pace), with events in proportion (per minute: 2 worker kills, 1 connection drop; 2
// redis-server restarts and 2 black holes of 3 s in all, at least). Exits 1 when a check
// failed; the seed reproduces the run.
declare(strict_types=1);

require __DIR__ . '/../tests/inc/chaos_soak.inc';

$o = getopt('', ['jobs:', 'minutes:', 'seed:']);
$n = (int) ($o['jobs'] ?? 1000000);
$minutes = (float) ($o['minutes'] ?? 15);
$seed = (int) ($o['seed'] ?? random_int(1, 1 << 30));
if ($n < 100 || $minutes <= 0) {
    fwrite(STDERR, "usage: php -d extension=modules/fastqueue.so bench/chaos-soak.php [--jobs N] [--minutes M] [--seed S]\n");
    exit(2);
}
$kills = max(6, (int) round(2 * $minutes));
$drops = max(3, (int) round($minutes));
$restarts = max(2, (int) round($minutes / 5));
$holes = max(2, (int) round($minutes / 5));
echo "seed $seed: $n jobs over $minutes min; $kills kills, $restarts restarts, $drops drops, $holes black holes\n";
$ok = fq_chaos_soak($seed, $n, 20, $minutes * 60, $kills, $restarts, $drops, $holes, 3.0, $notes);
echo $notes;
exit($ok ? 0 : 1);
