--TEST--
A fatal error in a 'processed' listener with prefetch 4 is guarded as one in a job: the finished job is acknowledged, the three prefetched jobs go back to the head of the queue untouched and in order, nothing stays reserved, and the signal dispositions are restored before shutdown functions run
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
$queue = 'sg042';
fq_clean($queue);
$q = fq_queue(['queue' => $queue]);
foreach (['j1', 'j2', 'j3', 'j4'] as $data) {
    $q->push('J', $data);
}
$pushed = $q->pendingSize() === 4 ? fq_raw()->cmd('LRANGE', "queues:$queue", '0', '-1') : [];
$before = <<<'PHP'
$w->on('processed', function ($job) {
    if ($job->getData() === 'j1') {
        // A fatal error (E_COMPILE_ERROR: PHP bails out, as for any fatal error), without
        // E_USER_ERROR, which PHP 8.4 deprecates.
        eval('final class FqListenerDied {}');
        eval('final class FqListenerDied {}');
    }
});
register_shutdown_function(function () {
    // The worker's SIGTERM handler would only set a flag: after the run the default is back,
    // and this ends the process.
    echo "shutdown\n";
    posix_kill(getmypid(), SIGTERM);
    usleep(200000);
    echo "survived SIGTERM at shutdown\n";
});
PHP;
$wopts = ['sleep' => 0.1, 'tries' => 1, 'prefetch' => 4, 'timeout' => 1, 'timeout_grace' => 0.5];
$c = fq_sig_worker($queue, fq_sig_busy_handler(0), $wopts, ['retry_after' => 3], $before);
$r = $c->wait(fq_sig_t(10));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
var_dump(fq_raw()->cmd('LRANGE', "queues:$queue", '0', '-1') === array_slice($pushed, 1));
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg042'); ?>
--EXPECTF--
killed by signal 15
looping
start j1 attempts=1
end j1
shutdown
%AFatal error: Cannot %s FqListenerDied%s
%Apending [j2:0 j3:0 j4:0] reserved [] delayed []
bool(true)
