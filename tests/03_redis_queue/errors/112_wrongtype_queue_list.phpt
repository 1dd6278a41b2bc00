--TEST--
queues:NAME holding a string: push, pushRaw, pop, size, pendingSize and clear throw WRONGTYPE and change nothing (due delayed jobs are not lost)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
$raw = fq_raw();
fq_clean('rq112');
// read_timeout 30 s: an error reply fails the call at once, never at the end of a timeout.
$q = fq_queue(['queue' => 'rq112', 'retry_after' => 60, 'read_timeout' => 30]);
$raw->cmd('SET', 'queues:rq112', 'not a list');
// A due delayed job, a future one, and an expired reservation: a pop that migrated them
// before failing on the list would lose them.
$now = time();
$raw->cmd('ZADD', 'queues:rq112:delayed', (string) ($now - 10), '{"job":"due","id":"d1","attempts":0}',
    (string) ($now + 3600), '{"job":"later","id":"d2","attempts":0}');
$raw->cmd('ZADD', 'queues:rq112:reserved', (string) ($now - 10), '{"job":"expired","id":"r1","attempts":1}');
$raw->cmd('RPUSH', 'queues:rq112:notify', '1');
$before = fq_snapshot('rq112');

$calls = [
    'push' => fn() => $q->push('J'),
    'pushRaw' => fn() => $q->pushRaw('{"job":"J","id":"x","attempts":0}'),
    'pop' => fn() => $q->pop(),
    'size' => fn() => $q->size(),
    'pendingSize' => fn() => $q->pendingSize(),
    'clear' => fn() => $q->clear(),
];
foreach ($calls as $what => $f) {
    $msg = fq_try($f, $secs);
    echo $what, ': ', str_starts_with($msg, 'FastQueue\RedisException: ') && str_contains($msg, 'WRONGTYPE') ? 'RedisException WRONGTYPE' : $msg, "\n";
    if (fq_snapshot('rq112') !== $before) {
        echo "  changed Redis: ", fq_snapshot('rq112'), "\n";
    }
    fq_check_time("  $what", $secs, 0, 5);
}
// The connection survives an error reply.
var_dump($q->delayedSize(), $q->reservedSize());
// Once the key is repaired, the due job and the expired reservation come back, in order.
$raw->cmd('DEL', 'queues:rq112');
foreach ([$q->pop(), $q->pop(), $q->pop()] as $job) {
    echo $job ? json_decode($job->getRawBody())->id : 'none', ' ';
}
echo "\n";
fq_clean('rq112');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq112'); ?>
--EXPECT--
push: RedisException WRONGTYPE
  push: ok
pushRaw: RedisException WRONGTYPE
  pushRaw: ok
pop: RedisException WRONGTYPE
  pop: ok
size: RedisException WRONGTYPE
  size: ok
pendingSize: RedisException WRONGTYPE
  pendingSize: ok
clear: RedisException WRONGTYPE
  clear: ok
int(2)
int(1)
r1 d1 none
