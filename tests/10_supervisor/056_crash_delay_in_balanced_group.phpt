--TEST--
A worker of a balanced group killed with kill -9, its replacements killed in turn: the restarts still wait 1 s, 2 s, 4 s, no other worker of its pool starts meanwhile, and the balancer keeps the pool's count (the crashed worker waiting for its delay counts toward it)
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
[$qa, $qb] = ['sv056a', 'sv056b'];
fq_bal_clean($qa, $qb);
// A backlog that keeps A at 3 of the 4 processes for the whole test.
fq_bal_push($qa, 'a', 0, 300, 0.5);
// Once the 4 workers have started: kill -9 the last of A, then each of its replacements as it
// starts, 3 times; the next replacement stops the fleet.
$c = fq_bal_child(['stop_timeout' => 20],
    ['g' => ['balance' => 'auto', 'strategy' => 'size', 'max_processes' => 4, 'max_shift' => 1, 'cooldown' => 1]],
    ['A' => fq_bal_pool($qa, 3, ['group' => 'g', 'min_processes' => 1, 'max_processes' => 3]),
        'B' => fq_bal_pool($qb, 1, ['group' => 'g', 'min_processes' => 1, 'max_processes' => 3])],
    <<<'PHP'
        static $kills = 0;
        if ($ev['event'] === 'started' && ($n['started'] === 4 || ($n['started'] > 4 && $ev['pool'] === 'A'))) {
            $pids = $s->status()['pools']['A']['pids'];
            if ($kills++ < 3) {
                echo "kill ", end($pids), "\n";
                posix_kill(end($pids), SIGKILL);
            } else {
                $s->stop();
            }
        }
        PHP);
$r = $c->wait(fq_sig_t(40));
echo fq_sig_status($r), "\n";
$events = fq_bal_events($r['stdout']);
$crashes = array_values(array_filter($events, fn($e) => $e['event'] === 'exited' && $e['delay'] !== null && $e['signal'] === 9));
$startsA = array_values(array_filter($events, fn($e) => $e['event'] === 'started' && $e['pool'] === 'A'));
$firstKill = $crashes[0]['t'] ?? INF;
$restarts = array_values(array_filter($startsA, fn($e) => $e['t'] > $firstKill));
foreach ($crashes as $i => $e) {
    echo "crash ", $i + 1, ": restart in {$e['delay']} s; ";
    $waited = isset($restarts[$i]) ? $restarts[$i]['t'] - $e['t'] : null;
    echo $waited === null ? "never restarted\n" : ($waited >= $e['delay'] - 0.01 ? "restarted after at least {$e['delay']} s\n"
        : sprintf("restarted after %.3f s, too soon\n", $waited));
}
echo count($restarts), " workers of A started after the first kill\n";
$targets = array_unique(array_map(fn($e) => json_encode($e['targets']), array_filter($events, fn($e) => $e['t'] >= $firstKill
    && !in_array($e['event'], ['stopping', 'stopped', 'exited'], true))));
echo "the counts after the first kill: ", implode(' ', $targets), "\n";
echo $r['stderr'];
fq_bal_clean($qa, $qb);
?>
--CLEAN--
<?php
require __DIR__ . '/../inc/supervisor_balance.inc';
if (fq_test_port()) {
    fq_bal_clean('sv056a', 'sv056b');
}
?>
--EXPECT--
status 0
crash 1: restart in 1 s; restarted after at least 1 s
crash 2: restart in 2 s; restarted after at least 2 s
crash 3: restart in 4 s; restarted after at least 4 s
3 workers of A started after the first kill
the counts after the first kill: {"A":3,"B":1}
