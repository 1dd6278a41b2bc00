--TEST--
Registry: three supervisors of one name standing for three hosts share a group's budget of 9 (3 each); one killed with kill -9 takes its workers with it, and its share goes to the two others within the promised heartbeats: 5 to the first host name in byte order, 4 to the other, as their records in Redis show
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../inc/supervisor_registry.inc';
$p = 'sv032_';
$hb = 0.5;
$cooldown = 0.5;
fq_reg_clean($p);
fq_clean('sv032', $p);
// A backlog that nobody takes: the workers are plain processes.
$q = fq_queue(['prefix' => $p]);
for ($i = 0; $i < 50; $i++) {
    $q->push('job', (string) $i, 'sv032');
}
$groups = ['g' => ['balance' => 'simple', 'max_processes' => 9, 'shared' => true, 'max_shift' => 9, 'cooldown' => $cooldown]];
$pools = ['work' => [['sleep', '60'], 3, ['group' => 'g', 'queues' => ['sv032'], 'min_processes' => 1, 'max_processes' => 9]]];
$sup = [];
foreach (['host-a', 'host-b', 'host-c'] as $host) {
    $sup[$host] = fq_reg_child($p, ['name' => 'fleet', 'host' => $host, 'heartbeat' => $hb], $groups, $pools);
}

// Each record once it shows a share of $budget among $hosts, with that many workers running.
$shares = function (array $want) use ($p, &$sup): ?array {
    $got = [];
    foreach ($want as $host => [$budget, $hosts]) {
        $r = fq_reg_record($p, 'fleet', $host);
        // (A claim not yet followed by its first heartbeat has no groups.)
        $g = $r['groups']['g'] ?? null;
        if (!$r || $r['pid'] !== $sup[$host]->pid || !$g || $g['budget'] !== $budget || $g['hosts'] !== $hosts
            || count($r['pools']['work']['pids']) !== $budget) {
            return null;
        }
        $got[$host] = $r;
    }
    return $got;
};
$show = function (array $records) use (&$sup): void {
    foreach ($records as $host => $r) {
        printf("%s: budget %d of %d, hosts %d, workers %d (running: %d)\n", $host, $r['groups']['g']['budget'],
            $r['groups']['g']['max_processes'], $r['groups']['g']['hosts'], count($r['pools']['work']['pids']),
            count(fq_reg_children($sup[$host]->pid)));
    }
};
$records = fq_reg_until(fn() => $shares(['host-a' => [3, 3], 'host-b' => [3, 3], 'host-c' => [3, 3]]), fq_sig_t(30));
if (!$records) {
    foreach ($sup as $host => $c) {
        echo "$host: ", json_encode(fq_reg_record($p, 'fleet', $host)), "\n", $c->stdout(), $c->stderr();
    }
}
$show($records);

$dead = $records['host-b']['pools']['work']['pids'];
$t = fq_sig_now();
$sup['host-b']->signal(SIGKILL);
echo "host-b: ", fq_sig_status($sup['host-b']->wait(fq_sig_t(5))), "\n";
echo "its workers: ", fq_sup_wait_gone($dead, fq_sig_t(2)) ? 'still alive' : 'gone', "\n";
unset($sup['host-b']);

$records = fq_reg_until(fn() => $shares(['host-a' => [5, 2], 'host-c' => [4, 2]]), fq_sig_t(30));
$took = fq_sig_now() - $t;
$show($records ?: []);
// Its record lives three heartbeats from its last one (at most one heartbeat before the kill),
// so not before two; the others count it out at their next heartbeat (four in all), balance at
// once (within the cooldown at most), and their records show it at the heartbeat after: five
// heartbeats and the cooldown, and a second for a busy machine.
fq_sig_time('share taken over', $took, 2 * $hb, 5 * $hb + $cooldown + 1.0);
echo "members: ", json_encode(fq_reg_members($p)), "\n";

foreach ($sup as $host => $c) {
    $c->signal(SIGTERM);
    echo "$host: ", fq_sig_status($c->wait(fq_sig_t(20))), "\n";
}
echo "members after the stops: ", json_encode(fq_reg_members($p)), "\n";
fq_clean('sv032', $p);
fq_reg_clean($p);
?>
--EXPECT--
host-a: budget 3 of 9, hosts 3, workers 3 (running: 3)
host-b: budget 3 of 9, hosts 3, workers 3 (running: 3)
host-c: budget 3 of 9, hosts 3, workers 3 (running: 3)
host-b: killed by signal 9
its workers: gone
host-a: budget 5 of 9, hosts 2, workers 5 (running: 5)
host-c: budget 4 of 9, hosts 2, workers 4 (running: 4)
share taken over: ok
members: ["fleet\/host-a","fleet\/host-c"]
host-a: status 0
host-c: status 0
members after the stops: []
