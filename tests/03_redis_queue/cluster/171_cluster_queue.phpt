--TEST--
Redis Cluster (3 masters, 3 replicas): RedisQueue finds the nodes from one seed and sends each queue's commands to the master of its hash slot; push, later, bulk, pop, release, delete, sizes, clear, the failed store; a queue name without a hash tag is a clear error; a slot moved away (MOVED) and a slot mid-migration (ASK) are followed
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

function attempt(callable $f): string
{
    try {
        $f();
        return 'no exception';
    } catch (Throwable $e) {
        return get_class($e) . ': ' . $e->getMessage();
    }
}

$setup = fq_cluster_start(3, 1);
try {
    $seed = $setup->seeds()[0];
    // One queue on each master: hash tags tried until every master holds one.
    $names = [];
    for ($i = 0; count($names) < 3 && $i < 1000; $i++) {
        $name = "{fq171-$i}";
        $names[$setup->masterOf("queues:$name")] ??= $name;
    }
    echo 'queues on distinct masters: ', count($names), "\n";
    $names = array_values($names);
    $q = new FastQueue\RedisQueue(['cluster' => [$seed], 'queue' => $names[0], 'retry_after' => 60]);

    echo "-- each queue's keys on its own master\n";
    foreach ($names as $name) {
        $q->push('Job', ['on' => $name], $name);
        $q->later(100, 'Job', ['later' => $name], $name);
        $q->bulk(['A', 'B'], [], $name);
        $master = $setup->masterOf("queues:$name");
        echo "$name: size ", $q->size($name), ', pending ', $q->pendingSize($name), ', delayed ', $q->delayedSize($name),
            '; on its master ', $setup->node($master)->cmd('LLEN', "queues:$name"), '/', $setup->node($master)->cmd('ZCARD', "queues:$name:delayed"), "\n";
    }
    foreach ($names as $name) {
        echo "  cleared ", $q->clear($name), "\n";
        $q->push('Job', ['on' => $name], $name);
        $job = $q->pop($name);
        $job->release(0);
        $again = $q->pop($name);
        echo "$name: popped ", json_decode($again->getRawBody(), true)['data']['on'] ?? '?', ', attempts ', $again->attempts(),
            ', reserved ', $q->reservedSize($name), "\n";
        $again->delete();
        echo "  size now ", $q->size($name), "\n";
    }

    echo "-- queue names need a hash tag\n";
    echo attempt(fn () => $q->push('Job', [], 'plain')), "\n";
    echo attempt(fn () => new FastQueue\RedisQueue(['cluster' => [$seed]])), "\n";
    echo attempt(fn () => (new FastQueue\Worker($q))->daemon("{$names[0]},plain")), "\n";
    echo 'a prefix with a hash tag will do: ', attempt(fn () => (new FastQueue\RedisQueue(['cluster' => [$seed], 'prefix' => '{app}:']))->push('Job')), "\n";
    (new FastQueue\RedisQueue(['cluster' => [$seed], 'prefix' => '{app}:']))->clear();

    echo "-- options that do not fit a cluster\n";
    echo attempt(fn () => new FastQueue\RedisQueue(['cluster' => [$seed], 'host' => '127.0.0.1', 'queue' => '{x}'])), "\n";
    echo attempt(fn () => new FastQueue\RedisQueue(['cluster' => [$seed], 'database' => 1, 'queue' => '{x}'])), "\n";
    echo attempt(fn () => new FastQueue\RedisQueue(['cluster' => [], 'queue' => '{x}'])), "\n";
    echo attempt(fn () => new FastQueue\RedisQueue(['cluster' => ['127.0.0.1:0'], 'queue' => '{x}'])), "\n";
    echo attempt(fn () => new FastQueue\RedisQueue(['cluster' => ['tcp://127.0.0.1:1', 'tls://127.0.0.1:2'], 'queue' => '{x}'])), "\n";
    $port = fq_free_port();
    echo preg_replace('/\d+/', 'N', attempt(fn () => (new FastQueue\RedisQueue(['cluster' => ["127.0.0.1:$port"], 'queue' => '{x}', 'connect_timeout' => 1]))->size())), "\n";

    echo "-- the failed store, in one slot of its own\n";
    $q->push('Job', ['fail' => 1], $names[1]);
    $w = new FastQueue\Worker($q, function () { throw new RuntimeException('boom'); }, ['stop_when_empty' => true, 'sleep' => 0.01, 'tries' => 1]);
    $w->daemon($names[1]);
    $failed = $q->failed();
    echo 'failed: ', count($failed), ', message ', $failed[0]['message'] ?? '-', ', reserved left ', $q->reservedSize($names[1]), "\n";
    echo 'store on the master of {fastqueue:failed}: ', $setup->nodeFor('{fastqueue:failed}')->cmd('ZCARD', '{fastqueue:failed}'), "\n";
    echo 'retried: ', var_export($q->retryFailed($failed[0]['id']), true), ', pending ', $q->pendingSize($names[1]), ', failed ', count($q->failed()), "\n";
    $q->clear($names[1]);

    echo "-- a slot moved to another master (MOVED), the map read again\n";
    $slot = $setup->slotOf("queues:{$names[0]}");
    $from = $setup->masterOf("queues:{$names[0]}");
    $to = $setup->masterOf("queues:{$names[1]}");
    $q->push('Job', ['n' => 'before'], $names[0]);
    $moved = $setup->migrateSlot($slot, $from, $to);
    echo 'moved keys: ', implode(' ', $moved), "\n";
    $q->push('Job', ['n' => 'after'], $names[0]);
    echo 'on the new master: ', $setup->node($to)->cmd('LLEN', "queues:{$names[0]}"), ', the slot\'s owner now: ', $setup->ownerOf($slot) === $to ? 'the new master' : 'the old one', "\n";
    $popped = [];
    while ($job = $q->pop($names[0])) {
        $popped[] = json_decode($job->getRawBody(), true)['data']['n'];
        $job->delete();
    }
    echo 'popped: ', implode(' ', $popped), "\n";

    echo "-- pushes while the slot migrates back (ASK to the importing master)\n";
    $q->push('Job', ['n' => 'first'], $names[0]);
    $log = [];
    $setup->migrateSlot($slot, $to, $from, function (string $stage) use ($q, $names, &$log) {
        // A queue's keys move in one MIGRATE: both of a push's keys are on one side at every
        // stage, so the source runs it, or answers ASK and the importing master runs it.
        $q->push('Job', ['n' => $stage], $names[0]);
        $log[] = $stage;
    });
    echo 'stages: ', implode(' ', $log), "\n";
    echo 'all on the master that imported it: ', $setup->node($from)->cmd('LLEN', "queues:{$names[0]}"), ' of ', $q->pendingSize($names[0]), "\n";
    $n = 0;
    while ($job = $q->pop($names[0])) {
        $job->delete();
        $n++;
    }
    echo "popped $n, size ", $q->size($names[0]), "\n";
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
queues on distinct masters: 3
-- each queue's keys on its own master
{fq171-%d}: size 4, pending 3, delayed 1; on its master 3/1
{fq171-%d}: size 4, pending 3, delayed 1; on its master 3/1
{fq171-%d}: size 4, pending 3, delayed 1; on its master 3/1
  cleared 4
{fq171-%d}: popped {fq171-%d}, attempts 2, reserved 1
  size now 0
  cleared 4
{fq171-%d}: popped {fq171-%d}, attempts 2, reserved 1
  size now 0
  cleared 4
{fq171-%d}: popped {fq171-%d}, attempts 2, reserved 1
  size now 0
-- queue names need a hash tag
ValueError: FastQueue\RedisQueue::push(): Argument #3 ($queue) names queue "plain", which has no hash tag: in a Redis Cluster the keys of a queue must share one hash slot, so name it with braces, as "{plain}"
ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) names queue "default", which has no hash tag: in a Redis Cluster the keys of a queue must share one hash slot, so name it with braces, as "{default}"
ValueError: FastQueue\Worker::daemon(): Argument #1 ($queues) names queue "plain", which has no hash tag: in a Redis Cluster the keys of a queue must share one hash slot, so name it with braces, as "{plain}"
a prefix with a hash tag will do: no exception
-- options that do not fit a cluster
ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) options "cluster" and "host" exclude each other: the cluster's nodes come from its seeds and its slot map
ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "database" must be 0 with option "cluster": a Redis Cluster has database 0 only
ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "cluster" must name at least one seed node
ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "cluster" contains "127.0.0.1:0", which is not host, host:port, tcp://host:port or tls://host:port
ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "cluster" mixes TLS and plain seeds: every node of a cluster speaks the same transport
FastQueue\ConnectionException: Cannot read the Redis Cluster's slot map from any node: N.N.N.N:N: Cannot connect to Redis at N.N.N.N:N: Connection refused
-- the failed store, in one slot of its own
failed: 1, message boom, reserved left 0
store on the master of {fastqueue:failed}: 1
retried: true, pending 1, failed 0
-- a slot moved to another master (MOVED), the map read again
moved keys: %s
on the new master: 2, the slot's owner now: the new master
popped: before after
-- pushes while the slot migrates back (ASK to the importing master)
stages: open batch
all on the master that imported it: 3 of 3
popped 3, size 0
