--TEST--
An unknown host name: a ConnectionException naming the host, without waiting for the connect timeout
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
// .invalid is reserved (RFC 2606): it never resolves. A name that does not resolve fails
// at once: it must not wait out connect_timeout (30 s here), which is for a host that
// resolves and does not answer.
$q = new FastQueue\RedisQueue(['host' => 'no-such-host.invalid', 'port' => 6390, 'connect_timeout' => 30]);
$msg = fq_try(fn() => $q->push('J'), $secs);
echo $msg, "\n";
fq_check_time('push', $secs, 0, 5);

$q = new FastQueue\RedisQueue(['url' => 'redis://:hunter2-secret@no-such-host.invalid:6391/2']);
$msg = fq_try(fn() => $q->size(), $secs);
echo $msg, "\n";
var_dump(str_contains($msg, 'hunter2'));
fq_check_time('size', $secs, 0, 2.1);
?>
--EXPECTF--
FastQueue\ConnectionException: Cannot connect to Redis at no-such-host.invalid:6390: %s
push: ok
FastQueue\ConnectionException: Cannot connect to Redis at no-such-host.invalid:6391: %s
bool(false)
size: ok
