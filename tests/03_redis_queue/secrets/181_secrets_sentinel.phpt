--TEST--
Secrets with Sentinel: the sentinels' password (default user and an ACL user) and the servers' password appear in no exception, no dump of a RedisQueue or Worker, no stats(), no worker log line, no failed-store record, no phpinfo() or --ri; a sentinel node written as a url with credentials is refused without being shown
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
; traces keep their arguments (Debian's php.ini drops them): no password may be among them
zend.exception_ignore_args=0
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/secrets.inc';
require __DIR__ . '/../../inc/sentinel.inc';

const SERVER_PW = 'Fq181-server-Pw@3c1d';
const SENTINEL_PW = 'Fq181-sentnl-Pw:8e0f';
const SENTINEL_ACL_PW = 'Fq181-sntacl-Pw#5b7a';
const WRONG_PW = 'Fq181-wrong-Pw%2d9e';
fq_secrets([SERVER_PW, SENTINEL_PW, SENTINEL_ACL_PW, WRONG_PW]);

// One master, no replica, one sentinel: enough to be asked where the master is.
$setup = fq_sentinel_start(0, 1, SERVER_PW, SENTINEL_PW);
try {
    $sentinelPort = array_key_first($setup->sentinels);
    $setup->sentinel($sentinelPort)->cmd('ACL', 'SETUSER', 'fqsentinel', 'on', '>' . SENTINEL_ACL_PW, '+@all');
    $nodes = $setup->nodes();
    $dead = fq_free_port();
    $good = ['sentinel' => ['nodes' => $nodes, 'service' => FQ_SENTINEL_SERVICE, 'password' => SENTINEL_PW],
        'password' => SERVER_PW, 'queue' => 'rq181', 'connect_timeout' => 5];

    echo "-- refused and failing connections --\n";
    $cases = [
        'wrong sentinel password' => ['sentinel' => ['password' => WRONG_PW] + $good['sentinel']] + $good,
        'sentinel ACL user, wrong password' => ['sentinel' => ['username' => 'fqsentinel', 'password' => WRONG_PW] + $good['sentinel']] + $good,
        'sentinel right, server password wrong' => ['password' => WRONG_PW] + $good,
        'no sentinel answers' => ['sentinel' => ['nodes' => ["127.0.0.1:$dead"]] + $good['sentinel']] + $good,
        'unknown service' => ['sentinel' => ['service' => 'nosuch'] + $good['sentinel']] + $good,
    ];
    foreach ($cases as $label => $opts) {
        $e = null;
        try {
            (new FastQueue\RedisQueue($opts))->push('J');
        } catch (Throwable $e) {
        }
        fq_secret_report($label, $e);
    }

    echo "-- the constructor refuses the options --\n";
    $cases = [
        'a node as a url with a password' => ['sentinel' => ['nodes' => ['redis://:' . SENTINEL_PW . "@127.0.0.1:$sentinelPort"]] + $good['sentinel']] + $good,
        'a node with ?password=' => ['sentinel' => ['nodes' => ["tcp://127.0.0.1:$sentinelPort?password=" . SENTINEL_PW]] + $good['sentinel']] + $good,
        'unknown sentinel key' => ['sentinel' => ['auth' => SENTINEL_PW] + $good['sentinel']] + $good,
        'sentinel with a socket' => ['socket' => '/tmp/fq181.sock'] + $good,
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

    echo "-- a queue and a worker through the sentinel --\n";
    $q = new FastQueue\RedisQueue($good);
    fq_secret_check('RedisQueue, before connecting', fq_secret_dumps($q));
    $q->clear();
    $q->flushFailed();
    $q->push('J', 'fine');
    $q->push('J', 'throws');
    $w = new FastQueue\Worker($q, function (FastQueue\Job $job) use ($nodes) {
        if ($job->getData() === 'throws') {
            try {
                (new FastQueue\RedisQueue(['sentinel' => ['nodes' => $nodes, 'service' => FQ_SENTINEL_SERVICE, 'password' => WRONG_PW]]))->size();
            } catch (FastQueue\ConnectionException $e) {
                throw new RuntimeException('the job could not reach Redis', 0, $e);
            }
        }
        echo 'ran ', $job->getData(), "\n";
    }, ['tries' => 1, 'sleep' => 0.1, 'stop_when_empty' => true]);
    ob_start();
    $status = $w->daemon('rq181');
    echo "daemon returned $status\n";
    $run = ob_get_clean();
    echo $run;
    fq_secret_check('the run\'s output', $run);
    fq_secret_check('RedisQueue, connected', fq_secret_dumps($q));
    fq_secret_check('Worker, after its run', fq_secret_dumps($w));
    fq_secret_check('stats()', fq_secret_dumps($w->stats()));
    $failed = $q->failed();
    echo count($failed), ' failed: ', $failed[0]['exception'] ?? '-', ', ',
        str_contains($failed[0]['trace'] ?? '', 'refused authentication') ? "the cause is recorded\n" : "the cause is not recorded\n";
    fq_secret_check('failed() records', fq_secret_dumps($failed));
    $q->flushFailed();

    echo "-- a worker whose sentinel refuses its password, in a child: its log lines --\n";
    $c = fq_child('$q = new FastQueue\RedisQueue(' . var_export(['sentinel' => ['password' => WRONG_PW] + $good['sentinel']] + $good, true) . ");\n"
        . '$w = new FastQueue\Worker($q, fn ($job) => null, ["sleep" => 0.1, "max_time" => 1]);' . "\n"
        . 'echo "daemon returned ", $w->daemon("rq181"), "\n";');
    $r = $c->wait(fq_bound(20));
    echo fq_secret_status($r), "\n";
    echo preg_match('/FastQueue: reserving jobs failed: .*refused authentication/', $r['stderr'])
        ? "the failure is logged\n" : "not logged as expected: {$r['stderr']}\n";
    fq_secret_check('the worker\'s output', $r['stdout'] . $r['stderr']);

    echo "-- phpinfo() and --ri --\n";
    fq_secret_check_info();
} finally {
    fq_sentinel_stop($setup);
}
?>
--EXPECT--
-- refused and failing connections --
wrong sentinel password: FastQueue\ConnectionException
wrong sentinel password, the exception: clean
sentinel ACL user, wrong password: FastQueue\ConnectionException
sentinel ACL user, wrong password, the exception: clean
sentinel right, server password wrong: FastQueue\ConnectionException
sentinel right, server password wrong, the exception: clean
no sentinel answers: FastQueue\ConnectionException
no sentinel answers, the exception: clean
unknown service: FastQueue\ConnectionException
unknown service, the exception: clean
-- the constructor refuses the options --
a node as a url with a password: ValueError
a node as a url with a password, the exception: clean
a node with ?password=: ValueError
a node with ?password=, the exception: clean
unknown sentinel key: ValueError
unknown sentinel key, the exception: clean
sentinel with a socket: ValueError
sentinel with a socket, the exception: clean
-- a queue and a worker through the sentinel --
RedisQueue, before connecting: clean
ran fine
daemon returned 0
the run's output: clean
RedisQueue, connected: clean
Worker, after its run: clean
stats(): clean
1 failed: RuntimeException, the cause is recorded
failed() records: clean
-- a worker whose sentinel refuses its password, in a child: its log lines --
status 0
the failure is logged
the worker's output: clean
-- phpinfo() and --ri --
phpinfo shows FastQueue
phpinfo(): clean
--ri: exit 0, shows FastQueue
--ri: clean
