--TEST--
A steady load keeps a steady process count (long: 60 s): jobs flow at a constant rate on two pools of a balanced group ('auto' by time, 6 processes, max_shift 1, cooldown 1 s); after 20 s of warm-up, for 40 s, no pool's count goes up then down then up again (or down, up, down), none moves more than twice, the queues are served, and every job runs once
--ENV--
TEST_TIMEOUT=300
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/supervisor_balance.inc';
[$qa, $qb] = ['sv051a', 'sv051b'];
fq_bal_clean($qa, $qb);
$c = fq_bal_child(['stop_timeout' => 20],
    ['g' => ['balance' => 'auto', 'strategy' => 'time', 'max_processes' => 6, 'max_shift' => 1, 'cooldown' => 1]],
    ['A' => fq_bal_pool($qa, 1, ['group' => 'g', 'min_processes' => 1, 'max_processes' => 6]),
        'B' => fq_bal_pool($qb, 1, ['group' => 'g', 'min_processes' => 1, 'max_processes' => 6])]);
echo count(fq_sup_wait_lines($c, '/^looping \d+$/m', 2, fq_sig_t(30))), " workers looping\n";

// 30 jobs of 0.1 s a second on A (the work of 3 processes) and 10 on B (of 1), in even steps.
$warmup = 20.0;
$ids = [$qa => [], $qb => []];
$warm = null;
$worst = [$qa => 0, $qb => 0];
fq_bal_drive($c, 60.0, function (float $t) use ($qa, $qb, $warmup, &$ids, &$warm, &$worst) {
    array_push($ids[$qa], ...fq_bal_push($qa, 'a', count($ids[$qa]), 3, 0.1));
    array_push($ids[$qb], ...fq_bal_push($qb, 'b', count($ids[$qb]), 1, 0.1));
    if ($t >= $warmup) {
        $warm ??= microtime(true);
        foreach ($worst as $queue => $n) {
            $worst[$queue] = max($n, fq_bal_pending($queue));
        }
    }
    return true;
});
for ($until = fq_sig_now() + fq_sig_t(20); fq_sig_now() < $until && fq_bal_pending($qa) + fq_bal_pending($qb) > 0; usleep(50000));
usleep(500000);
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(30));
echo fq_sig_status($r), "\n";
$events = fq_bal_events($r['stdout']);
$stop = array_search('stopping', array_column($events, 'event'), true);
$events = array_slice($events, 0, $stop === false ? count($events) : $stop);

$breaches = fq_bal_limit_breaches($events, ['A' => 1, 'B' => 1], 6, 1, 1.0);
echo $breaches ? implode("\n", $breaches) . "\n" : "the limits were kept\n";
foreach (fq_bal_targets($events) as $pool => $seq) {
    // The count at the end of the warm-up, then each move after it, to the last job pushed.
    $before = array_filter($seq, fn($x) => $x[0] < $warm);
    $after = array_filter($seq, fn($x) => $x[0] >= $warm && $x[0] < $warm + 40);
    $counts = array_merge([end($before)[1] ?? $seq[0][1]], array_column($after, 1));
    $reversals = fq_bal_reversals($counts);
    echo "$pool: ", $reversals <= 1 && count($after) <= 2 ? 'steady' : 'oscillated', " after the warm-up\n";
    if (fq_bal_verbose() || $reversals > 1 || count($after) > 2) {
        echo "$pool: ", implode(' ', $counts), " ($reversals reversals)\n";
    }
}
if (fq_bal_verbose()) {
    echo fq_bal_show_targets($events), "\n";
}
foreach ([$qa => 'A', $qb => 'B'] as $queue => $pool) {
    // At most 2 s of its flow waiting, at any sample after the warm-up.
    echo "$pool: ", $worst[$queue] <= ($queue === $qa ? 60 : 20) ? 'served' : "{$worst[$queue]} jobs waiting at once", "\n";
    echo "$pool: ", fq_bal_account($queue, $ids[$queue]), "\n";
}
echo $r['stderr'];
fq_bal_clean($qa, $qb);
?>
--CLEAN--
<?php
require __DIR__ . '/../../inc/supervisor_balance.inc';
if (fq_test_port()) {
    fq_bal_clean('sv051a', 'sv051b');
}
?>
--EXPECTF--
2 workers looping
status 0
the limits were kept
A: steady after the warm-up
B: steady after the warm-up
A: served
A: %d jobs, each run once
B: served
B: %d jobs, each run once
