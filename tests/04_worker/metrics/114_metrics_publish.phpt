--TEST--
metrics_publish: the exposition under P"fastqueue:metrics:{workers}:"WORKER with PX 3 x interval and the worker in the set while it runs; both gone after a normal stop; after kill -9 the key expires by itself
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/metrics_export.inc';
$name = 'w114';
$prefix = 'fq114:';
fq_clean($name, $prefix);
$raw = fq_raw();
$set = $prefix . 'fastqueue:metrics:{workers}';
$raw->cmd('DEL', $set, "$set:w114-a", "$set:w114-b");
$GLOBALS['fqm_queue_options'] = ['prefix' => $prefix];
$q = fq_queue(['queue' => $name, 'prefix' => $prefix]);

$c = fqm_worker($name, ['metrics_publish' => true, 'metrics_worker' => 'w114-a', 'metrics_interval' => 2]);
fqm_ready($c);
fqm_push($q, $name, 2, 0.1);
// The first publication is at the run's start; the one 2 s later shows the jobs.
usleep(fq_slow() ? 5000000 : 2500000);
$text = $raw->cmd('GET', "$set:w114-a");
$pttl = $raw->cmd('PTTL', "$set:w114-a");
$score = $raw->cmd('ZSCORE', $set, 'w114-a');
echo 'while running: ', fqm_whole((string) $text) ? 'whole' : 'not whole', ', processed ',
    fqm_sample((string) $text, 'fastqueue_jobs_total', ['worker' => 'w114-a', 'queue' => $name, 'outcome' => 'processed']),
    ', PTTL ', $pttl > 3000 && $pttl <= 6000 ? 'within 6000 ms' : $pttl,
    ', member scored ', $score !== null && abs((float) $score - time()) < 4 ? 'about now' : var_export($score, true), "\n";
echo 'the published text by the grammar: ', fqm_grammar((string) $text), "\n";
$c->signal(SIGTERM);
$r = $c->wait(20);
echo trim($r['stdout']), "\n", $r['stderr'];
echo 'after a normal stop: key ', $raw->cmd('EXISTS', "$set:w114-a"), ', member ', var_export($raw->cmd('ZSCORE', $set, 'w114-a'), true), "\n";

// kill -9: nothing deletes it; the key lives 5 s (3 x 0.1 s is below the 5 s floor).
$c = fqm_worker($name, ['metrics_publish' => true, 'metrics_worker' => 'w114-b', 'metrics_interval' => 0.1]);
fqm_ready($c);
usleep(300000);
$pttl = $raw->cmd('PTTL', "$set:w114-b");
echo 'interval 0.1: PTTL ', $pttl > 4000 && $pttl <= 5000 ? 'about 5000 ms' : $pttl, "\n";
$c->signal(SIGKILL);
$c->wait(10);
$killed = microtime(true);
echo 'just after kill -9: key ', $raw->cmd('EXISTS', "$set:w114-b"), "\n";
while ($raw->cmd('EXISTS', "$set:w114-b") && microtime(true) - $killed < 10) {
    usleep(100000);
}
$gone = microtime(true) - $killed;
echo 'it expired ', $gone > 3.5 && $gone < 6 ? 'within 5 s' : sprintf('after %.1f s', $gone),
    '; the member stays for readers to drop: ', $raw->cmd('ZSCORE', $set, 'w114-b') !== null ? 'yes' : 'no', "\n";
$raw->cmd('DEL', $set);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w114', 'fq114:'); fq_raw()->cmd('DEL', 'fq114:fastqueue:metrics:{workers}', 'fq114:fastqueue:metrics:{workers}:w114-a', 'fq114:fastqueue:metrics:{workers}:w114-b'); } ?>
--EXPECT--
while running: whole, processed 2, PTTL within 6000 ms, member scored about now
the published text by the grammar: ok
ready
stopped 0
after a normal stop: key 0, member NULL
interval 0.1: PTTL about 5000 ms
just after kill -9: key 1
it expired within 5 s; the member stays for readers to drop: yes
