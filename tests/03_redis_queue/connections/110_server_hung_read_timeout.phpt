--TEST--
Hung server (SIGSTOP): a call gives up after read_timeout with a ConnectionException; after SIGCONT the next call works and no job is lost
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
[$port, $pid] = fq_private_redis('rq110');
$q = new FastQueue\RedisQueue(['port' => $port, 'queue' => 'rq110', 'read_timeout' => 0.5, 'retry_after' => 0]);
$id = $q->push('J', 'survivor');

posix_kill($pid, FQ_SIGSTOP);
$msg = fq_try(fn() => $q->size(), $secs);
echo preg_replace('/127\.0\.0\.1:\d+/', 'HOST:PORT', $msg), "\n";
fq_check_time('size', $secs, 0.45, 2);

// Also while reconnecting (the connection was dropped) and while popping.
$msg = fq_try(fn() => $q->pop(), $secs);
echo preg_replace('/127\.0\.0\.1:\d+/', 'HOST:PORT', $msg), "\n";
fq_check_time('pop', $secs, 0.45, 2);
posix_kill($pid, FQ_SIGCONT);

// The timed-out pop may have run once the server woke up; its reservation (retry_after 0)
// expires at once, so the job is found again, never lost.
var_dump($q->size());
$job = $q->pop();
var_dump($job?->getJobId() === $id, in_array($job?->attempts(), [1, 2], true));
$job?->delete();
$raw = new FqRaw('127.0.0.1', $port);
var_dump($raw->cmd('LLEN', 'queues:rq110'), $raw->cmd('ZCARD', 'queues:rq110:reserved'), $q->size());

// A password makes the timeout happen during AUTH on reconnect: still bounded, still no secret.
$raw->cmd('CONFIG', 'SET', 'requirepass', 'Hung-Pa55');
$q2 = new FastQueue\RedisQueue(['port' => $port, 'password' => 'Hung-Pa55', 'read_timeout' => 0.5, 'queue' => 'rq110']);
posix_kill($pid, FQ_SIGSTOP);
$msg = fq_try(fn() => $q2->push('J'), $secs);
posix_kill($pid, FQ_SIGCONT);
echo preg_replace('/127\.0\.0\.1:\d+/', 'HOST:PORT', $msg), "\n";
var_dump(str_contains($msg, 'Pa55'));
fq_check_time('auth', $secs, 0.45, 2);
var_dump($q2->size());
fq_stop_tracked('rq110');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('rq110'); ?>
--EXPECTF--
FastQueue\ConnectionException: Redis connection to HOST:PORT lost while reading the reply to LLEN: read timed out
size: ok
FastQueue\ConnectionException: Redis connection to HOST:PORT lost while reading the reply to EVALSHA: read timed out
pop: ok
int(1)
bool(true)
bool(true)
int(0)
int(0)
int(0)
FastQueue\ConnectionException: Redis connection to HOST:PORT lost while %s: read timed out
bool(false)
auth: ok
int(0)
