--TEST--
Worker: a round it may not run (maintenance, paused, looping false) still ends with Laravel's stop checks: stop_when_empty returns 0, max_time is honoured (child processes)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
// Laravel's daemon(): when daemonShouldRun() is false it calls pauseWorker(), which sleeps and
// then stopIfNecessary() with no job, so --stop-when-empty ends the worker. Each case runs in a
// child so that a worker that never stops is killed rather than hanging the suite.
// Named after this run's redis-server port: another run's CLEAN on this machine leaves it alone.
$down = sys_get_temp_dir() . '/fq-w026-down-' . fq_test_port();
touch($down);
$cases = [
    'w026a' => ['maintenance, stop_when_empty', '["maintenance_file" => ' . var_export($down, true) . ', "stop_when_empty" => true]'],
    'w026b' => ['maintenance, max_time 1', '["maintenance_file" => ' . var_export($down, true) . ', "max_time" => 1]'],
    'w026c' => ['paused, stop_when_empty', '["stop_when_empty" => true]; $pause = true'],
    'w026d' => ['looping false, stop_when_empty', '["stop_when_empty" => true]; $veto = true'],
];
$children = [];
foreach ($cases as $name => [$label, $options]) {
    fq_clean($name);
    fq_queue(['queue' => $name])->push('Never');
    $children[$name] = fq_child('require ' . var_export(__DIR__ . '/../../inc/worker_jobs.inc', true) . ';
$pause = $veto = false;
$options = ' . $options . ';
$w = new FastQueue\Worker(fq_queue(["queue" => "' . $name . '"]), function ($job) { echo "RAN ", $job->getName(), "\n"; }, $options + ["sleep" => 0.2]);
if ($pause) $w->pause();
if ($veto) $w->on("looping", fn() => false);
exit($w->daemon("' . $name . '"));
');
}
// Only so that a worker that never stops cannot hang the suite: each should stop within about
// a second, but four children under valgrind on two CPUs can take far longer to get there.
$deadline = microtime(true) + (fq_slow() ? 90 : 20);
foreach ($cases as $name => [$label, $options]) {
    $r = $children[$name]->wait(max(0.1, $deadline - microtime(true)));
    echo "$label: ", $r['timed_out'] ? 'DID NOT STOP' : 'status ' . var_export($r['status'], true), ' ', trim($r['stdout'] . $r['stderr']),
        ' | ', fqw_counts($name), "\n";
}
unlink($down);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc';
if (fq_test_port()) foreach (['a', 'b', 'c', 'd'] as $x) fq_clean("w026$x");
@unlink(sys_get_temp_dir() . '/fq-w026-down-' . fq_test_port()); ?>
--EXPECT--
maintenance, stop_when_empty: status 0  | pending=1 delayed=0 reserved=0
maintenance, max_time 1: status 0  | pending=1 delayed=0 reserved=0
paused, stop_when_empty: status 0  | pending=1 delayed=0 reserved=0
looping false, stop_when_empty: status 0  | pending=1 delayed=0 reserved=0
