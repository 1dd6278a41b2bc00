--TEST--
Worker prefetch 8: 20 jobs run exactly once and in order; each reserved job has its own :reserved entry until now + retry_after, ordered as reserved: the running one exactly as Laravel reserves a job (attempts 1), the ones not started yet as pushed (no attempt charged)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w032';
fq_clean($name);
$q = fq_queue(['queue' => $name, 'retry_after' => 90]);
$raw = fq_raw();

$q->bulk(array_map(fn($i) => sprintf('J%02d', $i), range(1, 20)));
$pushed = fqw_pending($name);
// What Laravel's pop script would put in :reserved for each: attempts + 1, nothing else changed.
$expected = array_map(fn($p) => str_replace('"attempts":0}', '"attempts":1}', $p), $pushed);

$ran = [];
$t0 = time();
$w = fqw_worker($q, function ($job) use (&$ran, $raw, $name, $pushed, $expected, $t0, $q) {
    $i = count($ran);
    $ran[] = $job->getName() . '#' . $job->attempts();
    if ($job->getRawBody() !== $pushed[$i] || $job->getReservedJob() !== $expected[$i]) {
        echo $job->getName(), ": NOT THE PUSHED/RESERVED BYTES\n";
    }
    if (in_array($i, [0, 8, 16], true)) {
        // The batch this job came in: it (charged, as it runs) and the ones after it, up to 8,
        // as pushed, in the order they were reserved. The worker marks a job started without
        // waiting; a command on its own connection first makes sure Redis has that mark.
        $q->size();
        $batch = array_merge([$expected[$i]], array_slice($pushed, $i + 1, 7));
        $reserved = $raw->cmd('ZRANGE', "queues:$name:reserved", '0', '-1', 'WITHSCORES');
        $members = $scores = [];
        for ($k = 0; $k < count($reserved); $k += 2) {
            $members[] = $reserved[$k];
            $scores[] = (float) $reserved[$k + 1];
        }
        $scoresOk = count(array_filter($scores, fn($s) => $s >= $t0 - 1 + 90 && $s < time() + 91)) === count($batch);
        echo $job->getName(), ': batch of ', count($batch), ' in :reserved in order: ', var_export($members === $batch, true),
            ', reserved until now + retry_after: ', var_export($scoresOk, true), ', ', fqw_counts($name), "\n";
    }
}, ['prefetch' => 8, 'overlap' => false]); // batches one at a time (038: overlap)
var_dump($w->daemon($name));
echo implode(',', $ran), "\n";
echo count($ran), ' runs, ', count(array_unique($ran)), " distinct\n";
echo fqw_counts($name), ', notify ', $raw->cmd('LLEN', "queues:$name:notify"), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w032'); ?>
--EXPECT--
J01: batch of 8 in :reserved in order: true, reserved until now + retry_after: true, pending=12 delayed=0 reserved=8
J09: batch of 8 in :reserved in order: true, reserved until now + retry_after: true, pending=4 delayed=0 reserved=8
J17: batch of 4 in :reserved in order: true, reserved until now + retry_after: true, pending=0 delayed=0 reserved=4
int(0)
J01#1,J02#1,J03#1,J04#1,J05#1,J06#1,J07#1,J08#1,J09#1,J10#1,J11#1,J12#1,J13#1,J14#1,J15#1,J16#1,J17#1,J18#1,J19#1,J20#1
20 runs, 20 distinct
pending=0 delayed=0 reserved=0, notify 0
