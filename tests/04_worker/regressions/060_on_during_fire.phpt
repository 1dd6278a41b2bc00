--TEST--
Worker on() from a listener of the same event, while fire() walks the listeners: the walk goes on over the listeners it began with (the second one still runs, never a freed or reused array), and the new listeners run from the next event on
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w060';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$q->bulk(['A', 'B']);
$calls = [];
$keep = [];
$w = fqw_worker($q, fn($job) => null);
$w->on('processing', function ($job) use (&$w, &$calls, &$keep) {
    $calls[] = 'first:' . $job->getName();
    if ($job->getName() !== 'A') {
        return;
    }
    // Enough listeners to move the array being walked, then allocations of its old size that
    // would overwrite it if the walk still read it.
    for ($i = 0; $i < 40; $i++) {
        $w->on('processing', function ($job) use (&$calls, $i) {
            if ($i === 0 || $i === 39) {
                $calls[] = "added$i:" . $job->getName();
            }
        });
    }
    for ($i = 0; $i < 256; $i++) {
        $keep[] = str_repeat('x', 100) . $i;
    }
});
$w->on('processing', function ($job) use (&$calls) { $calls[] = 'second:' . $job->getName(); });
var_dump($w->daemon($name));
echo implode(' ', $calls), "\n";
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w060'); ?>
--EXPECT--
int(0)
first:A second:A first:B second:B added0:B added39:B
pending=0 delayed=0 reserved=0
