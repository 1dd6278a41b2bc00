--TEST--
push, pop and delete move a job through Laravel's keys
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/config.inc';
$name = 'rq001';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$id = $q->push('App\\Jobs\\Foo@handle', ['a' => 1]);
var_dump(strlen($id), fq_raw()->cmd('LLEN', "queues:$name"), fq_raw()->cmd('LLEN', "queues:$name:notify"));
$job = $q->pop();
var_dump($job instanceof FastQueue\Job, $job->getJobId() === $id, $job->attempts());
var_dump(fq_raw()->cmd('LLEN', "queues:$name"), fq_raw()->cmd('LLEN', "queues:$name:notify"));
var_dump(fq_raw()->cmd('ZRANGE', "queues:$name:reserved", '0', '-1') === [$job->getReservedJob()]);
$job->delete();
var_dump($job->isDeleted(), fq_raw()->cmd('EXISTS', "queues:$name:reserved"), $q->pop());
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq001'); ?>
--EXPECT--
int(32)
int(1)
int(1)
bool(true)
bool(true)
int(1)
int(0)
int(0)
bool(true)
bool(true)
int(0)
NULL
