--TEST--
A delete(), release() or fail() that Redis could not carry out leaves the job open, so the call can be repeated and takes effect
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
[$port, $pid] = fq_private_redis('rq129', ['--appendonly', 'yes', '--appendfsync', 'always']);
$q = new FastQueue\RedisQueue(['port' => $port, 'queue' => 'rq129']);
$jobs = [];
foreach (['delete', 'release', 'fail'] as $m) {
    $q->push('J', $m);
    $jobs[$m] = $q->pop();
}
// Redis goes away while the worker finishes its jobs.
posix_kill($pid, FQ_SIGKILL);
for ($i = 0; $i < 200 && fq_is_redis_server($pid); $i++) {
    usleep(10000);
}
foreach ($jobs as $m => $job) {
    $msg = fq_try(fn() => $job->$m());
    echo $m, ': ', str_starts_with($msg, 'FastQueue\ConnectionException') ? 'ConnectionException' : $msg, "\n";
    var_dump($job->isDeleted(), $job->isReleased());
}
fq_restart_redis('rq129', $port, ['--appendonly', 'yes', '--appendfsync', 'always']);
$raw = new FqRaw('127.0.0.1', $port);
var_dump($raw->cmd('ZCARD', 'queues:rq129:reserved'));
// The retry does what the first call could not.
foreach ($jobs as $m => $job) {
    echo $m, ' again: ', fq_try(fn() => $job->$m()), "\n";
}
var_dump($jobs['delete']->isDeleted(), $jobs['release']->isReleased(), $jobs['fail']->hasFailed(), $jobs['fail']->isDeleted());
var_dump($raw->cmd('ZCARD', 'queues:rq129:reserved'), $raw->cmd('ZCARD', 'queues:rq129:delayed'));
fq_stop_tracked('rq129');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('rq129'); ?>
--EXPECT--
delete: ConnectionException
bool(false)
bool(false)
release: ConnectionException
bool(false)
bool(false)
fail: ConnectionException
bool(false)
bool(false)
int(3)
delete again: OK
release again: OK
fail again: OK
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
int(1)
