--TEST--
RedisQueue clock: a delayed job a producer made due at the current second (precise clock, as PHP 8.4's time() reads it) is popped at once, also in the first milliseconds of a second, when the kernel's coarse clock still shows the last one
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/config.inc';
$name = 'rq125';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$raw = fq_raw();
$missed = 0;
$rounds = 10;
for ($i = 0; $i < $rounds; $i++) {
    // Just after a second begins: microtime() reads the precise clock (gettimeofday).
    $t = microtime(true);
    usleep((int) ((ceil($t) - $t) * 1e6));
    while (($now = microtime(true)) - floor($now) > 0.5) {
        // a late wake-up: wait for the next second's start
        usleep((int) ((ceil($now) - $now) * 1e6));
    }
    $payload = json_encode(['job' => 'J', 'data' => $i, 'id' => "d$i", 'attempts' => 0]);
    $raw->cmd('ZADD', "queues:$name:delayed", (string) (int) floor($now), $payload);
    $job = $q->pop();
    if (!$job) {
        $missed++;
        fq_clean($name);
        continue;
    }
    $job->delete();
}
echo "$rounds jobs due now, popped at once: ", $rounds - $missed, "\n";
echo 'left: ', $q->size(), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq125'); ?>
--EXPECT--
10 jobs due now, popped at once: 10
left: 0
