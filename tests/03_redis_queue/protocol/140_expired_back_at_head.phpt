--TEST--
pop puts expired reservations back at the head of their queue in the order they were reserved (also past a chunk of 100, and with a migration batch), ahead of jobs pushed since; due delayed jobs still go to the tail
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/config.inc';
$name = 'rq140';
$raw = fq_raw();
$member = fn($i) => '{"job":"J","data":"e' . $i . '","id":"e' . $i . '","attempts":0}';
$data = fn(array $payloads) => implode(' ', array_map(fn($p) => json_decode($p, true)['data'], $payloads));

foreach ([-1, 120] as $batch) {
    fq_clean($name);
    $q = fq_queue(['queue' => $name, 'migration_batch_size' => $batch]);
    $q->push('J', 'pushed-since');
    $raw->cmd('ZADD', "queues:$name:delayed", '5', '{"job":"J","data":"due","id":"d","attempts":0}');
    // 250 expired reservations, reserved in order e1..e250 (scores as the reserve writes them).
    for ($i = 250; $i >= 1; $i--) {
        $raw->cmd('ZADD', "queues:$name:reserved", sprintf('100.%03d', $i), $member($i));
    }
    $job = $q->pop();
    $pending = $raw->cmd('LRANGE', "queues:$name", '0', '-1');
    echo "batch $batch: popped ", $job->getData(), ' attempts ', $job->attempts(), '; next: ', $data(array_slice($pending, 0, 3)),
        ' ... ', $data(array_slice($pending, -3)), '; ', count($pending), " pending, notify ", $raw->cmd('LLEN', "queues:$name:notify"), "\n";
    $expected = $batch < 0
        ? array_merge(array_map($member, range(2, 250)), ['pushed-since', 'due'])
        : array_merge(array_map($member, range(2, 120)), ['pushed-since', 'due']);
    var_dump(array_map(fn($p) => json_decode($p, true)['data'], $pending) === array_map(fn($p) => str_starts_with($p, '{') ? json_decode($p, true)['data'] : $p, $expected));
}
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq140'); ?>
--EXPECT--
batch -1: popped e1 attempts 1; next: e2 e3 e4 ... e250 pushed-since due; 251 pending, notify 251
bool(true)
batch 120: popped e1 attempts 1; next: e2 e3 e4 ... e120 pushed-since due; 121 pending, notify 121
bool(true)
