--TEST--
Worker: SIGCONT resumes a worker paused by pause(), as it resumes one paused by SIGUSR2 (Laravel has a single paused flag for both)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); if (!function_exists('posix_kill')) die('skip posix'); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w029';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$q->bulk(['A', 'B']);

// While daemon() runs no PHP code can call resume() (no job, no looping event while paused):
// SIGCONT is the only way to resume it.
$child = fq_child('require ' . var_export(__DIR__ . '/../../inc/worker_jobs.inc', true) . ';
$w = null;
$w = fqw_worker(fq_queue(["queue" => "w029"]), function ($job) use (&$w) {
    echo "ran ", $job->getName(), "\n";
    if ($job->getName() === "A") {
        $w->pause();
    }
}, ["sleep" => 0.1, "stop_when_empty" => false, "max_jobs" => 2]);
exit($w->daemon("w029"));
');
$child->waitFor('ran A', fq_slow() ? 20 : 5);
usleep(500000);
echo 'paused: ', fqw_names(fqw_pending($name)), " pending\n";
$child->signal(SIGCONT);
$resumed = $child->waitFor('ran B', fq_slow() ? 10 : 3);
echo $resumed ? "resumed by SIGCONT\n" : "NOT RESUMED by SIGCONT\n";
if (!$resumed) {
    $child->signal(SIGTERM);
}
$r = $child->wait(fq_slow() ? 20 : 5);
echo 'status ', var_export($r['status'], true), "\n", $r['stdout'], $r['stderr'], fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w029'); ?>
--EXPECT--
paused: B pending
resumed by SIGCONT
status 0
ran A
ran B
pending=0 delayed=0 reserved=0
