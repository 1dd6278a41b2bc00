--TEST--
RedisQueue options: an unknown name or a value of the wrong type or range is a ValueError/TypeError naming the option
--EXTENSIONS--
fastqueue
--FILE--
<?php
$cases = [
    ['bogus' => 1],
    ['Host' => '127.0.0.1'],
    ['read_timout' => 1],
    ['blockFor' => 1],
    [0 => 'redis://127.0.0.1'],
    ['port' => 'abc'],
    ['port' => '6379'],
    ['port' => 6379.0],
    ['host' => 127001],
    ['socket' => false],
    ['username' => 1],
    ['password' => 1234],
    ['database' => -1],
    ['database' => '1'],
    ['prefix' => 1],
    ['queue' => []],
    ['retry_after' => 'x'],
    ['retry_after' => -1],
    ['retry_after' => 1.5],
    ['block_for' => -1],
    ['block_for' => NAN],
    ['block_for' => '5'],
    ['connect_timeout' => -1],
    ['connect_timeout' => INF],
    ['read_timeout' => 'x'],
    ['read_timeout' => -0.1],
    ['migration_batch_size' => 0],
    ['migration_batch_size' => -2],
    ['migration_batch_size' => '100'],
];
function label(array $opts): string
{
    $k = array_key_first($opts);
    return var_export($k, true) . ' => ' . str_replace("\n", '', var_export($opts[$k], true));
}
foreach ($cases as $opts) {
    try {
        new FastQueue\RedisQueue($opts);
        echo label($opts), ": accepted\n";
    } catch (TypeError|ValueError $e) {
        $name = array_key_first($opts);
        $named = is_string($name) ? str_contains($e->getMessage(), "\"$name\"") : str_contains($e->getMessage(), 'string keys');
        echo label($opts), ': ', get_class($e), $named ? '' : ' NOT NAMING IT: ' . $e->getMessage(), "\n";
    }
}
// One message in full, for its shape.
try {
    new FastQueue\RedisQueue(['host' => '127.0.0.1', 'retyr_after' => 90]);
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
// null keeps a default where the stub allows it.
foreach (['retry_after', 'block_for', 'read_timeout', 'host', 'password', 'url'] as $k) {
    new FastQueue\RedisQueue([$k => null]);
}
echo "nulls accepted\n";
?>
--EXPECT--
'bogus' => 1: ValueError
'Host' => '127.0.0.1': ValueError
'read_timout' => 1: ValueError
'blockFor' => 1: ValueError
0 => 'redis://127.0.0.1': ValueError
'port' => 'abc': TypeError
'port' => '6379': TypeError
'port' => 6379.0: TypeError
'host' => 127001: TypeError
'socket' => false: TypeError
'username' => 1: TypeError
'password' => 1234: TypeError
'database' => -1: ValueError
'database' => '1': TypeError
'prefix' => 1: TypeError
'queue' => array (): TypeError
'retry_after' => 'x': TypeError
'retry_after' => -1: ValueError
'retry_after' => 1.5: TypeError
'block_for' => -1: ValueError
'block_for' => NAN: ValueError
'block_for' => '5': TypeError
'connect_timeout' => -1: ValueError
'connect_timeout' => INF: ValueError
'read_timeout' => 'x': TypeError
'read_timeout' => -0.1: ValueError
'migration_batch_size' => 0: ValueError
'migration_batch_size' => -2: ValueError
'migration_batch_size' => '100': TypeError
FastQueue\RedisQueue::__construct(): Argument #1 ($options) contains unknown option "retyr_after"
nulls accepted
