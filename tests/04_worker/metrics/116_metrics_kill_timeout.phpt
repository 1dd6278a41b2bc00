--TEST--
Metrics exposition at a 'kill' timeout: before the process exits, the file is written and the publication renewed once more, so the attempt that timed out shows
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/metrics_export.inc';
$name = 'w116';
fq_clean($name);
$raw = fq_raw();
$key = 'fastqueue:metrics:{workers}:w116';
$raw->cmd('DEL', 'fastqueue:metrics:{workers}', $key);
$q = fq_queue(['queue' => $name]);
$dir = fqm_dir('w116');
$file = "$dir/m.prom";

// An interval far longer than the run: only the writes at its start and at the exit happen.
$c = fqm_worker($name, ['metrics_file' => $file, 'metrics_publish' => true, 'metrics_worker' => 'w116',
    'metrics_interval' => 3600, 'timeout' => 1]);
fqm_ready($c);
fqm_push($q, $name, 1, 5);
$r = $c->wait(fq_slow() ? 60 : 15);
echo 'exit status ', var_export($r['status'], true), "\n";
foreach (['file' => (string) @file_get_contents($file), 'key' => (string) $raw->cmd('GET', $key)] as $where => $text) {
    echo "$where: ", fqm_whole($text) ? 'whole' : 'not whole',
        ', failed ', fqm_sample($text, 'fastqueue_jobs_total', ['outcome' => 'failed']),
        ', timeouts ', fqm_sample($text, 'fastqueue_job_timeouts_total', ['queue' => $name]), "\n";
}
$pttl = $raw->cmd('PTTL', $key);
echo 'the key expires: ', $pttl > 0 ? 'yes' : $pttl, "\n";
echo 'left in the folder: ', implode(' ', array_map('basename', glob("$dir/*"))), "\n";
fqm_rmdir($dir);
$raw->cmd('DEL', 'fastqueue:metrics:{workers}', $key);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w116'); fq_queue()->flushFailed(); fq_raw()->cmd('DEL', 'fastqueue:metrics:{workers}', 'fastqueue:metrics:{workers}:w116'); } ?>
--EXPECT--
exit status 1
file: whole, failed 1, timeouts 1
key: whole, failed 1, timeouts 1
the key expires: yes
left in the folder: m.prom
