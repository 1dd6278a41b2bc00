--TEST--
Secrets: the password of the default user and an ACL user's password appear in no exception (message, string form, trace args, var_dump/print_r/var_export of it), no dump of a RedisQueue, Worker or Job (var_dump, print_r, var_export, debug_zval_dump, json_encode, array cast, serialize), no stats(), no worker log line, no failed-store record, no uncaught-exception output, no phpinfo() or --ri
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
; traces keep their arguments (Debian's php.ini drops them): the password must not be among them
zend.exception_ignore_args=0
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/secrets.inc';

// Distinctive, so that a grep of any output finds them; each with characters a url encodes.
const DEFAULT_PW = 'Fq180-dflt-Pw@9d2b';
const ACL_PW = 'Fq180-acl-Pw:4e7c';
const WRONG_PW = 'Fq180-wrong-Pw#71aa';
fq_secrets([DEFAULT_PW, ACL_PW, WRONG_PW]);

[$port] = fq_private_redis('rq180', ['--requirepass', DEFAULT_PW]);
$raw = new FqRaw('127.0.0.1', $port);
$raw->cmd('AUTH', DEFAULT_PW);
$raw->cmd('ACL', 'SETUSER', 'fqworker', 'on', '>' . ACL_PW, '~*', '+@all');
$dead = fq_free_port();

echo "-- refused and failing connections --\n";
$cases = [
    'wrong password' => ['port' => $port, 'password' => WRONG_PW],
    'ACL user, wrong password' => ['port' => $port, 'username' => 'fqworker', 'password' => WRONG_PW],
    'wrong user for the password' => ['port' => $port, 'username' => 'nobody', 'password' => ACL_PW],
    'url, wrong password' => ['url' => 'redis://fqworker:' . rawurlencode(WRONG_PW) . "@127.0.0.1:$port/0"],
    'connection refused, password given' => ['port' => $dead, 'password' => DEFAULT_PW],
    'connection refused, url with password' => ['url' => 'redis://fqworker:' . rawurlencode(ACL_PW) . "@127.0.0.1:$dead/0"],
    'database out of range, password right' => ['port' => $port, 'password' => DEFAULT_PW, 'database' => 4096],
];
foreach ($cases as $label => $opts) {
    $e = null;
    try {
        (new FastQueue\RedisQueue($opts + ['queue' => 'rq180', 'connect_timeout' => 5]))->push('J');
    } catch (Throwable $e) {
    }
    fq_secret_report($label, $e);
}

echo "-- the constructor refuses an option; the password is among the options --\n";
$cases = [
    'bad port' => ['password' => DEFAULT_PW, 'port' => 0],
    'unknown option' => ['username' => 'fqworker', 'password' => ACL_PW, 'passwd' => ACL_PW],
    'url not a url' => ['url' => 'redis://fqworker:' . ACL_PW . '@'],
    'url without its scheme' => ['url' => 'fqworker:' . ACL_PW . "@127.0.0.1:$port"],
    'url with a bad port' => ['url' => 'redis://fqworker:' . ACL_PW . '@127.0.0.1:99999'],
    'url with a bad database' => ['url' => 'redis://fqworker:' . ACL_PW . "@127.0.0.1:$port/x"],
    'password not a string' => ['username' => ACL_PW, 'password' => 42],
    'a cluster seed as a url with a password' => ['cluster' => ['127.0.0.1:7000', 'redis://:' . DEFAULT_PW . '@127.0.0.1:7001']],
    'a cluster seed with ?password=' => ['cluster' => ['tcp://127.0.0.1:7001?password=' . DEFAULT_PW]],
];
foreach ($cases as $label => $opts) {
    $e = null;
    try {
        new FastQueue\RedisQueue($opts);
    } catch (Throwable $e) {
    }
    fq_secret_report($label, $e);
}
unset($opts, $cases);

echo "-- objects that hold a password --\n";
$acl = ['port' => $port, 'username' => 'fqworker', 'password' => ACL_PW, 'queue' => 'rq180'];
$byUrl = ['url' => 'redis://:' . rawurlencode(DEFAULT_PW) . "@127.0.0.1:$port/0", 'queue' => 'rq180'];
$q = new FastQueue\RedisQueue($acl);
$q2 = new FastQueue\RedisQueue($byUrl);
$q->clear();
$q->flushFailed();
fq_secret_check('RedisQueue (ACL user), before connecting', fq_secret_dumps($q));
fq_secret_check('RedisQueue (url), before connecting', fq_secret_dumps($q2));
$q->push('J', 'fine');
$q->push('J', 'throws');
$q2->size();
$w = new FastQueue\Worker($q, function (FastQueue\Job $job) use ($port) {
    if ($job->getData() === 'throws') {
        // A job that fails on a connection of its own with a wrong password, and passes the
        // ConnectionException on as the previous exception of its own.
        try {
            (new FastQueue\RedisQueue(['port' => $port, 'username' => 'fqworker', 'password' => WRONG_PW]))->size();
        } catch (FastQueue\ConnectionException $e) {
            throw new RuntimeException('the job could not reach Redis', 0, $e);
        }
    }
    echo 'ran ', $job->getData(), "\n";
}, ['tries' => 1, 'sleep' => 0.1, 'stop_when_empty' => true]);
$jobs = '';
$w->on('processing', function (FastQueue\Job $job) use (&$jobs) {
    $jobs .= fq_secret_dumps($job);
});
fq_secret_check('Worker, before its run', fq_secret_dumps($w));
ob_start();
$status = $w->daemon('rq180');
echo "daemon returned $status\n";
$run = ob_get_clean();
echo $run;
fq_secret_check('the run\'s output', $run);
fq_secret_check('Job, during its run', $jobs);
fq_secret_check('RedisQueue (ACL user), connected', fq_secret_dumps($q));
fq_secret_check('RedisQueue (url), connected', fq_secret_dumps($q2));
fq_secret_check('Worker, after its run', fq_secret_dumps($w));
fq_secret_check('stats()', fq_secret_dumps($w->stats()));
$failed = $q->failed();
echo count($failed), " failed: ", $failed[0]['exception'] ?? '-', "\n";
fq_secret_check('failed() records', fq_secret_dumps($failed));
$record = $raw->cmd('HGETALL', 'fastqueue:failed:' . $failed[0]['id']);
fq_secret_check('the failed record in Redis', implode("\n", $record));
echo str_contains(implode("\n", $record), 'refused authentication') ? "the record names the cause\n" : "the record lacks the cause\n";
$q->flushFailed();

echo "-- a worker that cannot authenticate, in a child: its log lines --\n";
$c = fq_child('$q = new FastQueue\RedisQueue(' . var_export(['port' => $port, 'username' => 'fqworker', 'password' => WRONG_PW], true) . ");\n"
    . '$w = new FastQueue\Worker($q, fn ($job) => null, ["sleep" => 0.1, "max_time" => 1]);' . "\n"
    . 'echo "daemon returned ", $w->daemon("rq180"), "\n";' . "\n"
    . 'print_r($w->stats());');
$r = $c->wait(fq_bound(20));
echo fq_secret_status($r), "\n";
echo preg_match('/FastQueue: reserving jobs failed: Redis at 127\.0\.0\.1:\d+ refused authentication: WRONGPASS/', $r['stderr'])
    ? "the failure is logged\n" : "not logged as expected: {$r['stderr']}\n";
fq_secret_check('the worker\'s output', $r['stdout'] . $r['stderr']);

echo "-- an uncaught ConnectionException and an uncaught ValueError, in children --\n";
foreach (['->size()' => ['port' => $port, 'password' => WRONG_PW], '' => ['password' => WRONG_PW, 'port' => -1]] as $call => $opts) {
    $c = fq_child('(new FastQueue\RedisQueue(' . var_export($opts, true) . "))$call;", [], ['-d', 'zend.exception_ignore_args=0']);
    $r = $c->wait(fq_bound(20));
    echo fq_secret_status($r), ', ', preg_match('/Uncaught (FastQueue\\\\ConnectionException|ValueError)/', $r['stderr']) ? "uncaught\n" : "stderr: {$r['stderr']}\n";
    fq_secret_check('the uncaught exception\'s output', $r['stdout'] . $r['stderr']);
}

echo "-- phpinfo() and --ri, with such objects alive --\n";
fq_secret_check_info();
fq_stop_tracked('rq180');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('rq180'); ?>
--EXPECT--
-- refused and failing connections --
wrong password: FastQueue\ConnectionException
wrong password, the exception: clean
ACL user, wrong password: FastQueue\ConnectionException
ACL user, wrong password, the exception: clean
wrong user for the password: FastQueue\ConnectionException
wrong user for the password, the exception: clean
url, wrong password: FastQueue\ConnectionException
url, wrong password, the exception: clean
connection refused, password given: FastQueue\ConnectionException
connection refused, password given, the exception: clean
connection refused, url with password: FastQueue\ConnectionException
connection refused, url with password, the exception: clean
database out of range, password right: FastQueue\ConnectionException
database out of range, password right, the exception: clean
-- the constructor refuses an option; the password is among the options --
bad port: ValueError
bad port, the exception: clean
unknown option: ValueError
unknown option, the exception: clean
url not a url: ValueError
url not a url, the exception: clean
url without its scheme: ValueError
url without its scheme, the exception: clean
url with a bad port: ValueError
url with a bad port, the exception: clean
url with a bad database: ValueError
url with a bad database, the exception: clean
password not a string: TypeError
password not a string, the exception: clean
a cluster seed as a url with a password: ValueError
a cluster seed as a url with a password, the exception: clean
a cluster seed with ?password=: ValueError
a cluster seed with ?password=, the exception: clean
-- objects that hold a password --
RedisQueue (ACL user), before connecting: clean
RedisQueue (url), before connecting: clean
Worker, before its run: clean
ran fine
daemon returned 0
the run's output: clean
Job, during its run: clean
RedisQueue (ACL user), connected: clean
RedisQueue (url), connected: clean
Worker, after its run: clean
stats(): clean
1 failed: RuntimeException
failed() records: clean
the failed record in Redis: clean
the record names the cause
-- a worker that cannot authenticate, in a child: its log lines --
status 0
the failure is logged
the worker's output: clean
-- an uncaught ConnectionException and an uncaught ValueError, in children --
status 255, uncaught
the uncaught exception's output: clean
status 255, uncaught
the uncaught exception's output: clean
-- phpinfo() and --ri, with such objects alive --
phpinfo shows FastQueue
phpinfo(): clean
--ri: exit 0, shows FastQueue
--ri: clean
