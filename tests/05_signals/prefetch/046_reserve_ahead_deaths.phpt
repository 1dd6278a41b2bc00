--TEST--
Prefetch 1 reserves the next job as a job ends (reserve ahead): a SIGTERM or a fatal error in the finished job's 'processed' listener hands that next job back to the head of its queue as pushed, with no attempt used; kill -9 there leaves it reserved with its attempt counted (as a kill between Laravel's pop and its job's start does), and it comes back after retry_after to run on its next attempt
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
$queue = 'sg046';
$q = fq_queue(['queue' => $queue]);
// Waits (up to 2 s) for Redis to have run the reserve sent ahead, then does $what.
$listener = fn(string $what) => <<<PHP
\$w->on('processed', function (\$job) {
    if (\$job->getData() === 'j1') {
        \$raw = fq_raw();
        for (\$t = 0; \$t < 200 && \$raw->cmd('LLEN', 'queues:sg046') > 1; \$t++) {
            usleep(10000);
        }
        echo "j2 reserved ahead: ", \$raw->cmd('ZCARD', 'queues:sg046:reserved'), "\\n";
        $what
    }
});
PHP;
$deaths = [
    'SIGTERM' => 'posix_kill(getmypid(), SIGTERM);',
    // A fatal error (E_COMPILE_ERROR: PHP bails out, as for any fatal error). The process then
    // ends by SIGTERM in a shutdown function, as in 05/042: after a fatal error PHP leaves its
    // own objects unfreed for its allocator to drop, which the asan/ubsan pass (USE_ZEND_ALLOC=0)
    // would report at a normal exit. The hand-back happens before shutdown functions run.
    'fatal error' => "register_shutdown_function(function () { posix_kill(getmypid(), SIGTERM); usleep(200000); }); "
        . "eval('final class FqAheadDied {}'); eval('final class FqAheadDied {}');",
    'kill -9' => 'posix_kill(getmypid(), SIGKILL); sleep(5);',
];
$wopts = ['sleep' => 0.1, 'tries' => 2, 'timeout' => 1, 'timeout_grace' => 0.5];
foreach ($deaths as $death => $code) {
    echo "== $death\n";
    fq_clean($queue);
    foreach (['j1', 'j2', 'j3'] as $data) {
        $q->push('J', $data);
    }
    $pushed = fq_raw()->cmd('LRANGE', "queues:$queue", '0', '-1');
    $c = fq_sig_worker($queue, fq_sig_busy_handler(0), $wopts, ['retry_after' => 3], $listener($code));
    $r = $c->wait(fq_sig_t(10));
    // PHP's fatal error message (with a stack trace from PHP 8.5 on), once, or stderr as it is.
    $stderr = preg_match('/Fatal error: Cannot .*FqAheadDied/', $r['stderr']) ? "Fatal error\n" : $r['stderr'];
    echo fq_sig_status($r), "\n", $r['stdout'], $stderr;
    echo fq_sig_state($queue), "\n";
    if ($death !== 'kill -9') {
        var_dump(fq_raw()->cmd('LRANGE', "queues:$queue", '0', '-1') === array_slice($pushed, 1));
    }
}
// The job reserved ahead by the killed worker comes back after retry_after on attempt 2.
echo fq_sig_wait_expired($queue, fq_sig_t(8)) ? "reservation expired\n" : "reservation did not expire\n";
$c = fq_sig_worker($queue, fq_sig_busy_handler(0), $wopts + ['stop_when_empty' => true], ['retry_after' => 3]);
$r = $c->wait(fq_sig_t(10));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg046'); ?>
--EXPECTF--
== SIGTERM
status 0
looping
start j1 attempts=1
end j1
j2 reserved ahead: 1
event stopping 0
daemon returned 0
pending [j2:0 j3:0] reserved [] delayed []
bool(true)
== fatal error
killed by signal 15
looping
start j1 attempts=1
end j1
j2 reserved ahead: 1
Fatal error
pending [j2:0 j3:0] reserved [] delayed []
bool(true)
== kill -9
killed by signal 9
looping
start j1 attempts=1
end j1
j2 reserved ahead: 1
pending [j3:0] reserved [j2:1] delayed []
reservation expired
status 0
looping
start j2 attempts=2
end j2
start j3 attempts=1
end j3
event stopping 0
daemon returned 0
FastQueue: attempt 1 of J ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (3 s) without renewing it
pending [] reserved [] delayed []
