--TEST--
pop migrates due delayed jobs and expired reservations, batched when asked
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/config.inc';
$name = 'rq003';
fq_clean($name);
$r = fq_raw();
// Due delayed jobs (scores in the past) and one not yet due.
foreach (['d1' => 10, 'd2' => 20, 'd3' => 30] as $job => $score) {
    $r->cmd('ZADD', "queues:$name:delayed", (string) $score, json_encode(['job' => $job, 'id' => $job, 'attempts' => 0]));
}
$r->cmd('ZADD', "queues:$name:delayed", (string) (time() + 1000), json_encode(['job' => 'future', 'id' => 'f', 'attempts' => 0]));
// A batch of 2: the first pop moves only the two oldest.
$q = fq_queue(['queue' => $name, 'migration_batch_size' => 2]);
$j = $q->pop();
var_dump($j->getName(), $q->pendingSize(), $q->delayedSize());
$j = $q->pop();
var_dump($j->getName(), $q->pendingSize(), $q->delayedSize());
$j = $q->pop();
var_dump($j->getName(), $q->delayedSize(), $q->reservedSize());

// Expired reservations go back to the queue and keep their attempts.
$r->cmd('DEL', "queues:$name:delayed");
$q2 = fq_queue(['queue' => $name, 'retry_after' => 60]);
$r->cmd('ZADD', "queues:$name:reserved", '5', json_encode(['job' => 'expired', 'id' => 'e', 'attempts' => 1]));
$before = time();
$e = $q2->pop();
$after = time();
var_dump($e->getName(), $e->attempts());
[$member, $score] = $r->cmd('ZRANGE', "queues:$name:reserved", '0', '-1', 'WITHSCORES');
// Reserved until the pop's time + 60 (the - 1: C's time() may lag PHP's by a few ms).
var_dump((int) $score >= $before - 1 + 60 && (int) $score <= $after + 60);

// retry_after null: expired reservations stay where they are.
$r->cmd('DEL', "queues:$name:reserved");
$r->cmd('ZADD', "queues:$name:reserved", '5', json_encode(['job' => 'stays', 'id' => 's', 'attempts' => 1]));
$q3 = fq_queue(['queue' => $name, 'retry_after' => null]);
var_dump($q3->pop(), $q3->reservedSize());
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq003'); ?>
--EXPECT--
string(2) "d1"
int(1)
int(2)
string(2) "d2"
int(1)
int(1)
string(2) "d3"
int(1)
int(3)
string(7) "expired"
int(2)
bool(true)
NULL
int(1)
