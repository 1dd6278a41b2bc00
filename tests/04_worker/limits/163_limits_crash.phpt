--TEST--
Limits: a worker killed (kill -9) while its job holds the only concurrency slot: the slot comes back within retry_after, and a waiting worker runs the job again
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/limits.inc';
$name = 'w163';
fqlim_clean($name, $name);
$raw = fq_raw();
$raw->cmd('DEL', "$name:stop");
$q = fq_queue(['queue' => $name]);
// A job runs until the test sets $name:stop.
$body = 'while (!$raw->cmd("EXISTS", "$key:stop")) { usleep(50000); }';
$options = ['limits' => [$name => ['concurrency' => 1]], 'sleep' => 10, 'tries' => 3];
$q->push('X@y', ['long'], $name);
// retry_after 2; under valgrind, where a worker takes many seconds to start, 30, so that the
// second worker comes while the first one's reservation holds.
$retryAfter = fq_slow() ? 30 : 2;
$a = fqlim_worker($name, $name, $options, $retryAfter, $body);
fqlim_ready($a);
for ($until = microtime(true) + fqlim_t(10); microtime(true) < $until && !fqlim_starts($name); usleep(20000));
// A second job waits behind it: the limit holds it back, and the second worker waits for the
// slot (a queue with no job waiting is waited for as any empty queue).
$q->push('X@y', ['next'], $name);
$b = fqlim_worker($name, $name, $options, $retryAfter, $body);
fqlim_ready($b);
usleep(500000);
echo 'before the kill: ', count(fqlim_starts($name)), " start(s)\n";
$a->signal(SIGKILL);
$killed = microtime(true);
$a->wait(5);
for ($until = $killed + $retryAfter + fqlim_t(8); microtime(true) < $until && count(fqlim_starts($name)) < 2; usleep(20000));
$starts = fqlim_starts($name);
$back = ($starts[1][0] ?? INF) - $killed;
// The reservation ends at most retry_after after the kill (whole seconds, so a second more
// before a look at :reserved sees it ended), and the waiting worker's wait is told when.
echo 'after the kill: ', count($starts), " starts, the second by ", ($starts[1][3] ?? 0) === $b->pid ? 'the waiting worker' : 'another', ', ',
    $back <= $retryAfter + 1.0 || fq_slow() ? 'within retry_after' : sprintf('%.2f s after the kill', $back), ", attempt ", $starts[1][1] ?? '-', "\n";
$raw->cmd('SET', "$name:stop", '1');
for ($until = microtime(true) + fqlim_t(10); microtime(true) < $until && count(fqlim_starts($name)) < 3; usleep(20000));
fqlim_stop($b);
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/limits.inc'; if (fq_test_port()) { fqlim_clean('w163', 'w163'); fq_raw()->cmd('DEL', 'w163:stop'); } ?>
--EXPECT--
before the kill: 1 start(s)
after the kill: 2 starts, the second by the waiting worker, within retry_after, attempt 2
pending=0 delayed=0 reserved=0
