--TEST--
Without the pcntl functions (php -n, every pcntl_* disabled) signals and timeouts work, and SIGTERM's default action is back after daemon() returns
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
$queue = 'sg007';
fq_clean($queue);
$q = fq_queue(['queue' => $queue]);
$q->push('J', 'spin', null, ['timeout' => 1]);
$q->push('J', 'work');
$q->push('J', 'left');
// Debian's php binaries have pcntl built in, so -n cannot unload it: disable its functions
// instead, so that nothing in the child can install or dispatch a handler through pcntl.
$pcntl = extension_loaded('pcntl') ? get_extension_funcs('pcntl') : ['pcntl_signal'];
$handler = <<<'PHP'
function ($job) {
    echo "start ", $job->getData(), "\n";
    if ($job->getData() === 'spin') {
        while (true) {}
    }
    $until = microtime(true) + 0.6;
    while (microtime(true) < $until) { usleep(5000); }
    echo "end ", $job->getData(), "\n";
}
PHP;
$before = 'echo function_exists("pcntl_signal") || function_exists("pcntl_signal_dispatch") ? "pcntl functions present\n" : "no pcntl functions\n";';
$after = 'echo "sleeping\n"; sleep(10); echo "SIGTERM did not end the process\n";';
$c = fq_sig_worker($queue, $handler, ['sleep' => 0.1, 'timeout_mode' => 'throw'], [], $before, $after,
    ['-n', '-d', 'disable_functions=' . implode(',', $pcntl)]);
echo $c->waitFor('start work', fq_sig_t(6)) ? "second job started\n" : "second job did not start\n";
$c->signal(SIGTERM);
echo $c->waitFor('sleeping', fq_sig_t(3)) ? "daemon returned\n" : "daemon did not return\n";
$t = fq_sig_now();
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(12));
// At once, not after the 10 s sleep that a handler left installed would let finish.
fq_sig_time('killed by the default SIGTERM action', fq_sig_now() - $t, 0, 3);
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
echo 'failed: ', implode(', ', fq_sig_forget_failed($queue)), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/signals.inc'; if (fq_test_port()) { fq_clean('sg007'); fq_sig_forget_failed('sg007'); } ?>
--EXPECT--
second job started
daemon returned
killed by the default SIGTERM action: ok
killed by signal 15
no pcntl functions
looping
start spin
event timeout spin
event failed spin FastQueue\TimeoutException
event exception spin FastQueue\TimeoutException
start work
end work
event stopping 0
daemon returned 0
sleeping
pending [left:0] reserved [] delayed []
failed: FastQueue\TimeoutException
