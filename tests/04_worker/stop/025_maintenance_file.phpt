--TEST--
Worker maintenance_file: while the file exists no job runs (unless force); once it is removed the jobs run
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w025';
$down = sys_get_temp_dir() . '/fq-w025-down-' . fq_test_port(); // per run: see 026
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$q->bulk(['A', 'B']);
touch($down);

$child = fq_child('require ' . var_export(__DIR__ . '/../../inc/worker_jobs.inc', true) . ';
echo "worker up\n";
$w = fqw_worker(fq_queue(["queue" => "w025"]), function ($job) { echo "ran ", $job->getName(), "\n"; },
    ["maintenance_file" => ' . var_export($down, true) . ', "sleep" => 0.2, "stop_when_empty" => false, "max_jobs" => 2]);
exit($w->daemon("w025"));
');
$child->waitFor('worker up', fq_slow() ? 20 : 5);
usleep(fq_slow() ? 2000000 : 1000000);
echo 'in maintenance: ', trim($child->stdout()), ' | ', fqw_counts($name), "\n";
unlink($down);
$r = $child->wait(fq_slow() ? 20 : 5);
echo 'status ', var_export($r['status'], true), "\n", $r['stdout'], $r['stderr'], fqw_counts($name), "\n";

// force: jobs run although the file exists.
touch($down);
$q->bulk(['C', 'D']);
$w = fqw_worker($q, function ($job) { echo 'forced ', $job->getName(), "\n"; }, ['maintenance_file' => $down, 'force' => true]);
var_dump($w->daemon($name));
echo fqw_counts($name), "\n";
unlink($down);

// A maintenance file that does not exist does not stop anything.
$q->push('E');
$w = fqw_worker($q, function ($job) { echo 'ran ', $job->getName(), "\n"; }, ['maintenance_file' => $down]);
var_dump($w->daemon($name));
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w025'); @unlink(sys_get_temp_dir() . '/fq-w025-down-' . fq_test_port()); ?>
--EXPECT--
in maintenance: worker up | pending=2 delayed=0 reserved=0
status 0
worker up
ran A
ran B
pending=0 delayed=0 reserved=0
forced C
forced D
int(0)
pending=0 delayed=0 reserved=0
ran E
int(0)
