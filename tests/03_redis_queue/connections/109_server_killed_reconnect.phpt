--TEST--
Server killed mid-use: the next call is a quick ConnectionException; after a restart the same object reconnects and no job is lost
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading past its subject, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
// appendfsync always: what Redis acknowledged survives SIGKILL, so a lost job would be ours.
$aof = ['--appendonly', 'yes', '--appendfsync', 'always'];
[$port, $pid] = fq_private_redis('rq109', $aof);
// Timeouts of 30 s: a dead server must be noticed at once, not when one of them runs out.
$q = new FastQueue\RedisQueue(['port' => $port, 'queue' => 'rq109', 'connect_timeout' => 30, 'read_timeout' => 30]);
$first = $q->push('J', 'first');
$second = $q->push('J', 'second');
$reserved = $q->pop();
var_dump($reserved->getJobId() === $first);

posix_kill($pid, FQ_SIGKILL);
// Wait until the server is gone and its port refuses connections: under load a dying
// server's listening socket still took a connect (then reset it), which is not what this tests.
for ($i = 0; $i < 1000 && (fq_is_redis_server($pid) || @fsockopen('127.0.0.1', $port, $en, $es, 0.2)); $i++) {
    usleep(10000);
}

// The dead connection is noticed on the next call; later calls fail to reconnect, all quickly.
foreach (['push' => fn() => $q->push('J', 'lost?'), 'pop' => fn() => $q->pop(), 'size' => fn() => $q->size(),
    'release' => fn() => $reserved->release(0)] as $what => $f) {
    $msg = fq_try($f, $secs);
    echo $what, ': ', preg_replace('/127\.0\.0\.1:\d+/', 'HOST:PORT', $msg), "\n";
    fq_check_time($what, $secs, 0, 5);
}
var_dump($reserved->isReleased());

fq_restart_redis('rq109', $port, $aof);
$raw = new FqRaw('127.0.0.1', $port);
var_dump($raw->cmd('LLEN', 'queues:rq109'), $raw->cmd('ZCARD', 'queues:rq109:reserved'));

// The same objects work again.
var_dump($q->size());
$job = $q->pop();
var_dump($job->getJobId() === $second, $job->attempts());
$job->delete();
$reserved->release(0);
var_dump($reserved->isReleased(), $raw->cmd('ZCARD', 'queues:rq109:delayed'), $raw->cmd('ZCARD', 'queues:rq109:reserved'));
$again = $q->pop();
var_dump($again->getJobId() === $first, $again->attempts());
$again->delete();
var_dump($q->size());
fq_stop_tracked('rq109');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('rq109'); ?>
--EXPECTF--
bool(true)
push: FastQueue\ConnectionException: Redis connection to HOST:PORT lost while %s
push: ok
pop: FastQueue\ConnectionException: Cannot connect to Redis at HOST:PORT: Connection refused
pop: ok
size: FastQueue\ConnectionException: Cannot connect to Redis at HOST:PORT: Connection refused
size: ok
release: FastQueue\ConnectionException: Cannot connect to Redis at HOST:PORT: Connection refused
release: ok
bool(false)
int(1)
int(1)
int(2)
bool(true)
int(1)
bool(true)
int(1)
int(0)
bool(true)
int(2)
int(0)
