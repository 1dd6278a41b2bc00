--TEST--
Job life cycle misuse: a second delete, release after delete, delete/release after fail are FastQueue\Exception; fail() after release keeps the released copy; new Job() is an Error
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading past its subject, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
$raw = fq_raw();
fq_clean('rq128');
$q = fq_queue(['queue' => 'rq128']);
function verdict(string $msg, string $state): string
{
    // A FastQueue\Exception (not a subclass about Redis or payloads) saying what state the job is in.
    return preg_match('/^FastQueue\\\\Exception: .*already ' . $state . '/', $msg) ? "FastQueue\\Exception (already $state)" : $msg;
}

// delete, then delete / release again.
$q->push('J');
$job = $q->pop();
$job->delete();
echo 'delete twice: ', verdict(fq_try(fn() => $job->delete()), 'deleted'), "\n";
echo 'release after delete: ', verdict(fq_try(fn() => $job->release()), 'deleted'), "\n";
var_dump($raw->cmd('EXISTS', 'queues:rq128:delayed', 'queues:rq128:reserved'), $job->isDeleted(), $job->isReleased());

// release, then release / delete again; fail() keeps the released copy for its retry.
$q->push('J');
$job = $q->pop();
$job->release(60);
echo 'release twice: ', verdict(fq_try(fn() => $job->release()), 'released'), "\n";
echo 'delete after release: ', verdict(fq_try(fn() => $job->delete()), 'released'), "\n";
$released = $raw->cmd('ZRANGE', 'queues:rq128:delayed', '0', '-1');
$job->fail(new RuntimeException('gave up'));
var_dump($job->hasFailed(), $job->isReleased(), $raw->cmd('ZRANGE', 'queues:rq128:delayed', '0', '-1') === $released, count($released));
fq_clean('rq128');

// fail, then delete / release: the job is gone from :reserved once.
$q->push('J');
$job = $q->pop();
$job->fail();
echo 'delete after fail: ', verdict(fq_try(fn() => $job->delete()), 'failed'), "\n";
echo 'release after fail: ', verdict(fq_try(fn() => $job->release()), 'failed'), "\n";
echo 'fail twice: ', fq_try(fn() => $job->fail()), "\n";
var_dump($job->hasFailed(), $job->isDeleted(), $q->size());

// Jobs come only from pop().
echo fq_try(fn() => new FastQueue\Job()), "\n";
echo fq_try(fn() => (new ReflectionClass(FastQueue\Job::class))->newInstanceWithoutConstructor()), "\n";
$rc = new ReflectionClass(FastQueue\Job::class);
var_dump($rc->isFinal(), (new ReflectionClass(FastQueue\RedisQueue::class))->isFinal());
fq_clean('rq128');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq128'); ?>
--EXPECTF--
delete twice: FastQueue\Exception (already deleted)
release after delete: FastQueue\Exception (already deleted)
int(0)
bool(true)
bool(false)
release twice: FastQueue\Exception (already released)
delete after release: FastQueue\Exception (already released)
bool(true)
bool(true)
bool(true)
int(1)
delete after fail: FastQueue\Exception (already failed)
release after fail: FastQueue\Exception (already failed)
fail twice: OK
bool(true)
bool(true)
int(0)
Error: Call to private FastQueue\Job::__construct() from global scope
ReflectionException: %s
bool(true)
bool(true)
