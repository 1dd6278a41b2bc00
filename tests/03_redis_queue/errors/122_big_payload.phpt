--TEST--
A 10 MB job pushes, pops (raw body intact, attempts 1), releases and deletes correctly
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
memory_limit=512M
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
// No time bound: how long 40 MB through loopback takes is this machine's speed, not a promise
// of FastQueue's (it took 9 s on a loaded 2-CPU machine).
$raw = fq_raw();
fq_clean('rq122');
$q = fq_queue(['queue' => 'rq122']);
// Length and SHA1 of what Redis holds, computed by Redis: no 10 MB through the test's client.
function stored(string $cmd, string $key, string ...$args): array
{
    $lua = "local b = redis.call('$cmd', KEYS[1], unpack(ARGV)) if type(b) == 'table' then b = b[1] end if not b then return {} end return {#b, redis.sha1hex(b)}";
    return fq_raw()->cmd('EVAL', $lua, '1', $key, ...$args);
}
$data = str_repeat('x', 10 * 1024 * 1024);
$id = $q->push('App\Jobs\Big', $data);
[$len, $sha] = stored('lindex', 'queues:rq122', '0');
var_dump($len > 10 * 1024 * 1024);

$job = $q->pop();
$body = $job->getRawBody();
var_dump([strlen($body), sha1($body)] === [$len, $sha], $job->attempts(), $job->getJobId() === $id, $job->getData() === $data);
$reserved = $job->getReservedJob();
var_dump(strlen($reserved) === $len, str_ends_with($reserved, '"attempts":1}'), substr($reserved, 0, -3) === substr($body, 0, -3));
[$rlen, $rsha] = stored('zrange', 'queues:rq122:reserved', '0', '0');
var_dump([$rlen, $rsha] === [strlen($reserved), sha1($reserved)]);

$job->release(0);
var_dump($job->isReleased(), $raw->cmd('ZCARD', 'queues:rq122:reserved'), stored('zrange', 'queues:rq122:delayed', '0', '0') === [$rlen, $rsha]);
$again = $q->pop();
var_dump($again->attempts(), $again->getRawBody() === $reserved, str_ends_with($again->getReservedJob(), '"attempts":2}'));
$again->delete();
var_dump($q->size(), $raw->cmd('EXISTS', 'queues:rq122', 'queues:rq122:delayed', 'queues:rq122:reserved', 'queues:rq122:notify'));
fq_clean('rq122');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq122'); ?>
--EXPECT--
bool(true)
bool(true)
int(1)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
int(2)
bool(true)
bool(true)
int(0)
int(0)
