--TEST--
Worker on a Redis Cluster, with a priority list whose queues live on different masters: priority order holds (one call per group of queues, in order), prefetched jobs go back to their own queue's master, the restart key is read on the master that holds it, an idle worker blocked across masters sees a push to its second queue and stops within 1 s of SIGTERM
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
require __DIR__ . '/../../inc/worker.inc';

$setup = fq_cluster_start(3, 1);
try {
    // Two queues on different masters, and the restart key's master differs from the first's.
    $names = [];
    for ($i = 0; count($names) < 2 && $i < 1000; $i++) {
        $names[$setup->masterOf("queues:{fq071-$i}")] ??= "{fq071-$i}";
    }
    [$high, $low] = array_values($names);
    $list = "$high,$low";
    $qopts = ['cluster' => $setup->seeds(), 'queue' => $high, 'retry_after' => 30];
    $q = new FastQueue\RedisQueue($qopts);
    // The children block: block_for 0 waits until a job comes.
    $qopts['block_for'] = 0;

    echo "-- priority across masters, prefetch 4\n";
    for ($i = 0; $i < 5; $i++) {
        $q->push('J', ['q' => 'low'], $low);
        $q->push('J', ['q' => 'high'], $high);
    }
    $order = [];
    $w = new FastQueue\Worker($q, function ($job) use (&$order) { $order[] = $job->payload()['data']['q']; },
        ['prefetch' => 4, 'timeout' => 5, 'stop_when_empty' => true, 'sleep' => 0.01]);
    $w->daemon($list);
    echo implode(' ', $order), "\n";

    echo "-- a stop hands the prefetched jobs back to their own masters\n";
    for ($i = 0; $i < 3; $i++) {
        $q->push('J', ['q' => 'high'], $high);
    }
    $w = new FastQueue\Worker($q, function ($job) use (&$w) { $w->stop(); }, ['prefetch' => 3, 'timeout' => 5, 'sleep' => 0.01]);
    $w->daemon($list);
    echo "$high: pending ", $q->pendingSize($high), ', reserved ', $q->reservedSize($high),
        '; on its master ', $setup->nodeFor("queues:$high")->cmd('LLEN', "queues:$high"), "\n";
    $q->clear($high);

    $child = fn (array $wopts, array $more = []) => fq_child('$q = new FastQueue\RedisQueue(' . var_export($more + $qopts, true) . ");\n"
        . '$w = new FastQueue\Worker($q, function ($job) { echo "ran ", $job->payload()["data"]["n"], "\n"; }, ' . var_export($wopts, true) . ");\n"
        . 'echo "ready\n"; $s = $w->daemon(' . var_export($list, true) . '); echo "status $s\n"; exit($s);');

    echo "-- the restart key, on the master that holds its slot\n";
    $restartKey = 'illuminate:queue:restart';
    $setup->nodeFor($restartKey)->cmd('SET', $restartKey, '1');
    // Blocking 1 s at a time: the key is read with each reserve.
    $gets = fn () => (int) (preg_match('/cmdstat_get:calls=(\d+)/',
        $setup->nodeFor($restartKey)->cmd('INFO', 'commandstats'), $m) ? $m[1] : 0);
    $before = $gets();
    $worker = $child(['restart_key' => $restartKey, 'sleep' => 0.05], ['block_for' => 1]);
    $worker->waitFor("ready\n");
    // The worker's first read of the key is the value it compares with: change the key after
    // it (a slow start, under valgrind, would otherwise read "2" first and never restart).
    $deadline = microtime(true) + fq_bound(10);
    while ($gets() === $before && microtime(true) < $deadline) {
        usleep(20000);
    }
    $setup->nodeFor($restartKey)->cmd('SET', $restartKey, '2');
    $r = $worker->wait(fq_bound(10));
    echo trim($r['stdout']), ', exit ', $r['status'], "\n";

    echo "-- idle, blocked on both masters: a push to the second queue, then SIGTERM\n";
    $worker = $child(['sleep' => 0.05]);
    $worker->waitFor("ready\n");
    usleep(500000);
    $q->push('J', ['n' => 'low-1'], $low);
    echo 'ran the pushed job: ', var_export($worker->waitFor("ran low-1\n", fq_bound(5)), true), "\n";
    usleep(500000);
    $t = microtime(true);
    $worker->signal(SIGTERM);
    $r = $worker->wait(10);
    fq_check_time('stopped after SIGTERM within 1 s', microtime(true) - $t, 0, 1.0);
    echo 'exit ', $r['status'], ', left: ', $q->size($high) + $q->size($low), "\n";
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
-- priority across masters, prefetch 4
high high high high high low low low low low
-- a stop hands the prefetched jobs back to their own masters
{fq071-%d}: pending 2, reserved 0; on its master 2
-- the restart key, on the master that holds its slot
ready
status 0, exit 0
-- idle, blocked on both masters: a push to the second queue, then SIGTERM
ran the pushed job: true
stopped after SIGTERM within 1 s: ok
exit 0, left: 0
