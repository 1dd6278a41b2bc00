--TEST--
connect_timeout bounds a connect that never completes (a listener whose accept queue is full)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php
require __DIR__ . '/../../inc/config.inc';
fq_skip_unless_redis();
// With tcp_abort_on_overflow the kernel refuses at once instead of leaving the SYN unanswered.
if (trim((string) @file_get_contents('/proc/sys/net/ipv4/tcp_abort_on_overflow')) !== '0') {
    die('skip needs Linux with net.ipv4.tcp_abort_on_overflow = 0');
}
?>
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
// backlog 0: one pending connection fills the queue; later SYNs are dropped, so connect() hangs.
$srv = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr, STREAM_SERVER_BIND | STREAM_SERVER_LISTEN,
    stream_context_create(['socket' => ['backlog' => 0]]));
$name = stream_socket_get_name($srv, false);
$port = (int) substr($name, strrpos($name, ':') + 1);
$fill = [];
for ($i = 0; $i < 3; $i++) {
    $fill[] = @stream_socket_client("tcp://127.0.0.1:$port", $e, $es, 0.2, STREAM_CLIENT_CONNECT | STREAM_CLIENT_ASYNC_CONNECT);
}
usleep(50000);

$q = new FastQueue\RedisQueue(['port' => $port, 'connect_timeout' => 0.4, 'queue' => 'rq111']);
$msg = fq_try(fn() => $q->push('J'), $secs);
var_dump($msg === "FastQueue\\ConnectionException: Cannot connect to Redis at 127.0.0.1:$port: Connection timed out");
fq_check_time('connect_timeout 0.4', $secs, 0.35, 1.5);

// A listener that accepts (the kernel does) but never answers: read_timeout bounds the first command.
$mute = stream_socket_server('tcp://127.0.0.1:0');
$name = stream_socket_get_name($mute, false);
$port2 = (int) substr($name, strrpos($name, ':') + 1);
$q = new FastQueue\RedisQueue(['port' => $port2, 'read_timeout' => 0.3, 'queue' => 'rq111']);
$msg = fq_try(fn() => $q->pop(), $secs);
var_dump($msg === "FastQueue\\ConnectionException: Redis connection to 127.0.0.1:$port2 lost while reading the reply to EVALSHA: read timed out");
fq_check_time('read_timeout 0.3', $secs, 0.25, 1.5);
?>
--EXPECT--
bool(true)
connect_timeout 0.4: ok
bool(true)
read_timeout 0.3: ok
