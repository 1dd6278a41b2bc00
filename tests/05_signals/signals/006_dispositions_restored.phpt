--TEST--
daemon() restores the signal dispositions and the interval timer it found: pcntl handlers, SIG_IGN and a pending alarm work again after it returns
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php
require __DIR__ . '/../../inc/config.inc';
fq_skip_unless_redis();
if (!extension_loaded('pcntl')) die('skip pcntl not loaded');
?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading uninitialised memory, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/signals.inc';
$queue = 'sg006';
fq_clean($queue);
fq_queue(['queue' => $queue])->push('J', 'one');
$before = <<<'PHP'
pcntl_signal(SIGTERM, function ($signo) { echo "old SIGTERM handler ran\n"; });
pcntl_signal(SIGUSR2, function ($signo) { echo "old SIGUSR2 handler ran\n"; });
$alarmed = null;
pcntl_signal(SIGALRM, function ($signo) use (&$alarmed, &$t0) { $alarmed = microtime(true) - $t0; echo "old SIGALRM handler ran\n"; });
pcntl_signal(SIGINT, SIG_IGN);
pcntl_alarm(2);
$t0 = microtime(true);
PHP;
$after = <<<'PHP'
posix_kill(getmypid(), SIGTERM);
posix_kill(getmypid(), SIGUSR2);
posix_kill(getmypid(), SIGINT);
pcntl_signal_dispatch();
echo "still alive after SIGINT\n";
// The alarm set before daemon() still fires, about 2 s after it was set.
$until = microtime(true) + (getenv('USE_ZEND_ALLOC') === '0' ? 12 : 4);
while (microtime(true) < $until && $alarmed === null) { pcntl_signal_dispatch(); usleep(10000); }
// (Later under valgrind, where daemon() itself takes seconds: the alarm had 2 s left when it began.)
echo $alarmed !== null && $alarmed > 1.5 && $alarmed < (getenv('USE_ZEND_ALLOC') === '0' ? 10 : 3) ? "alarm on time\n" : "alarm at " . var_export($alarmed, true) . "\n";
PHP;
// The job has a timeout, so daemon() arms its own timer while it runs.
$c = fq_sig_worker($queue, 'function ($job) { echo "ran ", $job->getData(), "\n"; }',
    ['sleep' => 0.1, 'stop_when_empty' => true, 'timeout' => 30], [], $before, $after);
$r = $c->wait(fq_sig_t(8));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg006'); ?>
--EXPECT--
status 0
looping
ran one
event stopping 0
daemon returned 0
old SIGTERM handler ran
old SIGUSR2 handler ran
still alive after SIGINT
old SIGALRM handler ran
alarm on time
pending [] reserved [] delayed []
