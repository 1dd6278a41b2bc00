--TEST--
Rolling restarts while jobs flow on two pools of a balanced group, one on SIGHUP and one on restart(): one pool at a time, each pool with a worker in its loop at every 100 ms sample (no gap over 1 s), every worker replaced by a new pid, no job lost and none run twice
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../inc/supervisor_balance.inc';
[$qa, $qb] = ['sv054a', 'sv054b'];
fq_bal_clean($qa, $qb);

// A of 1 process, B of 2, pinned by their limits, so that only a restart changes a worker. The
// SIGHUP's restart replaces 3 workers; the third exit starts the second restart, by restart().
$c = fq_bal_child(['stop_timeout' => 20],
    ['g' => ['balance' => 'auto', 'max_processes' => 3, 'max_shift' => 1, 'cooldown' => 1]],
    ['A' => fq_bal_pool($qa, 1, ['group' => 'g', 'min_processes' => 1, 'max_processes' => 1]),
        'B' => fq_bal_pool($qb, 2, ['group' => 'g', 'min_processes' => 2, 'max_processes' => 2])],
    'if ($ev["event"] === "exited" && $n["exited"] === 3) { echo "restart() called\n"; $s->restart(); }');
echo count(fq_sup_wait_lines($c, '/^looping \d+$/m', 3, fq_sig_t(30))), " workers looping\n";
$first = fq_bal_looping($c->stdout());

// Jobs of 0.5 s, 3 always waiting on each queue so that every worker is always in a job (an
// old worker told to stop finishes one first), from 1 s before the SIGHUP until both restarts
// are over (6 old workers ended, 6 new ones in their loop) and 1 s more.
$ids = [$qa => [], $qb => []];
$hup = $over = null;
$samples = fq_bal_drive($c, fq_sig_t(60), function (float $t) use ($c, $qa, $qb, &$ids, &$hup, &$over) {
    foreach ([$qa, $qb] as $queue) {
        if (($top = 3 - fq_bal_pending($queue)) > 0) {
            array_push($ids[$queue], ...fq_bal_push($queue, $queue, count($ids[$queue]), $top, 0.5));
        }
    }
    if ($hup === null && $t >= 1) {
        $hup = $t;
        $c->signal(SIGHUP);
    }
    $out = $c->stdout();
    $exited = count(array_filter(fq_bal_events($out), fn($e) => $e['event'] === 'exited'));
    if ($over === null && $exited >= 6 && count(fq_bal_looping($out)) >= 9) {
        $over = $t;
    }
    return $over === null || $t - $over < 1;
});
echo $over !== null ? "both restarts ended\n" : "the restarts did not end\n";
// The last jobs run, then the fleet stops.
for ($until = fq_sig_now() + fq_sig_t(10); fq_sig_now() < $until && fq_bal_pending($qa) + fq_bal_pending($qb) > 0; usleep(50000));
usleep(300000);
$last = fq_bal_live($c->pid);
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(30));
echo fq_sig_status($r), "\n";
$events = fq_bal_events($r['stdout']);
$stop = array_search('stopping', array_column($events, 'event'), true);
$before = array_slice($events, 0, $stop === false ? count($events) : $stop);

echo substr_count($r['stdout'], "restart() called\n"), " restart() call\n";
$started = array_column(array_filter($before, fn($e) => $e['event'] === 'started'), 'pid');
$exits = array_filter($before, fn($e) => $e['event'] === 'exited');
echo count($started), " workers started, ", count($exits), " ended before the stop\n";
echo count(array_filter($exits, fn($e) => in_array($e['pid'], array_slice($started, 0, 6), true) && $e['status'] === 0
    && $e['delay'] === null)), " of the first 6 ended with 0, not replaced\n";
$lastPids = array_merge($last[$qa] ?? [], $last[$qb] ?? []);
sort($lastPids);
$newest = array_slice($started, 6);
sort($newest);
echo $lastPids === $newest ? "the workers at the end are the 3 started last\n"
    : 'at the end: ' . implode(' ', $lastPids) . '; started last: ' . implode(' ', $newest) . "\n";
echo array_intersect($lastPids, $first) ? "an old worker is still there\n" : "every pid is new\n";

// Each old worker gets SIGTERM once its replacement has run 1 s (its boot).
$startedAt = array_column(array_filter($before, fn($e) => $e['event'] === 'started'), 't', 'pid');
$early = $swaps = 0;
foreach ($before as $e) {
    if ($e['event'] === 'shrinking' && preg_match('/replaced by pid (\d+)/', $e['line'], $m)) {
        $swaps++;
        $early += $e['t'] - ($startedAt[(int) $m[1]] ?? INF) < 0.99;
    }
}
echo "$swaps old workers replaced, ", $early ? "$early before their replacement had run 1 s" : 'each after its replacement had run 1 s', "\n";

// One pool at a time: never both pools above their count (an old worker and its replacement).
$both = array_filter($samples, fn($s) => count($s[1][$qa] ?? []) > 1 && count($s[1][$qb] ?? []) > 2);
echo $both ? count($both) . " samples with both pools restarting\n" : "one pool at a time\n";
$above = [$qa => 0, $qb => 0];
foreach ($samples as $s) {
    $above[$qa] += count($s[1][$qa] ?? []) > 1;
    $above[$qb] += count($s[1][$qb] ?? []) > 2;
}
echo $above[$qa] && $above[$qb] ? "each pool ran one above its count while restarting\n" : "a pool never ran above its count\n";
// A pool runs one process above its count during its own restart, no more (an old worker
// finishing its job counts: it is a process).
foreach ([$qa => ['A', 1], $qb => ['B', 2]] as $queue => [$pool, $count]) {
    $most = max(array_map(fn($s) => count($s[1][$queue] ?? []), $samples));
    echo "$pool: ", $most <= $count + 1 ? "never more than its count and one" : "$most live workers at once, its count $count", "\n";
}
$most = max(array_map(fn($s) => count($s[1][$qa] ?? []) + count($s[1][$qb] ?? []), $samples));
echo $most <= 4 ? "never more than 4 live workers\n" : "$most live workers at once\n";
$seq = array_values(array_filter(array_column($before, 'restarting')));
$seq = array_values(array_filter($seq, fn($p, $i) => $i === 0 || $seq[$i - 1] !== $p, ARRAY_FILTER_USE_BOTH));
echo "restarting, in turn: ", count($seq) === 4 && count(array_unique($seq)) === 2 ? 'each pool twice' : implode(' ', $seq), "\n";
foreach ([$qa => 'A', $qb => 'B'] as $queue => $pool) {
    $gap = fq_bal_longest_gap($samples, $queue);
    echo "$pool: ", $gap <= 1.1 ? 'a worker in its loop at every sample, or within 1 s' : sprintf('none in its loop for %.2f s', $gap), "\n";
    if (fq_bal_verbose()) {
        printf("%s: longest gap %.2f s\n", $pool, $gap);
    }
    echo "$pool: ", fq_bal_account($queue, $ids[$queue]), "\n";
}
echo $r['stderr'];
fq_bal_clean($qa, $qb);
?>
--CLEAN--
<?php
require __DIR__ . '/../inc/supervisor_balance.inc';
if (fq_test_port()) {
    fq_bal_clean('sv054a', 'sv054b');
}
?>
--EXPECTF--
3 workers looping
both restarts ended
status 0
1 restart() call
9 workers started, 6 ended before the stop
6 of the first 6 ended with 0, not replaced
the workers at the end are the 3 started last
every pid is new
6 old workers replaced, each after its replacement had run 1 s
one pool at a time
each pool ran one above its count while restarting
A: never more than its count and one
B: never more than its count and one
never more than 4 live workers
restarting, in turn: each pool twice
A: a worker in its loop at every sample, or within 1 s
A: %d jobs, each run once
B: a worker in its loop at every sample, or within 1 s
B: %d jobs, each run once
