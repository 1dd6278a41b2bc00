--TEST--
wait_replicas: push, pushRaw, bulk, later, laterRaw, release, the failed store and retry return once the replicas have the write (they hold it the moment the call returns); too few replicas within wait_timeout is a ReplicationException (a ConnectionException), with the write done on the master
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); if (!function_exists('posix_kill')) die('skip posix'); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/config.inc';
require_once __DIR__ . '/../../inc/redis.inc';

foreach ([['wait_replicas' => -1], ['wait_replicas' => 1001], ['wait_timeout' => 0], ['wait_timeout' => 'x']] as $bad) {
    try {
        new FastQueue\RedisQueue($bad);
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}

[$mport, $mpid] = fq_start_redis();
[$rport, $rpid] = fq_start_redis(['--replicaof', '127.0.0.1', (string) $mport]);
try {
    $master = new FqRaw('127.0.0.1', $mport);
    $replica = new FqRaw('127.0.0.1', $rport);
    // Connected is not enough: the replica acknowledges writes once its first sync is done.
    for ($i = 0; $i < 3000 && !preg_match('/^slave0:.*state=online/m', $master->cmd('INFO', 'replication')); $i++) {
        usleep(20000);
    }
    $q = new FastQueue\RedisQueue(['port' => $mport, 'queue' => 'wr161', 'wait_replicas' => 1, 'wait_timeout' => 5]);
    $onReplica = fn (string $suffix = '') => $replica->cmd($suffix === ':delayed' || $suffix === ':reserved' ? 'ZCARD' : 'LLEN', "queues:wr161$suffix");

    echo "-- each write is on the replica when the call returns --\n";
    $q->push('J', ['n' => 1]);
    echo 'push: ', $onReplica(), "\n";
    $q->pushRaw(json_encode(['uuid' => 'u2', 'job' => 'J', 'data' => [], 'id' => 'i2', 'attempts' => 0]));
    echo 'pushRaw: ', $onReplica(), "\n";
    $q->bulk(['J', 'J']);
    echo 'bulk: ', $onReplica(), "\n";
    $q->later(60, 'J');
    $q->laterRaw(60, json_encode(['uuid' => 'u3', 'job' => 'J', 'data' => [], 'id' => 'i3', 'attempts' => 0]));
    echo 'later, laterRaw: ', $onReplica(':delayed'), "\n";
    $job = $q->pop();
    $job->release(60);
    echo 'release: ', $onReplica(':delayed'), ' delayed, ', $onReplica(':reserved'), " reserved\n";
    // A job failed by the worker: its failed record.
    $w = new FastQueue\Worker($q, fn () => throw new RuntimeException('worker failure'), ['stop_when_empty' => true, 'sleep' => 0]);
    $w->runNextJob('wr161');
    echo 'failed store: ', $replica->cmd('ZCARD', 'fastqueue:failed'), " on the replica\n";
    $ids = array_column($q->failed(), 'id');
    $q->retryFailed($ids[0]);
    echo 'retry: ', $replica->cmd('ZCARD', 'fastqueue:failed'), ' failed, ', $onReplica(), " pending\n";

    echo "-- more replicas asked for than there are --\n";
    $q2 = new FastQueue\RedisQueue(['port' => $mport, 'queue' => 'wr161', 'wait_replicas' => 2, 'wait_timeout' => 0.3]);
    $before = $master->cmd('LLEN', 'queues:wr161');
    try {
        $q2->push('J');
    } catch (FastQueue\ReplicationException $e) {
        echo get_class($e), ' (a ConnectionException: ', var_export($e instanceof FastQueue\ConnectionException, true), '): ',
            preg_replace('/127\.0\.0\.1:\d+/', 'HOST', $e->getMessage()), "\n";
    }
    echo 'the push is done on the master all the same: ', $master->cmd('LLEN', 'queues:wr161') - $before, "\n";

    echo "-- a replica that stopped answering --\n";
    posix_kill($rpid, SIGSTOP);
    $q3 = new FastQueue\RedisQueue(['port' => $mport, 'queue' => 'wr161', 'wait_replicas' => 1, 'wait_timeout' => 0.5]);
    try {
        $q3->push('J');
    } catch (FastQueue\ReplicationException $e) {
        echo preg_replace('/127\.0\.0\.1:\d+/', 'HOST', $e->getMessage()), "\n";
    }
    posix_kill($rpid, SIGCONT);
    // The connection is still good: the next write waits for the replica again, and gets it.
    $q3->push('J');
    echo 'after it came back: ', $replica->cmd('LLEN', 'queues:wr161') === $master->cmd('LLEN', 'queues:wr161') ? 'in step' : 'NOT in step', "\n";
} finally {
    fq_stop_redis($rpid);
    fq_stop_redis($mpid);
}
?>
--EXPECT--
ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "wait_replicas" must be between 0 and 1000
ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "wait_replicas" must be between 0 and 1000
ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "wait_timeout" must be at least 0.001 (seconds)
TypeError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "wait_timeout" must be of type int|float, string given
-- each write is on the replica when the call returns --
push: 1
pushRaw: 2
bulk: 4
later, laterRaw: 2
release: 3 delayed, 0 reserved
failed store: 1 on the replica
retry: 0 failed, 3 pending
-- more replicas asked for than there are --
FastQueue\ReplicationException (a ConnectionException: true): Only 1 of 2 replicas of HOST confirmed the write within 0.3 s (wait_replicas, wait_timeout): it is done on the master, but a failover could lose it
the push is done on the master all the same: 1
-- a replica that stopped answering --
Only 0 of 1 replicas of HOST confirmed the write within 0.5 s (wait_replicas, wait_timeout): it is done on the master, but a failover could lose it
after it came back: in step
