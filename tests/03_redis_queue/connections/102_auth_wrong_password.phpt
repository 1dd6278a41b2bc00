--TEST--
requirepass: a wrong password is a ConnectionException that never shows the password; the right one works
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
$secret = 'Right-Pa55word!';
$wrong = 'Wrong-Pa55word?';
[$port] = fq_private_redis('rq102', ['--requirepass', $secret]);

function leaks(string $text): bool
{
    return str_contains($text, 'Pa55word');
}

// By the password option. A refused AUTH fails at once: it must not wait out a timeout (30 s
// here); the 5 s bound leaves room for a loaded machine.
$q = new FastQueue\RedisQueue(['port' => $port, 'password' => $wrong, 'queue' => 'rq102', 'connect_timeout' => 30, 'read_timeout' => 30]);
foreach (['push' => fn() => $q->push('J'), 'pop' => fn() => $q->pop(), 'size' => fn() => $q->size()] as $what => $f) {
    $msg = fq_try($f, $secs);
    echo $msg, "\n";
    var_dump(leaks($msg));
    fq_check_time($what, $secs, 0, 5);
}
try {
    $q->push('J');
} catch (FastQueue\ConnectionException $e) {
    var_dump(leaks($e->getMessage() . $e->getTraceAsString() . $e));
}
// Neither a dump of the queue object shows it.
var_dump(leaks(print_r($q, true) . var_export($q, true) . json_encode((array) $q)));

// By the url.
$q2 = new FastQueue\RedisQueue(['url' => 'redis://:' . rawurlencode($wrong) . "@127.0.0.1:$port/0", 'queue' => 'rq102']);
$msg = fq_try(fn() => $q2->push('J'));
echo $msg, "\n";
var_dump(leaks($msg));

// Nothing was written by the refused attempts.
$raw = new FqRaw('127.0.0.1', $port);
$raw->cmd('AUTH', $secret);
var_dump($raw->cmd('DBSIZE'));

// The right password, by option and by url (the default user, with or without its name).
$ok = new FastQueue\RedisQueue(['port' => $port, 'password' => $secret, 'queue' => 'rq102']);
$id = $ok->push('J', ['n' => 1]);
var_dump($raw->cmd('LLEN', 'queues:rq102'));
$ok2 = new FastQueue\RedisQueue(['url' => 'redis://:' . rawurlencode($secret) . "@127.0.0.1:$port", 'queue' => 'rq102']);
$job = $ok2->pop();
var_dump($job->getJobId() === $id);
$job->delete();
$ok3 = new FastQueue\RedisQueue(['port' => $port, 'username' => 'default', 'password' => $secret, 'queue' => 'rq102']);
var_dump($ok3->size());
fq_stop_tracked('rq102');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('rq102'); ?>
--EXPECTF--
FastQueue\ConnectionException: Redis at 127.0.0.1:%d refused authentication: WRONGPASS %s
bool(false)
push: ok
FastQueue\ConnectionException: Redis at 127.0.0.1:%d refused authentication: WRONGPASS %s
bool(false)
pop: ok
FastQueue\ConnectionException: Redis at 127.0.0.1:%d refused authentication: WRONGPASS %s
bool(false)
size: ok
bool(false)
bool(false)
FastQueue\ConnectionException: Redis at 127.0.0.1:%d refused authentication: WRONGPASS %s
bool(false)
int(0)
int(1)
bool(true)
int(0)
