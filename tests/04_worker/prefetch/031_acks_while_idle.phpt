--TEST--
Worker acknowledgements: a job finished just before the worker idles (paused, maintenance, looping false) is acknowledged at once, not left reserved to run again after retry_after (child processes)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); if (!function_exists('posix_kill')) die('skip posix'); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
// Laravel deletes a job as soon as it has run. FastQueue defers the delete to the next reserve
// round trip: that round trip must not wait for the end of a pause.
$down = sys_get_temp_dir() . '/fq-w031-down-' . fq_test_port(); // per run: see 026
$cases = [
    'w031p' => ['paused', '$w->pause();'],
    'w031m' => ['maintenance', 'touch(' . var_export("$down-w031m", true) . ');'],
    'w031l' => ['looping false', '$GLOBALS["veto"] = true;'],
];
$children = [];
foreach ($cases as $name => [$label, $idle]) {
    fq_clean($name);
    fq_queue(['queue' => $name])->push('A');
    $children[$name] = fq_child('require ' . var_export(__DIR__ . '/../../inc/worker_jobs.inc', true) . ';
$w = null;
$veto = false;
$w = fqw_worker(fq_queue(["queue" => "' . $name . '", "retry_after" => 1]), function ($job) use (&$w) {
    ' . $idle . '
    echo "ran ", $job->getName(), "#", $job->attempts(), "\n";
}, ["stop_when_empty" => false, "sleep" => 0.1, "maintenance_file" => ' . var_export("$down-$name", true) . ']);
$w->on("looping", fn() => !$GLOBALS["veto"]);
exit($w->daemon("' . $name . '"));
');
}
foreach ($children as $child) {
    $child->waitFor('ran A', fq_slow() ? 20 : 5);
}
// Past retry_after: an unacknowledged reservation would have expired by now.
usleep(1200000);
foreach ($cases as $name => [$label, $idle]) {
    $q = fq_queue(['queue' => $name, 'retry_after' => 1]);
    $again = $q->pop();
    echo "$label: ", fqw_counts($name), ', another worker ', $again ? 'GOT ' . $again->getName() . '#' . $again->attempts() . ' AGAIN' : 'gets nothing', "\n";
    $again?->delete();
    $children[$name]->signal(SIGTERM);
}
foreach ($cases as $name => [$label, $idle]) {
    $r = $children[$name]->wait(fq_slow() ? 20 : 5);
    echo "$label: status ", var_export($r['status'], true), ', ', trim($r['stdout'] . $r['stderr']), "\n";
}
@unlink("$down-w031m");
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc';
if (fq_test_port()) { fq_clean('w031p'); fq_clean('w031m'); fq_clean('w031l'); }
@unlink(sys_get_temp_dir() . '/fq-w031-down-' . fq_test_port()); ?>
--EXPECT--
paused: pending=0 delayed=0 reserved=0, another worker gets nothing
maintenance: pending=0 delayed=0 reserved=0, another worker gets nothing
looping false: pending=0 delayed=0 reserved=0, another worker gets nothing
paused: status 0, ran A#1
maintenance: status 0, ran A#1
looping false: status 0, ran A#1
