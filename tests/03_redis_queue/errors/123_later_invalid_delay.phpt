--TEST--
later/laterRaw with a negative, non-finite or over-10-years delay: ValueError naming $delay; a wrong type is a TypeError; nothing is added
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
$raw = fq_raw();
fq_clean('rq123');
$q = fq_queue(['queue' => 'rq123']);
$delays = [
    '-1' => -1,
    '-0.5' => -0.5,
    'PHP_INT_MIN' => PHP_INT_MIN,
    'NAN' => NAN,
    'INF' => INF,
    '-INF' => -INF,
    '10 years + 1 s' => 315360001,
    '10 years + 0.5 s' => 315360000.5,
    'PHP_INT_MAX' => PHP_INT_MAX,
    '1e300' => 1e300,
    'a date in 11 years' => new DateTimeImmutable('+11 years'),
    '"5"' => '5',
    'null' => null,
    'stdClass' => new stdClass(),
];
foreach ($delays as $label => $d) {
    echo $label, ":\n  ", fq_try(fn() => $q->later($d, 'J')), "\n  ", fq_try(fn() => $q->laterRaw($d, '{"job":"J","id":"x","attempts":0}')), "\n";
}
var_dump($raw->cmd('EXISTS', 'queues:rq123', 'queues:rq123:delayed', 'queues:rq123:notify'));
// The largest delay allowed is accepted.
$q->later(315360000, 'J');
var_dump($q->delayedSize());
fq_clean('rq123');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq123'); ?>
--EXPECT--
-1:
  ValueError: FastQueue\RedisQueue::later(): Argument #1 ($delay) must be greater than or equal to 0
  ValueError: FastQueue\RedisQueue::laterRaw(): Argument #1 ($delay) must be greater than or equal to 0
-0.5:
  ValueError: FastQueue\RedisQueue::later(): Argument #1 ($delay) must be greater than or equal to 0
  ValueError: FastQueue\RedisQueue::laterRaw(): Argument #1 ($delay) must be greater than or equal to 0
PHP_INT_MIN:
  ValueError: FastQueue\RedisQueue::later(): Argument #1 ($delay) must be greater than or equal to 0
  ValueError: FastQueue\RedisQueue::laterRaw(): Argument #1 ($delay) must be greater than or equal to 0
NAN:
  ValueError: FastQueue\RedisQueue::later(): Argument #1 ($delay) must be a finite number of seconds
  ValueError: FastQueue\RedisQueue::laterRaw(): Argument #1 ($delay) must be a finite number of seconds
INF:
  ValueError: FastQueue\RedisQueue::later(): Argument #1 ($delay) must be a finite number of seconds
  ValueError: FastQueue\RedisQueue::laterRaw(): Argument #1 ($delay) must be a finite number of seconds
-INF:
  ValueError: FastQueue\RedisQueue::later(): Argument #1 ($delay) must be a finite number of seconds
  ValueError: FastQueue\RedisQueue::laterRaw(): Argument #1 ($delay) must be a finite number of seconds
10 years + 1 s:
  ValueError: FastQueue\RedisQueue::later(): Argument #1 ($delay) must be at most 315360000 seconds (10 years) from now
  ValueError: FastQueue\RedisQueue::laterRaw(): Argument #1 ($delay) must be at most 315360000 seconds (10 years) from now
10 years + 0.5 s:
  ValueError: FastQueue\RedisQueue::later(): Argument #1 ($delay) must be at most 315360000 seconds (10 years) from now
  ValueError: FastQueue\RedisQueue::laterRaw(): Argument #1 ($delay) must be at most 315360000 seconds (10 years) from now
PHP_INT_MAX:
  ValueError: FastQueue\RedisQueue::later(): Argument #1 ($delay) must be at most 315360000 seconds (10 years) from now
  ValueError: FastQueue\RedisQueue::laterRaw(): Argument #1 ($delay) must be at most 315360000 seconds (10 years) from now
1e300:
  ValueError: FastQueue\RedisQueue::later(): Argument #1 ($delay) must be at most 315360000 seconds (10 years) from now
  ValueError: FastQueue\RedisQueue::laterRaw(): Argument #1 ($delay) must be at most 315360000 seconds (10 years) from now
a date in 11 years:
  ValueError: FastQueue\RedisQueue::later(): Argument #1 ($delay) must be at most 315360000 seconds (10 years) from now
  ValueError: FastQueue\RedisQueue::laterRaw(): Argument #1 ($delay) must be at most 315360000 seconds (10 years) from now
"5":
  TypeError: FastQueue\RedisQueue::later(): Argument #1 ($delay) must be of type DateTimeInterface|int|float, string given
  TypeError: FastQueue\RedisQueue::laterRaw(): Argument #1 ($delay) must be of type DateTimeInterface|int|float, string given
null:
  TypeError: FastQueue\RedisQueue::later(): Argument #1 ($delay) must be of type DateTimeInterface|int|float, null given
  TypeError: FastQueue\RedisQueue::laterRaw(): Argument #1 ($delay) must be of type DateTimeInterface|int|float, null given
stdClass:
  TypeError: FastQueue\RedisQueue::later(): Argument #1 ($delay) must be of type DateTimeInterface|int|float, stdClass given
  TypeError: FastQueue\RedisQueue::laterRaw(): Argument #1 ($delay) must be of type DateTimeInterface|int|float, stdClass given
int(0)
int(1)
