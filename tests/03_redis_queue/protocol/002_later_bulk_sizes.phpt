--TEST--
later, bulk, the size counters and clear
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/config.inc';
$name = 'rq002';
fq_clean($name);
$r = fq_raw();
$q = fq_queue(['queue' => $name]);
$before = time();
$id = $q->later(60, 'Later', 'x');
[$payload, $score] = $r->cmd('ZRANGE', "queues:$name:delayed", '0', '-1', 'WITHSCORES');
var_dump(json_decode($payload, true)['id'] === $id, (int) $score >= $before - 1 + 60 && (int) $score <= time() + 60);
var_dump($q->pop(), $q->delayedSize());

$ids = $q->bulk(['A', 'B', 'C'], ['n' => 1]);
var_dump(count($ids), count(array_unique($ids)));
$listed = array_map(fn($p) => json_decode($p, true), $r->cmd('LRANGE', "queues:$name", '0', '-1'));
var_dump(array_column($listed, 'job'), array_column($listed, 'id') === $ids, $r->cmd('LLEN', "queues:$name:notify"));
var_dump($q->bulk([]));
$job = $q->pop();
var_dump($job->getName());
var_dump($q->pendingSize(), $q->delayedSize(), $q->reservedSize(), $q->size());
var_dump($q->clear(), $q->size(), $r->cmd('EXISTS', "queues:$name", "queues:$name:delayed", "queues:$name:reserved", "queues:$name:notify"));
var_dump($q->getQueue(), $q->getQueue('other'));
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq002'); ?>
--EXPECT--
bool(true)
bool(true)
NULL
int(1)
int(3)
int(3)
array(3) {
  [0]=>
  string(1) "A"
  [1]=>
  string(1) "B"
  [2]=>
  string(1) "C"
}
bool(true)
int(3)
array(0) {
}
string(1) "A"
int(2)
int(1)
int(1)
int(4)
int(4)
int(0)
int(0)
string(12) "queues:rq002"
string(12) "queues:other"
