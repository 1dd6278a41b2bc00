--TEST--
Connection refused: a ConnectionException naming host:port, at once, and the object stays usable
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
$port = fq_free_port(); // nothing listens there
// A refused connection fails at once: it must not wait out connect_timeout or read_timeout
// (30 s each here); the 5 s bound leaves room for a loaded machine.
$q = new FastQueue\RedisQueue(['host' => '127.0.0.1', 'port' => $port, 'queue' => 'rq100', 'connect_timeout' => 30, 'read_timeout' => 30]);
echo "constructed without connecting\n";

foreach (['push' => fn() => $q->push('J'), 'pop' => fn() => $q->pop(), 'size' => fn() => $q->size(),
    'later' => fn() => $q->later(5, 'J'), 'clear' => fn() => $q->clear()] as $what => $f) {
    $msg = fq_try($f, $secs);
    var_dump($msg === "FastQueue\\ConnectionException: Cannot connect to Redis at 127.0.0.1:$port: Connection refused");
    fq_check_time($what, $secs, 0, 5);
}

// The exception is a FastQueue\Exception and a RuntimeException, for catch-all handlers.
try {
    $q->size();
} catch (FastQueue\Exception $e) {
    var_dump($e instanceof FastQueue\ConnectionException, $e instanceof RuntimeException, $e->getCode());
}

// Once a server listens there, the same object connects on its next call.
fq_restart_redis('rq100', $port);
var_dump($q->size(), strlen($q->push('J')), $q->pop()->attempts());
fq_stop_tracked('rq100');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('rq100'); ?>
--EXPECT--
constructed without connecting
bool(true)
push: ok
bool(true)
pop: ok
bool(true)
size: ok
bool(true)
later: ok
bool(true)
clear: ok
bool(true)
bool(true)
int(0)
int(0)
int(32)
int(1)
