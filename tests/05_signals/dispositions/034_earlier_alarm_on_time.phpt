--TEST--
An alarm set before daemon() fires when it was due, not later by the run's length: pcntl_alarm(3) before a run of about 2 s fires about 3 s after it was set
--EXTENSIONS--
fastqueue
posix
pcntl
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading uninitialised memory, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/signals.inc';
$queue = 'sg034';
fq_clean($queue);
// The job has a timeout, so daemon() arms its own timer while the job runs.
fq_queue(['queue' => $queue])->push('J', 'two-seconds', null, ['timeout' => 30]);
$before = <<<'PHP'
$alarmed = null;
pcntl_signal(SIGALRM, function ($signo) use (&$alarmed, &$t0) { $alarmed = microtime(true) - $t0; });
$t0 = microtime(true);
pcntl_alarm(3);
PHP;
$after = <<<'PHP'
$ran = microtime(true) - $t0;
$until = microtime(true) + 10;
while (microtime(true) < $until && $alarmed === null) { pcntl_signal_dispatch(); usleep(10000); }
// Due 3 s after it was set; a run longer than that (valgrind) makes it due at once on return.
$due = max(3.0, $ran);
echo $alarmed !== null && $alarmed > $due - 0.3 && $alarmed < $due + (getenv('USE_ZEND_ALLOC') === '0' ? 1.5 : 0.5)
    ? "alarm on time\n" : sprintf("alarm at %s s, due at %.2f s\n", var_export($alarmed, true), $due);
PHP;
$c = fq_sig_worker($queue, fq_sig_busy_handler(2), ['sleep' => 0.1, 'stop_when_empty' => true], [], $before, $after);
$r = $c->wait(fq_sig_t(15));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg034'); ?>
--EXPECT--
status 0
looping
start two-seconds attempts=1
end two-seconds
event stopping 0
daemon returned 0
alarm on time
pending [] reserved [] delayed []
