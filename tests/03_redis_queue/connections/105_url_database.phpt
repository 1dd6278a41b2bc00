--TEST--
url option: the /db part (and the database option) select the Redis database; explicit options override the url
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
$host = fq_test_host();
$port = fq_test_port();
$raw = fq_raw();
function in_db(int $db): array
{
    $raw = fq_raw();
    $raw->cmd('SELECT', (string) $db);
    $n = [$raw->cmd('LLEN', 'queues:rq105'), $raw->cmd('LLEN', 'queues:rq105:notify')];
    $raw->cmd('SELECT', '0');
    return $n;
}
function clean_all(): void
{
    foreach ([0, 3, 5] as $db) {
        fq_raw()->cmd('SELECT', (string) $db);
        fq_clean('rq105');
    }
    fq_raw()->cmd('SELECT', '0');
}
clean_all();

$q = new FastQueue\RedisQueue(['url' => "redis://$host:$port/3", 'queue' => 'rq105']);
$id = $q->push('J');
echo "db0 ", json_encode(in_db(0)), " db3 ", json_encode(in_db(3)), "\n";
$job = $q->pop();
var_dump($job->getJobId() === $id);
$job->delete();
echo "db3 ", json_encode(in_db(3)), "\n";

// The database option beats the url's.
$q = new FastQueue\RedisQueue(['url' => "redis://$host:$port/3", 'database' => 5, 'queue' => 'rq105']);
$q->push('J');
echo "db3 ", json_encode(in_db(3)), " db5 ", json_encode(in_db(5)), "\n";
var_dump($q->size());

// tcp:// is accepted as redis://, a url without /db uses db 0.
$q = new FastQueue\RedisQueue(['url' => "tcp://$host:$port", 'queue' => 'rq105']);
$q->push('J');
echo "db0 ", json_encode(in_db(0)), "\n";

// A database the server does not have: refused at connect, naming it.
$q = new FastQueue\RedisQueue(['url' => "redis://$host:$port/99999", 'queue' => 'rq105']);
echo fq_try(fn() => $q->push('J')), "\n";
clean_all();
?>
--CLEAN--
<?php
require __DIR__ . '/../../inc/config.inc';
if (fq_test_port()) {
    foreach ([0, 3, 5] as $db) {
        fq_raw()->cmd('SELECT', (string) $db);
        fq_clean('rq105');
    }
}
?>
--EXPECTF--
db0 [0,0] db3 [1,1]
bool(true)
db3 [0,0]
db3 [0,0] db5 [1,1]
int(1)
db0 [1,1]
FastQueue\ConnectionException: Redis at %s:%d refused SELECT: ERR DB index is out of range
