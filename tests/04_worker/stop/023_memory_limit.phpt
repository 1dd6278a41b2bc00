--TEST--
Worker memory: above 'memory' MB after a job the worker stops with 12 (EXIT_MEMORY_LIMIT); the default of 128 MB lets a 20 MB job run (child process)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w023';
var_dump(FastQueue\Worker::EXIT_MEMORY_LIMIT, FastQueue\Worker::EXIT_SUCCESS, FastQueue\Worker::EXIT_ERROR);

function run_child(string $options): array
{
    $child = fq_child('require ' . var_export(__DIR__ . '/../../inc/worker_jobs.inc', true) . ';
$w = fqw_worker(fq_queue(["queue" => "w023"]), function ($job) {
    static $keep = [];
    $keep[] = str_repeat("x", 20 * 1024 * 1024); // 20 MB that stay allocated
    echo "ran ", $job->getName(), "\n";
}, ' . $options . ');
$w->on("stopping", function ($status) { echo "stopping $status\n"; });
exit($w->daemon("w023"));
', ['USE_ZEND_ALLOC' => '1']); // the limit is measured by PHP's allocator, off under valgrind
    return $child->wait(fq_slow() ? 30 : 10);
}

// The default limit, 128 MB: 3 jobs keep 60 MB, the worker drains the queue.
fq_clean($name);
fq_queue(['queue' => $name])->bulk(['A', 'B', 'C']);
$r = run_child('[]');
echo 'status ', var_export($r['status'], true), "\n", $r['stdout'], $r['stderr'], fqw_counts($name), "\n";

// 8 MB: the first job goes over it; the worker stops with 12 after that job, which is acknowledged.
fq_clean($name);
fq_queue(['queue' => $name])->bulk(['A', 'B', 'C']);
$pending = fqw_pending($name);
$r = run_child('["memory" => 8]');
echo 'status ', var_export($r['status'], true), "\n", $r['stdout'], $r['stderr'], fqw_counts($name), "\n";
var_dump(fqw_pending($name) === array_slice($pending, 1));
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w023'); ?>
--EXPECT--
int(12)
int(0)
int(1)
status 0
ran A
ran B
ran C
stopping 0
pending=0 delayed=0 reserved=0
status 12
ran A
stopping 12
pending=2 delayed=0 reserved=0
bool(true)
