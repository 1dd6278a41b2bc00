--TEST--
Every WRONGTYPE error names the key at fault, so an operator can tell which of a queue's keys to repair
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
$q = fq_queue(['queue' => 'rq115']);
// [key to break, what it becomes, call]
$cases = [
    'push' => ['queues:rq115', 'string', fn() => $q->push('J')],
    'pop' => ['queues:rq115', 'string', fn() => $q->pop()],
    'size' => ['queues:rq115', 'string', fn() => $q->size()],
    'pendingSize' => ['queues:rq115', 'string', fn() => $q->pendingSize()],
    'clear' => ['queues:rq115', 'string', fn() => $q->clear()],
    'size (delayed)' => ['queues:rq115:delayed', 'list', fn() => $q->size()],
    'later' => ['queues:rq115:delayed', 'list', fn() => $q->later(5, 'J')],
    'laterRaw' => ['queues:rq115:delayed', 'list', fn() => $q->laterRaw(5, '{"job":"J","id":"x","attempts":0}')],
    'delayedSize' => ['queues:rq115:delayed', 'list', fn() => $q->delayedSize()],
    'clear (delayed)' => ['queues:rq115:delayed', 'list', fn() => $q->clear()],
    'reservedSize' => ['queues:rq115:reserved', 'string', fn() => $q->reservedSize()],
    'delete' => ['queues:rq115:reserved', 'string', 'delete'],
    'fail' => ['queues:rq115:reserved', 'string', 'fail'],
    'release' => ['queues:rq115:delayed', 'string', 'release'],
];
foreach ($cases as $what => [$key, $as, $call]) {
    fq_clean('rq115');
    if (is_string($call)) {
        $q->push('J');
        $job = $q->pop();
        $method = $call;
        $call = fn() => $job->$method();
    }
    $raw->cmd('DEL', $key);
    $as === 'string' ? $raw->cmd('SET', $key, 'x') : $raw->cmd('RPUSH', $key, 'x');
    $msg = fq_try($call);
    $ok = str_starts_with($msg, 'FastQueue\RedisException: ') && str_contains($msg, 'WRONGTYPE')
        && preg_match('/(^|[^\w:])' . preg_quote($key, '/') . '([^\w:]|$)/', $msg);
    echo $what, ': ', $ok ? 'names ' . $key : $msg, "\n";
}
fq_clean('rq115');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq115'); ?>
--EXPECT--
push: names queues:rq115
pop: names queues:rq115
size: names queues:rq115
pendingSize: names queues:rq115
clear: names queues:rq115
size (delayed): names queues:rq115:delayed
later: names queues:rq115:delayed
laterRaw: names queues:rq115:delayed
delayedSize: names queues:rq115:delayed
clear (delayed): names queues:rq115:delayed
reservedSize: names queues:rq115:reserved
delete: names queues:rq115:reserved
fail: names queues:rq115:reserved
release: names queues:rq115:delayed
