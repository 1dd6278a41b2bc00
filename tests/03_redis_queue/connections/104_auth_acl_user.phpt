--TEST--
ACL user and password: by the username/password options and by the url (percent-encoded), wrong ones refused
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
[$port] = fq_private_redis('rq104');
$raw = new FqRaw('127.0.0.1', $port);
// A password with the characters a url must encode.
$pass = 'p@ss:w/rd#1%';
var_dump($raw->cmd('ACL', 'SETUSER', 'worker', 'on', ">$pass", '~queues:*', '+@all'));
$raw->cmd('ACL', 'SETUSER', 'default', 'off'); // only the ACL user can get in now

$q = new FastQueue\RedisQueue(['port' => $port, 'username' => 'worker', 'password' => $pass, 'queue' => 'rq104']);
$id = $q->push('J', 'by options');
$q2 = new FastQueue\RedisQueue(['url' => 'redis://worker:' . rawurlencode($pass) . "@127.0.0.1:$port/0", 'queue' => 'rq104']);
$job = $q2->pop();
var_dump($job->getJobId() === $id, $job->getData());
$job->delete();
var_dump($q2->size());

// The right password for another user, a wrong one for this user: refused at once (not at the
// end of a timeout, 30 s here), never echoed.
foreach ([['username' => 'default', 'password' => $pass], ['username' => 'worker', 'password' => 'p@ss:w/rd#2%'],
    ['url' => "redis://worker:wrong%40secret@127.0.0.1:$port/0"]] as $opts) {
    $bad = new FastQueue\RedisQueue($opts + ['port' => $port, 'queue' => 'rq104', 'connect_timeout' => 30, 'read_timeout' => 30]);
    $msg = fq_try(fn() => $bad->push('J'), $secs);
    echo $msg, "\n";
    var_dump(str_contains($msg, 'p@ss') || str_contains($msg, 'secret'));
    fq_check_time('refused', $secs, 0, 5);
}
fq_stop_tracked('rq104');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('rq104'); ?>
--EXPECTF--
string(2) "OK"
bool(true)
string(10) "by options"
int(0)
FastQueue\ConnectionException: Redis at 127.0.0.1:%d refused authentication: WRONGPASS %s
bool(false)
refused: ok
FastQueue\ConnectionException: Redis at 127.0.0.1:%d refused authentication: WRONGPASS %s
bool(false)
refused: ok
FastQueue\ConnectionException: Redis at 127.0.0.1:%d refused authentication: WRONGPASS %s
bool(false)
refused: ok
