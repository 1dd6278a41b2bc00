--TEST--
Limits: with its first queue held back by its rate, the worker serves its next queue; the held back jobs stay as pushed (no attempt, no release, nothing moved)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/limits.inc';
[$a, $b] = ['w165a', 'w165b'];
fqlim_clean('w165', $a, $b);
$q = fq_queue(['queue' => $a]);
$q->bulk(['X@y', 'X@y', 'X@y'], 'a', $a);
$q->bulk(['X@y', 'X@y', 'X@y'], 'b', $b);
$pushed = fqw_pending($a);
foreach ([1, 32] as $prefetch) {
    $w = fqlim_worker('w165', "$a,$b", ['limits' => [$a => ['rate' => 1, 'per' => 3600]], 'prefetch' => $prefetch, 'timeout' => 10,
        'sleep' => 0.1]);
    fqlim_ready($w);
    for ($until = microtime(true) + fqlim_t(10); microtime(true) < $until && count(fqlim_starts('w165')) < 4; usleep(20000));
    usleep(300000);
    [$stopped] = fqlim_stop($w);
    echo "prefetch $prefetch: ", implode(' ', array_column(fqlim_starts('w165'), 2)), "\n";
    echo '  left in the first queue as pushed: ', fqw_pending($a) === array_slice($pushed, 1) ? 'yes' : 'no', ', ', fqw_counts($a), "\n";
    echo '  held back by the rate: ', preg_match('/^fastqueue_jobs_held_back_total\{[^}]*queue="w165a",limit="rate"\} [1-9]\d*$/m', $stopped['metrics']) ? 'yes' : 'no',
        ', limited seconds: ', preg_match('/^fastqueue_queue_limited_seconds_total\{[^}]*queue="w165a"\} (0\.[1-9]|[1-9])/m', $stopped['metrics']) ? 'above 0.1' : 'no', "\n";
    // The next pass: the rate's window still holds the first start, so the first queue stays held back.
    fq_raw()->cmd('DEL', 'w165:starts');
    $q->bulk(['X@y', 'X@y', 'X@y'], 'b', $b);
    $pushed = array_merge([''], fqw_pending($a));
}
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/limits.inc'; if (fq_test_port()) { fqlim_clean('w165', 'w165a', 'w165b'); } ?>
--EXPECT--
prefetch 1: w165a w165b w165b w165b
  left in the first queue as pushed: yes, pending=2 delayed=0 reserved=0
  held back by the rate: yes, limited seconds: above 0.1
prefetch 32: w165b w165b w165b
  left in the first queue as pushed: yes, pending=2 delayed=0 reserved=0
  held back by the rate: yes, limited seconds: above 0.1
