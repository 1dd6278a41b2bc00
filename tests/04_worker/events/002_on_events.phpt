--TEST--
Worker::on(): an unknown event is a ValueError naming it, a non-callable a TypeError; it returns the worker; listeners run in the order added
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w002';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$w = fqw_worker($q, fn($job) => null);

foreach (['looping', 'processing', 'processed', 'exception', 'released', 'failed', 'timeout', 'stopping'] as $event) {
    $r = $w->on($event, fn() => null);
    echo $event, ': ', $r === $w ? 'same worker' : 'OTHER', "\n";
}
foreach (['Looping', 'loop', '', 'processing ', 'JobProcessed'] as $event) {
    try {
        $w->on($event, fn() => null);
        echo "'$event' accepted\n";
    } catch (ValueError $e) {
        echo "'$event': ValueError", str_contains($e->getMessage(), "\"$event\"") ? ' naming it' : ': ' . $e->getMessage(),
            str_contains($e->getMessage(), 'Argument #1 ($event)') ? '' : ' (wrong argument)', "\n";
    }
}
foreach (['no_such_function', 5, null] as $listener) {
    try {
        $w->on('processed', $listener);
        echo "accepted\n";
    } catch (TypeError $e) {
        echo 'TypeError', str_contains($e->getMessage(), 'Argument #2 ($listener)') ? '' : ': ' . $e->getMessage(), "\n";
    }
}

// Fluent: chained registrations all take effect, in the order they were added.
$log = [];
$w2 = fqw_worker($q, function ($job) use (&$log) { $log[] = 'handler'; })
    ->on('processing', function ($job) use (&$log) { $log[] = 'processing 1'; })
    ->on('processing', function ($job) use (&$log) { $log[] = 'processing 2'; })
    ->on('processed', function ($job) use (&$log) { $log[] = 'processed'; })
    ->on('stopping', function ($status) use (&$log) { $log[] = "stopping $status"; });
echo get_class($w2), "\n";
$q->push('J');
var_dump($w2->daemon($name));
echo implode("\n", $log), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w002'); ?>
--EXPECT--
looping: same worker
processing: same worker
processed: same worker
exception: same worker
released: same worker
failed: same worker
timeout: same worker
stopping: same worker
'Looping': ValueError naming it
'loop': ValueError naming it
'': ValueError naming it
'processing ': ValueError naming it
'JobProcessed': ValueError naming it
TypeError
TypeError
TypeError
FastQueue\Worker
int(0)
processing 1
processing 2
handler
processed
stopping 0
