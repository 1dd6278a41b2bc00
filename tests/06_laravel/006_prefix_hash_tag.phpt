--TEST--
Laravel: a Redis prefix and a hash-tagged queue name give the same keys on both sides
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel.inc'; fq_skip_unless_laravel(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/laravel.inc';

// Laravel takes the prefix from redis.options.prefix (phpredis OPT_PREFIX prefixes the keys of
// EVAL, ZADD, ZREM ...); FastQueue from its 'prefix' option. '{default}' is how a Redis
// Cluster user keeps a queue's four keys in one slot.
$prefix = 'fqtest:';
$name = '{default}';
fq_clean($name, $prefix);
fq_clean($name);
$laravel = fq_laravel_queue($name, $prefix);
$fq = fq_queue(['queue' => $name, 'prefix' => $prefix]);
var_dump($fq->getQueue(), $laravel->getQueue(null), $fq->getPrefix());

function keys(): array
{
    $keys = array_merge(fq_raw()->cmd('KEYS', 'fqtest:queues:{default}*'), fq_raw()->cmd('KEYS', 'queues:{default}*'));
    sort($keys);
    return $keys;
}

echo "Laravel pushes, FastQueue pops\n";
$id = $laravel->push('App\\Jobs\\Pre@handle', ['p' => 1]);
$laravel->later(60, 'App\\Jobs\\Later@handle');
print_r(keys());
$job = $fq->pop();
var_dump($job->getJobId() === $id, $job->attempts());
print_r(keys());
var_dump(fq_raw()->cmd('ZRANGE', 'fqtest:queues:{default}:reserved', '0', '-1') === [$job->getReservedJob()]);
$job->release(60);
var_dump(fq_raw()->cmd('ZCARD', 'fqtest:queues:{default}:delayed'));

echo "FastQueue pushes, Laravel pops\n";
$id = $fq->push('App\\Jobs\\Back@handle', ['p' => 2]);
$lj = $laravel->pop();
var_dump($lj->getJobId() === $id, $lj->attempts());
var_dump(fq_raw()->cmd('ZRANGE', 'fqtest:queues:{default}:reserved', '0', '-1') === [$lj->getReservedJob()]);
$lj->delete();
var_dump(fq_raw()->cmd('EXISTS', 'fqtest:queues:{default}:reserved'));
var_dump($laravel->size(), $fq->size());
var_dump($laravel->clear($name));
print_r(keys());
?>
--CLEAN--
<?php require __DIR__ . '/../inc/config.inc'; if (fq_test_port()) { fq_clean('{default}', 'fqtest:'); fq_clean('{default}'); } ?>
--EXPECT--
string(16) "queues:{default}"
string(16) "queues:{default}"
string(7) "fqtest:"
Laravel pushes, FastQueue pops
Array
(
    [0] => fqtest:queues:{default}
    [1] => fqtest:queues:{default}:delayed
    [2] => fqtest:queues:{default}:notify
)
bool(true)
int(1)
Array
(
    [0] => fqtest:queues:{default}:delayed
    [1] => fqtest:queues:{default}:reserved
)
bool(true)
int(2)
FastQueue pushes, Laravel pops
bool(true)
int(1)
bool(true)
int(0)
int(2)
int(2)
int(2)
Array
(
)
