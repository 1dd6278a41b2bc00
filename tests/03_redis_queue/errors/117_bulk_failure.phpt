--TEST--
bulk() that fails (data that cannot be encoded, a Redis error, no connection) throws cleanly and pushes nothing
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
$raw = fq_raw();
fq_clean('rq117');
$q = fq_queue(['queue' => 'rq117']);

echo fq_try(fn() => $q->bulk(['A', 'B'], "\xff\xfe")), "\n";
var_dump($raw->cmd('EXISTS', 'queues:rq117', 'queues:rq117:notify'));
$msg = fq_try(fn() => $q->bulk(['A', "B\xff"]));
var_dump(str_starts_with($msg, 'FastQueue\PayloadException: Unable to JSON encode payload of job "B') && str_contains($msg, 'Malformed UTF-8'));
var_dump($raw->cmd('EXISTS', 'queues:rq117', 'queues:rq117:notify'));
echo fq_try(fn() => $q->bulk(['A', 5])), "\n";

$raw->cmd('SET', 'queues:rq117', 'not a list');
$msg = fq_try(fn() => $q->bulk(['A', 'B']));
echo str_starts_with($msg, 'FastQueue\RedisException: ') && str_contains($msg, 'WRONGTYPE') ? 'RedisException WRONGTYPE' : $msg, "\n";
var_dump($raw->cmd('GET', 'queues:rq117'), $raw->cmd('EXISTS', 'queues:rq117:notify'));
$raw->cmd('DEL', 'queues:rq117');

$down = new FastQueue\RedisQueue(['port' => fq_free_port(), 'queue' => 'rq117']);
$msg = fq_try(fn() => $down->bulk(['A', 'B']));
echo str_starts_with($msg, 'FastQueue\ConnectionException: Cannot connect') ? 'ConnectionException' : $msg, "\n";

// The queue object still works afterwards.
$ids = $q->bulk(['A', 'B']);
var_dump(count($ids), $q->pendingSize());
fq_clean('rq117');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq117'); ?>
--EXPECT--
FastQueue\PayloadException: Unable to JSON encode payload of job "A": Malformed UTF-8 characters, possibly incorrectly encoded
int(0)
bool(true)
int(0)
TypeError: FastQueue\RedisQueue::bulk(): Argument #1 ($jobs) must contain only job names (strings), int found
RedisException WRONGTYPE
string(10) "not a list"
int(0)
ConnectionException
int(2)
int(2)
