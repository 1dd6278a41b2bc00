--TEST--
requirepass without a password configured: a ConnectionException naming the server, not a command error
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
[$port] = fq_private_redis('rq103', ['--requirepass', 'Needed-Pa55']);
// NOAUTH fails at once: it must not wait out a timeout (30 s here); the 5 s bound leaves room
// for a loaded machine.
$q = new FastQueue\RedisQueue(['port' => $port, 'queue' => 'rq103', 'connect_timeout' => 30, 'read_timeout' => 30]);
// Authentication refused is a connection problem (the stub: "Cannot connect, authentication
// refused, or the connection was lost"): a worker backs off and reconnects on it, while a
// RedisException means a command itself failed.
foreach (['push' => fn() => $q->push('J'), 'pop' => fn() => $q->pop(), 'size' => fn() => $q->size()] as $what => $f) {
    $t = hrtime(true);
    try {
        $f();
        echo "$what: no exception\n";
    } catch (FastQueue\Exception $e) {
        echo $what, ': ', get_class($e), "\n";
        var_dump(str_contains($e->getMessage(), 'NOAUTH'), str_contains($e->getMessage(), "127.0.0.1:$port"));
    }
    fq_check_time($what, (hrtime(true) - $t) / 1e9, 0, 5);
}
$raw = new FqRaw('127.0.0.1', $port);
$raw->cmd('AUTH', 'Needed-Pa55');
var_dump($raw->cmd('DBSIZE'));
fq_stop_tracked('rq103');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('rq103'); ?>
--EXPECT--
push: FastQueue\ConnectionException
bool(true)
bool(true)
push: ok
pop: FastQueue\ConnectionException
bool(true)
bool(true)
pop: ok
size: FastQueue\ConnectionException
bool(true)
bool(true)
size: ok
int(0)
