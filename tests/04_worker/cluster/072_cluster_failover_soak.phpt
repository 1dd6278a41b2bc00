--TEST--
Redis Cluster failover under load: 3 workers (prefetch 1, 8, 32) serve 50,000 jobs (3,000 under valgrind) on two queues on different masters, pushed with wait_replicas 1, while one queue's master is killed with SIGKILL, its replica takes over and the old master comes back as a replica; every job whose push returned runs, none is failed or left behind, and the workers follow the new master on their own
--ENV--
TEST_TIMEOUT=600
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php
require __DIR__ . '/../../inc/config.inc';
require __DIR__ . '/../../inc/cluster.inc';
fq_skip_unless_redis();
fq_skip_unless_cluster();
?>
--FILE--
<?php
require __DIR__ . '/../../inc/cluster_soak.inc';

$setup = fq_cluster_start(3, 1);
try {
    $queues = fq_soak_queues($setup, 'fq072');
    $victim = $setup->masterOf("queues:{$queues[0]}");
    $new = 0;
    $followed = false;
    $notes = fq_cluster_soak($setup, $queues, fq_slow() ? 3000 : 50000, function (string $log) use ($setup, $victim, $queues, &$new, &$followed) {
        $setup->killMaster($victim);
        $new = $setup->waitFailover($victim, 30);
        // The workers must find the new master on their own, while the old one is still down:
        // a job pushed to it now has to run.
        $marker = (new FastQueue\RedisQueue(['cluster' => $setup->seeds(), 'queue' => $queues[0]]))->push('J');
        $deadline = microtime(true) + (fq_slow() ? 60 : 15);
        while (!($followed = str_contains((string) file_get_contents($log), $marker)) && microtime(true) < $deadline) {
            usleep(100000);
        }
        // Back as the new master's replica: pushes that wait for one replica get through again
        // (until then they throw ReplicationException, the write done on the new master).
        $setup->restartKilled($victim);
        return [$marker];
    });
    echo "the queue's slot failed over to its replica: ", var_export($new !== $victim && $setup->masterOf("queues:{$queues[0]}") === $new, true), "\n";
    echo 'the workers served the new master before the old one came back: ', var_export($followed, true), "\n";
    fwrite(STDERR, $notes);
} finally {
    fq_cluster_stop($setup);
}
?>
--CLEAN--
<?php
require __DIR__ . '/../../inc/cluster.inc';
fq_cluster_clean();
?>
--EXPECTF--
workers stopped with: 0 0 0
jobs pushed: all, never run: 0, left in Redis: 0, failed: 0
runs of jobs from bulks that threw: accounted
the queue's slot failed over to its replica: true
the workers served the new master before the old one came back: true
%A
