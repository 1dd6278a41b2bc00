--TEST--
Lease renewal in a Redis Cluster: a queue with a hash tag, on a master other than the first seed; with retry_after 2, a 7 s job runs exactly once while a second worker keeps reserving and runs a job pushed meanwhile; the lease's connection goes to the master that owns the queue's slot and moves the job's score in :reserved forward there; stats() counts renewals and no lost lease
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php
require __DIR__ . '/../../inc/config.inc';
require __DIR__ . '/../../inc/cluster.inc';
fq_skip_unless_redis();
fq_skip_unless_cluster();
?>
--FILE--
<?php
require __DIR__ . '/../../inc/cluster.inc';
require __DIR__ . '/../../inc/lease.inc';
$setup = fq_cluster_start(3, 0);
try {
    // A tag whose slot is not the first seed's: a lease that talked to the seed would be
    // answered MOVED.
    $seed = array_key_first($setup->servers);
    for ($i = 0; $setup->masterOf("queues:{w122-$i}") === $seed; $i++);
    $name = "{w122-$i}";
    $owner = $setup->masterOf("queues:$name");
    fql_clean($name);
    $r = fql_topology($name, ['cluster' => $setup->seeds()], 2, 7,
        fn () => $setup->node($owner)->cmd('ZRANGE', "queues:$name:reserved", '0', '-1', 'WITHSCORES'));
    foreach (FQL_TOPOLOGY_CHECKS as $check) {
        echo "$check: {$r[$check]}\n";
    }
    echo 'stderr: ', $r['stderr'] === '' ? 'none' : "\n{$r['stderr']}", "\n";
    fql_clean($name);
} finally {
    fq_cluster_stop($setup);
}
?>
--CLEAN--
<?php
require __DIR__ . '/../../inc/cluster.inc';
fq_cluster_clean();
if (fq_test_port()) {
    foreach (fq_raw()->cmd('KEYS', '{w122-*}:runs') as $key) {
        fq_raw()->cmd('DEL', $key);
    }
}
?>
--EXPECT--
ran once: ok
the other worker kept reserving: ok
reservation renewed: ok
stats: ok
left behind: ok
stderr: none
