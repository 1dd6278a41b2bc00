--TEST--
Worker stop(): the status must be an exit code 0-255; a refused status never turns into "go on", so stop_when_empty still ends the run; stop(255) returns 255
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w040';
fq_clean($name);
$q = fq_queue(['queue' => $name]);

// Outside a run: out of range is a ValueError for argument #1, in range is accepted.
$w = fqw_worker($q, fn($job) => null);
foreach ([-1, 256, 2 ** 31, 2 ** 32, PHP_INT_MAX, PHP_INT_MIN] as $status) {
    try {
        $w->stop($status);
        echo "stop($status): accepted\n";
    } catch (ValueError $e) {
        echo "stop($status): ", $e->getMessage(), "\n";
    }
}
foreach ([0, 255] as $status) {
    $w->stop($status);
    echo "stop($status): accepted\n";
}

// Inside a run: a refused stop() leaves the stop conditions alone, so stop_when_empty ends
// the run after the one job with status 0. The looping listener is only a safety net that
// ends a run which went on anyway.
$q->push('A');
$w = null;
$w = fqw_worker($q, function ($job) use (&$w) {
    foreach ([-1, 2 ** 31] as $status) {
        try {
            $w->stop($status);
            echo "in job stop($status): accepted\n";
        } catch (ValueError $e) {
            echo "in job stop($status): ValueError\n";
        }
    }
    echo 'ran ', $job->getName(), "\n";
});
$w->on('looping', function () use (&$w) {
    static $rounds = 0;
    if (++$rounds > 3) {
        echo "still looping\n";
        $w->stop(99);
    }
});
var_dump($w->daemon($name));
echo fqw_counts($name), "\n";

// stop(255) from a handler: daemon() returns 255, and the stopping event gets it.
$q->bulk(['B', 'C']);
$w = fqw_worker($q, function ($job) use (&$w) {
    echo 'ran ', $job->getName(), "\n";
    $w->stop(255);
}, ['stop_when_empty' => false]);
$w->on('stopping', function ($status) { echo "stopping $status\n"; });
var_dump($w->daemon($name));
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w040'); ?>
--EXPECT--
stop(-1): FastQueue\Worker::stop(): Argument #1 ($status) must be between 0 and 255
stop(256): FastQueue\Worker::stop(): Argument #1 ($status) must be between 0 and 255
stop(2147483648): FastQueue\Worker::stop(): Argument #1 ($status) must be between 0 and 255
stop(4294967296): FastQueue\Worker::stop(): Argument #1 ($status) must be between 0 and 255
stop(9223372036854775807): FastQueue\Worker::stop(): Argument #1 ($status) must be between 0 and 255
stop(-9223372036854775808): FastQueue\Worker::stop(): Argument #1 ($status) must be between 0 and 255
stop(0): accepted
stop(255): accepted
in job stop(-1): ValueError
in job stop(2147483648): ValueError
ran A
int(0)
pending=0 delayed=0 reserved=0
ran B
stopping 255
int(255)
pending=1 delayed=0 reserved=0
