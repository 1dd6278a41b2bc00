--TEST--
Registry on a Redis Cluster: every key of the registry lives on the master of {supervisors}; two hosts share a budget there, a second supervisor of a name on one host is refused, a stop removes its record
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php
require __DIR__ . '/../inc/config.inc';
require __DIR__ . '/../inc/cluster.inc';
fq_skip_unless_redis();
fq_skip_unless_cluster();
?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../inc/cluster.inc';
require __DIR__ . '/../inc/supervisor_registry.inc';

$setup = fq_cluster_start(3, 0);
try {
    $p = 'sv036_';
    $set = fq_reg_key($p);
    $node = $setup->nodeFor($set);
    $qopts = ['cluster' => $setup->seeds(), 'queue' => '{sv036}'];
    $record = function (string $host) use ($node, $p): ?array {
        $json = $node->cmd('GET', fq_reg_key($p, ":app/$host"));
        return $json === null ? null : json_decode($json, true);
    };
    $groups = ['g' => ['balance' => 'simple', 'max_processes' => 4, 'shared' => true, 'max_shift' => 4, 'cooldown' => 0.5]];
    $pools = ['work' => [['sleep', '60'], 2, ['group' => 'g', 'queues' => ['{sv036}'], 'min_processes' => 1, 'max_processes' => 4]]];
    $sup = [];
    foreach (['web-1', 'web-2'] as $host) {
        $sup[$host] = fq_reg_child($p, ['name' => 'app', 'host' => $host, 'heartbeat' => 0.5], $groups, $pools, $qopts);
    }
    $both = fq_reg_until(function () use ($record, &$sup) {
        foreach ($sup as $host => $c) {
            $r = $record($host);
            if (($r['pid'] ?? null) !== $c->pid || ($r['groups']['g']['hosts'] ?? null) !== 2
                || count($r['pools']['work']['pids'] ?? []) !== 2) {
                return false;
            }
        }
        return true;
    }, fq_sig_t(30));
    echo "two hosts, 2 workers each: ", $both ? 'yes' : 'no', "\n";
    if (!$both) {
        foreach ($sup as $host => $c) {
            echo "$host: ", json_encode($record($host)), "\n", $c->stdout(), $c->stderr();
        }
    }
    $members = $node->cmd('ZRANGE', $set, '0', '-1');
    sort($members);
    echo "members on the master of {supervisors}: ", json_encode($members), "\n";

    $second = fq_reg_child($p, ['name' => 'app', 'host' => 'web-1', 'heartbeat' => 0.5], $groups, $pools, $qopts);
    $r = $second->wait(fq_sig_t(20));
    echo str_replace("(pid {$sup['web-1']->pid})", '(pid FIRST)', trim($r['stdout'])), "\n";

    $node->cmd('SET', fq_reg_key($p, ':terminate'), sprintf('%.6F', microtime(true)));
    foreach ($sup as $host => $c) {
        echo "$host after the terminate stamp: ", fq_sig_status($c->wait(fq_sig_t(20))), "\n";
    }
    echo "records left: ", json_encode([$record('web-1'), $record('web-2')]), "\n";
    echo "members left: ", json_encode($node->cmd('ZRANGE', $set, '0', '-1')), "\n";
} finally {
    fq_cluster_stop($setup);
}
?>
--CLEAN--
<?php
require __DIR__ . '/../inc/cluster.inc';
fq_cluster_clean();
?>
--EXPECT--
two hosts, 2 workers each: yes
members on the master of {supervisors}: ["app\/web-1","app\/web-2"]
run threw FastQueue\Exception: a supervisor named "app" already runs on host "web-1" (pid FIRST)
web-1 after the terminate stamp: status 0
web-2 after the terminate stamp: status 0
records left: [null,null]
members left: []
