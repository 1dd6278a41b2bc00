--TEST--
A worker on "a,b,c" with block_for 10 waits on the three queues at once: a job pushed to the last one is picked up at once
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading uninitialised memory, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/signals.inc';
$names = ['sg005a', 'sg005b', 'sg005c'];
array_map('fq_clean', $names);
$handler = 'function ($job) { echo "ran ", $job->getData(), " from ", $job->getQueue(), "\n"; }';
$c = fq_sig_worker(implode(',', $names), $handler, ['sleep' => 3], ['block_for' => 10]);
echo $c->waitFor('looping', fq_sig_t(5)) ? "looping\n" : "not looping\n";
echo fq_sig_wait_blpop() ? "blocked in BLPOP\n" : "not blocked\n";
// Let it wait a while, so that a worker polling the queues one after another would be past the first.
usleep(1200000);
$raw = fq_raw();
// Pushed as Laravel's RedisQueue pushes: the payload, then a notify token.
$t = fq_sig_now();
$raw->cmd('RPUSH', 'queues:sg005c', json_encode(['uuid' => 'u-sg005', 'displayName' => 'J', 'job' => 'J',
    'maxTries' => null, 'maxExceptions' => null, 'failOnTimeout' => false, 'backoff' => null, 'timeout' => null,
    'data' => 'c-job', 'id' => 'sg005-1', 'attempts' => 0]));
$raw->cmd('RPUSH', 'queues:sg005c:notify', '1');
echo $c->waitFor('ran c-job', fq_sig_t(10)) ? "picked up\n" : "not picked up\n";
// Well within sleep (3 s) and block_for (10 s): the BLPOP woke on the push.
fq_sig_time('picked up after the push', fq_sig_now() - $t, 0, 1.5);
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(15));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
foreach ($names as $n) {
    echo fq_sig_state($n), "\n";
}
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) array_map('fq_clean', ['sg005a', 'sg005b', 'sg005c']); ?>
--EXPECT--
looping
blocked in BLPOP
picked up
picked up after the push: ok
status 0
looping
ran c-job from sg005c
event stopping 0
daemon returned 0
pending [] reserved [] delayed []
pending [] reserved [] delayed []
pending [] reserved [] delayed []
