--TEST--
Limits: with lease renewal, a job running 10 x retry_after keeps its concurrency slot: a second worker starts no other job of that queue until it ends
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/limits.inc';
$name = 'w164';
fqlim_clean($name, $name);
$q = fq_queue(['queue' => $name]);
// The first job runs 20 s (retry_after is 2); the others end at once.
$body = 'if ($job->payload()["data"] === "long") { sleep(20); }';
$options = ['limits' => [$name => ['concurrency' => 1]], 'lease_renewal' => true, 'sleep' => 1, 'timeout' => 0];
$a = fqlim_worker($name, $name, $options, 2, $body);
$b = fqlim_worker($name, $name, $options, 2, $body);
fqlim_ready($a, $b);
$q->push('X@y', 'long', $name);
usleep(300000);
$q->bulk(['X@y', 'X@y'], 'short', $name);
for ($until = microtime(true) + fqlim_t(40); microtime(true) < $until && count(fqlim_starts($name)) < 3; usleep(50000));
$stopped = fqlim_stop($a, $b);
$starts = fqlim_starts($name);
$long = $starts[0][0] ?? 0;
echo 'starts: ', count($starts), "\n";
// Each short job starts only once the long one has ended: 20 s after its start.
echo 'short jobs started after the long one ended: ', count(array_filter(array_slice($starts, 1), fn($s) => $s[0] >= $long + 19.9)), "\n";
echo 'attempts above 1: ', count(array_filter($starts, fn($s) => $s[1] !== 1)), "\n";
echo 'renewed: ', array_sum(array_map(fn($s) => $s['stats']['lease_renewals'], $stopped)) >= 5 ? 'yes' : 'no', "\n";
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/limits.inc'; if (fq_test_port()) { fqlim_clean('w164', 'w164'); } ?>
--EXPECT--
starts: 3
short jobs started after the long one ended: 2
attempts above 1: 0
renewed: yes
pending=0 delayed=0 reserved=0
