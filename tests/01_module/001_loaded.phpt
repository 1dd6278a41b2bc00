--TEST--
The extension loads and reports its version and hiredis version
--EXTENSIONS--
fastqueue
--FILE--
<?php
var_dump(extension_loaded('fastqueue'));
var_dump(phpversion('fastqueue') === '0.1.0');
ob_start();
(new ReflectionExtension('fastqueue'))->info();
$info = ob_get_clean();
var_dump((bool) preg_match('/Version => 0\.1\.0/', $info));
var_dump((bool) preg_match('/hiredis version => \d+\.\d+\.\d+/', $info));
foreach (['Exception', 'ConnectionException', 'RedisException', 'PayloadException'] as $c) {
    echo "FastQueue\\$c: ", get_parent_class("FastQueue\\$c"), "\n";
}
$rc = new ReflectionClass(FastQueue\RedisQueue::class);
var_dump($rc->isFinal());
try {
    serialize(new FastQueue\RedisQueue());
} catch (Exception $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
try {
    clone new FastQueue\RedisQueue();
} catch (Error $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
FastQueue\Exception: RuntimeException
FastQueue\ConnectionException: FastQueue\Exception
FastQueue\RedisException: FastQueue\Exception
FastQueue\PayloadException: FastQueue\Exception
bool(true)
Exception: Serialization of 'FastQueue\RedisQueue' is not allowed
Error: Trying to clone an uncloneable object of class FastQueue\RedisQueue
