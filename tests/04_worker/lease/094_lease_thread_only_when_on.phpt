--TEST--
Lease renewal starts a thread only when it is on and only for a run: by default (off), and with a retry_after too short to lease, a job runs with no thread but PHP's and the crash recorder's (which stays from run to run until the worker is freed); on, one more while the run lasts, none after it
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); if (!is_dir('/proc/self/task')) die('skip needs /proc/self/task'); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w094';
fq_clean($name);
// Threads of this process beyond those it had before any worker ran (a memory checker may
// run threads of its own).
$base = count(glob('/proc/self/task/*'));
$extra = fn() => count(glob('/proc/self/task/*')) - $base;
foreach ([
    'default' => [[], 2],
    'lease_renewal off' => [['lease_renewal' => false], 2],
    'lease_renewal on, retry_after 1' => [['lease_renewal' => true], 1],
    'lease_renewal on' => [['lease_renewal' => true], 2],
] as $label => [$options, $retryAfter]) {
    $q = fq_queue(['queue' => $name, 'retry_after' => $retryAfter]);
    $q->push('J', $label);
    $during = null;
    $w = fqw_worker($q, function ($job) use (&$during, $extra) { $during = $extra(); }, $options + ['timeout' => 0]);
    $ran = $w->runNextJob($name);
    $after = $extra();
    unset($w, $q);
    echo "$label: ran ", var_export($ran, true), ", extra threads during the job $during, after the run $after, once the worker is freed ", $extra(), "\n";
}
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w094'); ?>
--EXPECT--
default: ran true, extra threads during the job 1, after the run 1, once the worker is freed 0
lease_renewal off: ran true, extra threads during the job 1, after the run 1, once the worker is freed 0
lease_renewal on, retry_after 1: ran true, extra threads during the job 1, after the run 1, once the worker is freed 0
lease_renewal on: ran true, extra threads during the job 2, after the run 1, once the worker is freed 0
pending=0 delayed=0 reserved=0
