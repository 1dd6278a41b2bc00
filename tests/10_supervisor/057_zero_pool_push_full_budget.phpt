--TEST--
A push to a pool at zero while its group's budget is spent by a busy pool: a process starts within 1 s all the same, taken from the busy pool (its newest worker finishes its job and ends), and the group stays within its budget
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
[$qf, $qz] = ['sv057f', 'sv057z'];
fq_bal_clean($qf, $qz);
// F has 2 of the 2 processes and a backlog that keeps them; Z is at zero. The cooldown is long
// enough that no balancing turn comes between the push and its start.
$idsF = fq_bal_push($qf, 'f', 0, 20, 0.2);
$c = fq_bal_child(['stop_timeout' => 20],
    ['g' => ['balance' => 'auto', 'max_processes' => 2, 'max_shift' => 1, 'cooldown' => 10]],
    ['F' => fq_bal_pool($qf, 2, ['group' => 'g', 'min_processes' => 1, 'max_processes' => 2]),
        'Z' => fq_bal_pool($qz, 0, ['group' => 'g', 'min_processes' => 0, 'max_processes' => 1])]);
echo count(fq_sup_wait_lines($c, '/^looping \d+$/m', 2, fq_sig_t(30))), " workers looping\n";

$pushed = null;
$idsZ = [];
fq_bal_drive($c, fq_sig_t(15), function (float $t) use ($c, $qf, $qz, &$idsF, &$idsZ, &$pushed) {
    if (($top = 20 - fq_bal_pending($qf)) > 0) {
        array_push($idsF, ...fq_bal_push($qf, 'f', count($idsF), $top, 0.2));
    }
    if ($pushed === null && $t >= 1) {
        $pushed = microtime(true);
        $idsZ = fq_bal_push($qz, 'z', 0, 1, 0.2);
    }
    return $pushed === null || !fq_raw()->cmd('HGET', "svb:$qz:end", 'z-0');
});
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(30));
echo fq_sig_status($r), "\n";
$events = fq_bal_events($r['stdout']);
$startZ = array_values(array_filter($events, fn($e) => $e['event'] === 'started' && $e['pool'] === 'Z'));
$latency = $startZ ? $startZ[0]['t'] - $pushed : INF;
echo $latency <= 1.0 + (fq_slow() ? 2.0 : 1.0) ? "Z started within 1 s of the push\n" : sprintf("Z started %.3f s after the push\n", $latency);
if (fq_bal_verbose()) {
    printf("push to start %.3f s\n", $latency);
}
$shrunk = array_filter($events, fn($e) => $e['event'] === 'shrinking' && $e['pool'] === 'F' && $e['t'] <= ($startZ[0]['t'] ?? 0) + 0.5);
echo $shrunk ? "F gave up a worker for it\n" : "F kept its workers\n";
$stop = array_search('stopping', array_column($events, 'event'), true);
$breaches = fq_bal_limit_breaches(array_slice($events, 0, $stop === false ? count($events) : $stop), ['F' => 1, 'Z' => 0], 2, 1, 10.0);
echo $breaches ? implode("\n", $breaches) . "\n" : "the limits were kept\n";
echo "Z: ", fq_bal_account($qz, $idsZ), "\n";
echo "F: ", fq_bal_account($qf, $idsF, true), "\n";
echo $r['stderr'];
fq_bal_clean($qf, $qz);
?>
--CLEAN--
<?php
require __DIR__ . '/../inc/supervisor_balance.inc';
if (fq_test_port()) {
    fq_bal_clean('sv057f', 'sv057z');
}
?>
--EXPECT--
2 workers looping
status 0
Z started within 1 s of the push
F gave up a worker for it
the limits were kept
Z: 1 jobs, each run once
F: every job started ran once, the rest pending
