--TEST--
queues:NAME:reserved or :notify of the wrong type: pop, push, delete, reservedSize throw WRONGTYPE and lose no job
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
$raw = fq_raw();
function verdict(string $msg): string
{
    return str_starts_with($msg, 'FastQueue\RedisException: ') && str_contains($msg, 'WRONGTYPE') ? 'RedisException WRONGTYPE' : $msg;
}
fq_clean('rq114');
$q = fq_queue(['queue' => 'rq114']);
$first = $q->push('J', 'first');
$job = $q->pop();
$second = $q->push('J', 'second');

// :reserved a string (the reservation of $job is gone with it).
$raw->cmd('DEL', 'queues:rq114:reserved');
$raw->cmd('SET', 'queues:rq114:reserved', 'not a zset');
$before = fq_snapshot('rq114');
foreach (['pop' => fn() => $q->pop(), 'delete' => fn() => $job->delete(), 'reservedSize' => fn() => $q->reservedSize(),
    'size' => fn() => $q->size(), 'clear' => fn() => $q->clear()] as $what => $f) {
    echo "reserved/$what: ", verdict(fq_try($f)), "\n";
    if (fq_snapshot('rq114') !== $before) {
        echo "  changed Redis: ", fq_snapshot('rq114'), "\n";
    }
}
var_dump($job->isDeleted());
$raw->cmd('DEL', 'queues:rq114:reserved');

// :notify a string: push adds nothing to the list either, pop takes nothing.
$raw->cmd('DEL', 'queues:rq114:notify');
$raw->cmd('SET', 'queues:rq114:notify', 'not a list');
$before = fq_snapshot('rq114');
foreach (['push' => fn() => $q->push('J', 'third'), 'pop' => fn() => $q->pop()] as $what => $f) {
    echo "notify/$what: ", verdict(fq_try($f)), "\n";
    if (fq_snapshot('rq114') !== $before) {
        echo "  changed Redis: ", fq_snapshot('rq114'), "\n";
    }
}
$raw->cmd('DEL', 'queues:rq114:notify');
$job2 = $q->pop();
var_dump($job2->getJobId() === $second, $q->size());
$job2->delete();
fq_clean('rq114');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq114'); ?>
--EXPECT--
reserved/pop: RedisException WRONGTYPE
reserved/delete: RedisException WRONGTYPE
reserved/reservedSize: RedisException WRONGTYPE
reserved/size: RedisException WRONGTYPE
reserved/clear: RedisException WRONGTYPE
bool(false)
notify/push: RedisException WRONGTYPE
notify/pop: RedisException WRONGTYPE
bool(true)
int(1)
