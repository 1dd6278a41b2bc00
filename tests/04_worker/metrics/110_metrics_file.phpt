--TEST--
metrics_file: written as the run starts, rewritten while jobs run, never seen half-written (interval 0.1), every job in its last write, no temporary file left
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/metrics_export.inc';
$name = 'w110';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$dir = fqm_dir('w110');
$file = "$dir/fastqueue.prom";

$c = fqm_worker($name, ['metrics_file' => $file, 'metrics_interval' => 0.1]);
fqm_ready($c);
// Written as the run starts, before any job.
$first = @file_get_contents($file);
echo 'at start: ', $first === false ? 'no file' : (fqm_whole($first) ? 'whole' : 'not whole'),
    ', processed ', var_export(fqm_sample((string) $first, 'fastqueue_jobs_total', ['outcome' => 'processed']), true), "\n";

fqm_push($q, $name, 6, 0.4);
// Read it as fast as possible while the jobs run: each read must be a whole exposition (the
// worker writes PATH.tmp.PID and renames it over PATH), and the counts must move.
$reads = $bad = 0;
$seen = [];
for ($t = microtime(true); microtime(true) - $t < (fq_slow() ? 8 : 2.6); ) {
    $text = @file_get_contents($file);
    $reads++;
    if ($text === false || !fqm_whole($text)) {
        if ($bad++ < 3) {
            echo "a read that is not whole:\n", var_export(substr((string) $text, -200), true), "\n";
        }
        continue;
    }
    $seen[(string) fqm_sample($text, 'fastqueue_jobs_total', ['outcome' => 'processed'])] = true;
}
echo 'reads: ', $reads > 1000 ? 'many' : $reads, ', not whole: ', $bad, "\n";
echo 'processed counts seen while running: ', count($seen) >= 3 ? 'at least 3' : implode(',', array_keys($seen)), "\n";

for ($t = microtime(true); microtime(true) - $t < 20 && fqw_counts($name) !== 'pending=0 delayed=0 reserved=0'; usleep(50000));
usleep(300000);
$c->signal(SIGTERM);
$r = $c->wait(20);
echo trim($r['stdout']), "\n", $r['stderr'];
$last = file_get_contents($file);
echo 'last write: ', fqm_whole($last) ? 'whole' : 'not whole', ', processed ', fqm_sample($last, 'fastqueue_jobs_total', ['queue' => $name, 'outcome' => 'processed']),
    ', running ', fqm_sample($last, 'fastqueue_jobs_running'), "\n";
echo 'left in the folder: ', implode(' ', array_map('basename', glob("$dir/*"))), "\n";
fqm_rmdir($dir);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w110'); ?>
--EXPECT--
at start: whole, processed NULL
reads: many, not whole: 0
processed counts seen while running: at least 3
ready
stopped 0
last write: whole, processed 6, running 0
left in the folder: fastqueue.prom
