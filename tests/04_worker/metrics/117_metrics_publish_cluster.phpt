--TEST--
metrics_publish in a Redis Cluster: the key and the set member go to the master of the {workers} slot (another than the queue's), while jobs run; a normal stop removes both there
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
require __DIR__ . '/../../inc/cluster.inc';
require __DIR__ . '/../../inc/metrics_export.inc';

$setup = fq_cluster_start(3, 0);
try {
    $set = 'fastqueue:metrics:{workers}';
    $metricsMaster = $setup->masterOf($set);
    for ($i = 0; $setup->masterOf("queues:{fq117-$i}") === $metricsMaster; $i++);
    $name = "{fq117-$i}";
    echo 'queue and metrics on different masters: ', $setup->masterOf("queues:$name") !== $metricsMaster ? 'yes' : 'no', "\n";
    $q = new FastQueue\RedisQueue(['cluster' => $setup->seeds(), 'queue' => $name, 'retry_after' => 30]);
    $q->push('J', 1, $name);
    $q->push('J', 2, $name);
    $node = $setup->nodeFor($set);
    $w = fqw_worker($q, function ($job) use ($node, $set) {
        usleep(600000);
        $text = (string) $node->cmd('GET', "$set:w117");
        echo 'job ', $job->getData(), ': key ', fqm_whole($text) ? 'whole' : var_export($text, true),
            ', member ', $node->cmd('ZSCORE', $set, 'w117') !== null ? 'there' : 'missing',
            ', PTTL ', $node->cmd('PTTL', "$set:w117") > 0 ? 'set' : 'none', "\n";
    }, ['metrics_publish' => true, 'metrics_worker' => 'w117', 'metrics_interval' => 0.2, 'timeout' => 10]);
    $w->daemon($name);
    echo 'after the run: key ', $node->cmd('EXISTS', "$set:w117"), ', member ', var_export($node->cmd('ZSCORE', $set, 'w117'), true), "\n";
} finally {
    fq_cluster_stop($setup);
}
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/cluster.inc'; fq_cluster_clean(); ?>
--EXPECT--
queue and metrics on different masters: yes
job 1: key whole, member there, PTTL set
job 2: key whole, member there, PTTL set
after the run: key 0, member NULL
