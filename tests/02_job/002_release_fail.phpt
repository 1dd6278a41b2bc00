--TEST--
release() moves the reserved copy to :delayed and counts attempts; fail() removes it
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/config.inc';
$name = 'job002';
fq_clean($name);
$r = fq_raw();
$q = fq_queue(['queue' => $name]);
$q->push('A');
$job = $q->pop();
$before = time();
$job->release(30);
var_dump($job->isReleased(), $job->isDeletedOrReleased());
$delayed = $r->cmd('ZRANGE', "queues:$name:delayed", '0', '-1', 'WITHSCORES');
var_dump($delayed[0] === $job->getReservedJob());
var_dump((int) $delayed[1] >= $before - 1 + 30 && (int) $delayed[1] <= time() + 30);
var_dump($r->cmd('ZCARD', "queues:$name:reserved"), $q->pop());
// Make it due now, pop again: attempts counts the earlier run.
$r->cmd('ZADD', "queues:$name:delayed", '0', $delayed[0]);
$again = $q->pop();
var_dump($again->attempts(), json_decode($again->getReservedJob(), true)['attempts']);
$again->fail(new RuntimeException('boom'));
var_dump($again->hasFailed(), $again->isDeleted(), $q->size());
// A second fail() is harmless; delete() after fail() is refused.
$again->fail();
try {
    $again->delete();
} catch (FastQueue\Exception $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
?>
--CLEAN--
<?php require __DIR__ . '/../inc/config.inc'; if (fq_test_port()) fq_clean('job002'); ?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
NULL
int(2)
int(2)
bool(true)
bool(true)
int(0)
FastQueue\Exception: Cannot delete job job002: it was already failed
