--TEST--
A burst of jobs on pool A of a balanced group ('auto' by size, 6 processes, max_shift 1, cooldown 1 s) while pool B has steady work: processes move from B to A at most one per pool per cooldown, no pool below its minimum, never over the budget; A gets most of the budget while its backlog lasts, the counts come back after it, and every job runs once
--ENV--
TEST_TIMEOUT=180
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
[$qa, $qb] = ['sv050a', 'sv050b'];
fq_bal_clean($qa, $qb);

// B's steady work: a backlog of 30 short jobs, kept there by the test. A's queue is empty.
$idsB = fq_bal_push($qb, 'b', 0, 30, 0.1);
$c = fq_bal_child(['stop_timeout' => 20],
    ['g' => ['balance' => 'auto', 'strategy' => 'size', 'max_processes' => 6, 'max_shift' => 1, 'cooldown' => 1]],
    ['A' => fq_bal_pool($qa, 1, ['group' => 'g', 'min_processes' => 1, 'max_processes' => 6]),
        'B' => fq_bal_pool($qb, 5, ['group' => 'g', 'min_processes' => 1, 'max_processes' => 6])]);
echo count(fq_sup_wait_lines($c, '/^looping \d+$/m', 6, fq_sig_t(30))), " workers looping\n";

$idsA = [];
$burst = $drained = $back = null;
$before = '?';
$samples = fq_bal_drive($c, fq_sig_t(90), function (float $t) use ($c, $qa, $qb, &$idsA, &$idsB, &$burst, &$drained, &$back, &$before) {
    if (($top = 30 - fq_bal_pending($qb)) > 0) {
        array_push($idsB, ...fq_bal_push($qb, 'b', count($idsB), $top, 0.1));
    }
    $events = fq_bal_events($c->stdout());
    $last = end($events) ?: ['targets' => []];
    $counts = fn() => sprintf('A %d, B %d', $last['targets']['A'] ?? -1, $last['targets']['B'] ?? -1);
    if ($burst === null && $t >= 3) {
        $before = $counts();
        $burst = microtime(true);
        $idsA = fq_bal_push($qa, 'a', 0, 500, 0.1);
    } elseif ($burst !== null && $drained === null && fq_bal_pending($qa) === 0) {
        $drained = microtime(true);
    } elseif ($drained !== null) {
        // Back when A is at its minimum again and B has the rest, for 1.5 s.
        $back = $counts() === 'A 1, B 5' ? ($back ?? microtime(true)) : null;
        return $back === null || microtime(true) - $back < 1.5;
    }
    return true;
});
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(30));
echo fq_sig_status($r), "\n";
$events = fq_bal_events($r['stdout']);

echo "before the burst: $before\n";
$breaches = fq_bal_limit_breaches($events, ['A' => 1, 'B' => 1], 6, 1, 1.0);
echo $breaches ? implode("\n", $breaches) . "\n" . fq_bal_show_targets($events) . "\n" : "the limits were kept\n";
$seq = fq_bal_targets($events);
$aDuring = array_filter($seq['A'] ?? [], fn($x) => $x[0] >= $burst && $x[0] <= ($drained ?? INF));
$peak = max(array_column($aDuring, 1) ?: [0]);
echo $peak >= 4 ? "A got most of the budget during the burst\n" : "A rose to $peak only\n" . fq_bal_show_targets($events) . "\n";
echo $drained !== null ? "A's backlog drained\n" : "A's backlog never drained\n";
echo $back !== null ? "the counts came back: A 1, B 5\n" : "the counts did not come back\n" . fq_bal_show_targets($events) . "\n";

// Seen from outside: no more processes than the budget, plus one whose job ends as another
// starts; each pool with a live worker at every sample.
$most = max(array_map(fn($s) => count($s[1][$qa] ?? []) + count($s[1][$qb] ?? []), $samples));
echo $most <= 7 ? "never more than 7 live workers\n" : "$most live workers at once\n";
$empty = array_filter($samples, fn($s) => empty($s[1][$qa]) || empty($s[1][$qb]));
echo $empty ? count($empty) . " samples with a pool without a live worker\n" : "each pool always had a live worker\n";
echo "A: ", fq_bal_account($qa, $idsA), "\n";
echo "B: ", fq_bal_account($qb, $idsB, true), "\n";
echo $r['stderr'];
fq_bal_clean($qa, $qb);
?>
--CLEAN--
<?php
require __DIR__ . '/../../inc/supervisor_balance.inc';
if (fq_test_port()) {
    fq_bal_clean('sv050a', 'sv050b');
}
?>
--EXPECT--
6 workers looping
status 0
before the burst: A 1, B 5
the limits were kept
A got most of the budget during the burst
A's backlog drained
the counts came back: A 1, B 5
never more than 7 live workers
each pool always had a live worker
A: 500 jobs, each run once
B: every job started ran once, the rest pending
