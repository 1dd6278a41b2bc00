--TEST--
A fatal error in a job restores the signal dispositions before shutdown: a shutdown function sees the pcntl handler and the default SIGTERM found before the run, and the worker can run again
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
$queue = 'sg033';
fq_clean($queue);
fq_clean('sg033empty');
fq_queue(['queue' => $queue])->push('J', 'fatal', null, ['timeout' => 30]);
$c = fq_child(<<<'PHP'
pcntl_signal(SIGUSR2, function ($signo) { echo "old SIGUSR2 handler ran\n"; });
$w = new FastQueue\Worker(fq_queue(), function ($job) {
    echo "start ", $job->getData(), "\n";
    eval('function sg033_twice() {} function sg033_twice() {}');
}, ['sleep' => 0]);
register_shutdown_function(function () use ($w) {
    echo "shutdown\n";
    posix_kill(getmypid(), SIGUSR2);
    pcntl_signal_dispatch();
    try {
        var_dump($w->runNextJob('sg033empty'));
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
    echo "sending SIGTERM\n";
    posix_kill(getmypid(), SIGTERM);
    echo "survived SIGTERM\n";
});
$w->runNextJob('sg033');
PHP);
$r = $c->wait(fq_sig_t(5));
echo fq_sig_status($r), "\n", $r['stdout'];
echo preg_match('/^(PHP )?Fatal error: Cannot redeclare/m', $r['stderr']) ? "fatal error reported\n" : "stderr: {$r['stderr']}\n";
// The job stays reserved, as after kill -9.
echo fq_sig_state($queue), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('sg033'); fq_clean('sg033empty'); } ?>
--EXPECT--
killed by signal 15
start fatal
shutdown
old SIGUSR2 handler ran
bool(false)
sending SIGTERM
fatal error reported
pending [] reserved [fatal:1] delayed []
