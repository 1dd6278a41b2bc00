--TEST--
Unix socket: the socket option and url unix:///path reach a server on its socket; a missing socket names the path
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
$sock = sys_get_temp_dir() . '/fq-rq106-' . getmypid() . '.sock';
[$port] = fq_private_redis('rq106', ['--unixsocket', $sock, '--unixsocketperm', '700']);
$raw = new FqRaw('127.0.0.1', $port);
// The server answers on TCP (what fq_private_redis waits for) a moment before its unix
// socket exists, and the file exists a moment before the server listens on it (both seen with
// Redis 8 on forky): wait until a connection to the socket is accepted.
for ($i = 0; $i < 500 && !($probe = @stream_socket_client("unix://$sock", $errno, $error, 1)); $i++) {
    usleep(10000);
}
$probe = null;

$q = new FastQueue\RedisQueue(['socket' => $sock, 'queue' => 'rq106']);
$id = $q->push('J', 'via socket option');
var_dump($raw->cmd('LLEN', 'queues:rq106'));

// The documented url form, unix:///path.sock
$msg = fq_try(function () use ($sock, &$job) {
    $q2 = new FastQueue\RedisQueue(['url' => "unix://$sock", 'queue' => 'rq106']);
    $job = $q2->pop();
});
echo $msg, "\n";
var_dump($job?->getJobId() === $id, $job?->getData());
$job?->delete();
var_dump($raw->cmd('ZCARD', 'queues:rq106:reserved'));

// A socket that does not exist: fails at once, not at the end of connect_timeout (30 s here).
$q3 = new FastQueue\RedisQueue(['socket' => "$sock.missing", 'connect_timeout' => 30, 'read_timeout' => 30]);
$msg = fq_try(fn() => $q3->size(), $secs);
var_dump($msg === "FastQueue\\ConnectionException: Cannot connect to Redis at unix:$sock.missing: No such file or directory");
fq_check_time('missing socket', $secs, 0, 5);
fq_stop_tracked('rq106');
@unlink($sock);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('rq106'); ?>
--EXPECT--
int(1)
OK
bool(true)
string(17) "via socket option"
int(0)
bool(true)
missing socket: ok
