--TEST--
A Redis outage under a balanced group: while redis-server is down no pool's count changes (no worker shrunk) and the log says so once; when it is back the figures are read again, said once, and the fleet stops with 0
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
// A server of the test's own, kept on disk: it is killed and started again with its jobs.
$aof = ['--appendonly', 'yes', '--appendfsync', 'always'];
[$port, $pid] = fq_private_redis('sv053', $aof);
$q = new FastQueue\RedisQueue(['port' => $port]);
[$qa, $qb] = ['sv053a', 'sv053b'];

// A backlog on A that lasts the whole test: the balancer gives A all but B's minimum. Read as
// empty during the outage, it would take them back.
fq_bal_push($qa, 'a', 0, 400, 0.5, $q);
$c = fq_bal_child(['stop_timeout' => 20],
    ['g' => ['balance' => 'auto', 'strategy' => 'size', 'max_processes' => 6, 'max_shift' => 1, 'cooldown' => 1]],
    ['A' => fq_bal_pool($qa, 1, ['group' => 'g', 'min_processes' => 1, 'max_processes' => 6]),
        'B' => fq_bal_pool($qb, 5, ['group' => 'g', 'min_processes' => 1, 'max_processes' => 6])],
    '', ['FASTQUEUE_TEST_REDIS_PORT' => (string) $port]);
$counts = function () use ($c): string {
    $events = fq_bal_events($c->stdout());
    $last = end($events) ?: ['targets' => []];
    return sprintf('A %d, B %d', $last['targets']['A'] ?? -1, $last['targets']['B'] ?? -1);
};
for ($until = fq_sig_now() + fq_sig_t(30); fq_sig_now() < $until && $counts() !== 'A 5, B 1'; usleep(50000));
echo "before the outage: ", $counts(), "\n";
usleep(500000);

$from = count(fq_bal_events($c->stdout()));
fq_stop_redis($pid, SIGKILL);
// Three cooldowns and more without Redis.
fq_bal_drive($c, 4.0, fn() => true);
$during = array_slice(fq_bal_events($c->stdout()), $from);
echo "during the outage: ", $counts(), "\n";
// A worker's job may fail on the lost connection and its worker be replaced: no count moves.
$moves = array_filter($during, fn($e) => $e['event'] === 'shrinking' || $e['targets'] !== ['A' => 5, 'B' => 1]);
echo $moves ? count($moves) . " events with a count moved or a worker shrunk during the outage\n" : "no count moved, no worker shrunk\n";
$said = fq_bal_kind($during, 'figures');
echo count($said) === 1 ? "the outage said once\n" : count($said) . " lines on the outage: " . implode(' | ', array_column($said, 'line')) . "\n";

$from = count(fq_bal_events($c->stdout()));
fq_restart_redis('sv053', $port, $aof);
fq_bal_drive($c, 4.0, fn() => true);
$back = fq_bal_kind(array_slice(fq_bal_events($c->stdout()), $from), 'figures');
echo count($back) === 1 ? "its end said once\n" : count($back) . " lines on its end: " . implode(' | ', array_column($back, 'line')) . "\n";
echo "after the outage: ", $counts(), "\n";
if (fq_bal_verbose()) {
    echo "said: ", implode(' | ', array_column(array_merge($said, $back), 'line')), "\n";
}

$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(30));
echo fq_sig_status($r), "\n";
fq_stop_tracked('sv053');
?>
--CLEAN--
<?php
require __DIR__ . '/../../inc/errors.inc';
fq_stop_tracked('sv053');
?>
--EXPECT--
before the outage: A 5, B 1
during the outage: A 5, B 1
no count moved, no worker shrunk
the outage said once
its end said once
after the outage: A 5, B 1
status 0
