--TEST--
later: a DateTimeInterface in the past is due now (pop returns it); a float delay lands in :delayed at floor(now + delay)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
$raw = fq_raw();
fq_clean('rq124');
$q = fq_queue(['queue' => 'rq124']);

// In the past, mutable and immutable, and at the epoch: all due now.
foreach ([new DateTime('-1 hour'), new DateTimeImmutable('-1 day'), new DateTimeImmutable('@0')] as $when) {
    $before = time();
    $id = $q->later($when, 'J');
    $score = (int) $raw->cmd('ZSCORE', 'queues:rq124:delayed', $raw->cmd('ZRANGE', 'queues:rq124:delayed', '0', '0')[0]);
    $after = time();
    var_dump($score >= $before - 1 && $score <= $after);
    $job = $q->pop();
    var_dump($job?->getJobId() === $id);
    $job?->delete();
}

// A float delay: floor(now + 1.5), whatever the fraction of the current second.
$t0 = microtime(true);
$q->later(1.5, 'J');
$t1 = microtime(true);
$score = (int) $raw->cmd('ZSCORE', 'queues:rq124:delayed', $raw->cmd('ZRANGE', 'queues:rq124:delayed', '0', '0')[0]);
var_dump($score >= (int) floor($t0 + 1.5) && $score <= (int) floor($t1 + 1.5));
// Not due yet (unless 1.5 s went by already, which only a slow valgrind run could see).
$t2 = microtime(true);
$early = $q->pop();
var_dump($early === null || $t2 >= $score);
fq_clean('rq124');

// A DateTime in the future: its timestamp exactly.
$at = new DateTimeImmutable('@' . (time() + 3600));
$q->later($at, 'J');
var_dump((int) $raw->cmd('ZSCORE', 'queues:rq124:delayed', $raw->cmd('ZRANGE', 'queues:rq124:delayed', '0', '0')[0]) === $at->getTimestamp());
fq_clean('rq124');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq124'); ?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
