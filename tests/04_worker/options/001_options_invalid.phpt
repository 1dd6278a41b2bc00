--TEST--
Worker: an unknown option, a wrong type or a bad value is a TypeError/ValueError naming the option; a bad handler is a TypeError
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/config.inc';
$q = fq_queue(['queue' => 'w001']);
$cases = [
    ['tries ' => 1], ['Tries' => 1], ['queue' => 'x'], ['max-jobs' => 1], [0 => 1],
    ['name' => ''], ['name' => 5], ['name' => null],
    ['sleep' => '1'], ['sleep' => -1], ['sleep' => -0.5], ['sleep' => NAN], ['sleep' => INF], ['sleep' => null],
    ['tries' => -1], ['tries' => 1.5], ['tries' => '3'], ['tries' => null],
    ['backoff' => -1], ['backoff' => []], ['backoff' => [1, 'x']], ['backoff' => [1, -2]], ['backoff' => '1,2'], ['backoff' => 1.5], ['backoff' => [1.5]],
    ['timeout' => -1], ['timeout' => 1.5], ['timeout' => '60'], ['timeout' => 86400 * 365 + 1],
    ['memory' => 0], ['memory' => -1], ['memory' => '128'], ['memory' => 1.5],
    ['max_jobs' => -1], ['max_jobs' => '1'],
    ['max_time' => -1], ['max_time' => 0.5],
    ['rest' => -1], ['rest' => 'x'],
    ['force' => 1], ['force' => 'yes'], ['force' => null],
    ['stop_when_empty' => 1], ['stop_when_empty' => 'true'],
    ['restart_key' => ''], ['restart_key' => 5], ['restart_key' => false],
    ['maintenance_file' => ''], ['maintenance_file' => []],
    ['timeout_mode' => 'hang'], ['timeout_mode' => 'KILL'], ['timeout_mode' => 1],
    ['failed_store' => 1], ['failed_store' => 'no'],
    ['prefetch' => 0], ['prefetch' => -1], ['prefetch' => 1001], ['prefetch' => '8'], ['prefetch' => 8.0],
    ['timeout_grace' => 0], ['timeout_grace' => -1], ['timeout_grace' => 'x'],
    ['timeout_exit_status' => -1], ['timeout_exit_status' => 256], ['timeout_exit_status' => '3'],
];
foreach ($cases as $opts) {
    $name = array_key_first($opts);
    $label = var_export($name, true) . ' => ' . str_replace("\n", '', var_export($opts[$name], true));
    try {
        new FastQueue\Worker($q, null, $opts);
        echo "$label: accepted\n";
    } catch (TypeError|ValueError $e) {
        $named = is_string($name) ? str_contains($e->getMessage(), "\"$name\"") : str_contains($e->getMessage(), 'string keys');
        echo "$label: ", get_class($e), str_contains($e->getMessage(), 'Argument #3 ($options)') ? '' : ' (wrong argument)',
            $named ? '' : ' NOT NAMING IT: ' . $e->getMessage(), "\n";
    }
}

// Every option with a good value is accepted, ints where floats are allowed too.
$w = new FastQueue\Worker($q, null, [
    'name' => 'w1', 'sleep' => 0.25, 'tries' => 0, 'backoff' => [0, 1, 5], 'timeout' => 0, 'memory' => 1,
    'max_jobs' => 10, 'max_time' => 60, 'rest' => 0, 'force' => true, 'stop_when_empty' => false,
    'restart_key' => null, 'maintenance_file' => null, 'timeout_mode' => 'throw', 'failed_store' => false,
    'prefetch' => 1000, 'timeout_grace' => 0.5, 'timeout_exit_status' => 0,
]);
echo get_class($w), "\n";
$w = new FastQueue\Worker($q, null, ['sleep' => 3, 'rest' => 1.5, 'backoff' => 3, 'timeout_mode' => 'kill',
    'restart_key' => 'k', 'maintenance_file' => '/nonexistent/down', 'timeout' => 86400 * 365]);
echo get_class($w), "\n";

// The handler: any callable or null; anything else is a TypeError for argument #2.
foreach (['strlen', fn($j) => null, [new ArrayObject(), 'count'], null] as $h) {
    new FastQueue\Worker($q, $h);
}
echo "callables accepted\n";
foreach (['no_such_function', 42, [new stdClass(), 'nope'], 'Nope::method', new stdClass()] as $h) {
    try {
        new FastQueue\Worker($q, $h);
        echo "accepted\n";
    } catch (TypeError $e) {
        echo 'TypeError', str_contains($e->getMessage(), 'Argument #2 ($handler)') ? '' : ': ' . $e->getMessage(), "\n";
    }
}
// The queue must be a RedisQueue.
try {
    new FastQueue\Worker(new stdClass());
} catch (TypeError $e) {
    echo "TypeError for the queue\n";
}
?>
--EXPECT--
'tries ' => 1: ValueError
'Tries' => 1: ValueError
'queue' => 'x': ValueError
'max-jobs' => 1: ValueError
0 => 1: ValueError
'name' => '': ValueError
'name' => 5: TypeError
'name' => NULL: TypeError
'sleep' => '1': TypeError
'sleep' => -1: ValueError
'sleep' => -0.5: ValueError
'sleep' => NAN: ValueError
'sleep' => INF: ValueError
'sleep' => NULL: TypeError
'tries' => -1: ValueError
'tries' => 1.5: TypeError
'tries' => '3': TypeError
'tries' => NULL: TypeError
'backoff' => -1: ValueError
'backoff' => array (): TypeError
'backoff' => array (  0 => 1,  1 => 'x',): ValueError
'backoff' => array (  0 => 1,  1 => -2,): ValueError
'backoff' => '1,2': TypeError
'backoff' => 1.5: TypeError
'backoff' => array (  0 => 1.5,): ValueError
'timeout' => -1: ValueError
'timeout' => 1.5: TypeError
'timeout' => '60': TypeError
'timeout' => 31536001: ValueError
'memory' => 0: ValueError
'memory' => -1: ValueError
'memory' => '128': TypeError
'memory' => 1.5: TypeError
'max_jobs' => -1: ValueError
'max_jobs' => '1': TypeError
'max_time' => -1: ValueError
'max_time' => 0.5: TypeError
'rest' => -1: ValueError
'rest' => 'x': TypeError
'force' => 1: TypeError
'force' => 'yes': TypeError
'force' => NULL: TypeError
'stop_when_empty' => 1: TypeError
'stop_when_empty' => 'true': TypeError
'restart_key' => '': ValueError
'restart_key' => 5: TypeError
'restart_key' => false: TypeError
'maintenance_file' => '': ValueError
'maintenance_file' => array (): TypeError
'timeout_mode' => 'hang': ValueError
'timeout_mode' => 'KILL': ValueError
'timeout_mode' => 1: TypeError
'failed_store' => 1: TypeError
'failed_store' => 'no': TypeError
'prefetch' => 0: ValueError
'prefetch' => -1: ValueError
'prefetch' => 1001: ValueError
'prefetch' => '8': TypeError
'prefetch' => 8.0: TypeError
'timeout_grace' => 0: ValueError
'timeout_grace' => -1: ValueError
'timeout_grace' => 'x': TypeError
'timeout_exit_status' => -1: ValueError
'timeout_exit_status' => 256: ValueError
'timeout_exit_status' => '3': TypeError
FastQueue\Worker
FastQueue\Worker
callables accepted
TypeError
TypeError
TypeError
TypeError
TypeError
TypeError for the queue
