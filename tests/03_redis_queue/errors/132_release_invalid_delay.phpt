--TEST--
Job::release() with a negative or over-10-years delay: ValueError, and the job stays reserved and open
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
$raw = fq_raw();
fq_clean('rq125');
$q = fq_queue(['queue' => 'rq125']);
$q->push('J');
$job = $q->pop();
foreach ([-1, PHP_INT_MIN, 315360001, PHP_INT_MAX] as $d) {
    echo $d, ': ', fq_try(fn() => $job->release($d)), "\n";
}
echo fq_try(fn() => $job->release('soon')), "\n";
var_dump($job->isReleased(), $job->isDeletedOrReleased(), $raw->cmd('ZCARD', 'queues:rq125:reserved'), $raw->cmd('EXISTS', 'queues:rq125:delayed'));
$job->release(315360000);
var_dump($job->isReleased(), $raw->cmd('ZCARD', 'queues:rq125:reserved'), $raw->cmd('ZCARD', 'queues:rq125:delayed'));
fq_clean('rq125');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq125'); ?>
--EXPECTF--
-1: ValueError: FastQueue\Job::release(): Argument #1 ($delay) must be between 0 and 315360000 seconds (10 years)
%i: ValueError: FastQueue\Job::release(): Argument #1 ($delay) must be between 0 and 315360000 seconds (10 years)
315360001: ValueError: FastQueue\Job::release(): Argument #1 ($delay) must be between 0 and 315360000 seconds (10 years)
%d: ValueError: FastQueue\Job::release(): Argument #1 ($delay) must be between 0 and 315360000 seconds (10 years)
TypeError: FastQueue\Job::release(): Argument #1 ($delay) must be of type int, string given
bool(false)
bool(false)
int(1)
int(0)
bool(true)
int(0)
int(1)
