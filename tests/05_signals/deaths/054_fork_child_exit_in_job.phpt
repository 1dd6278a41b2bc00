--TEST--
A job forks and its child exit()s (or dies of a fatal error) through the worker: the child sends nothing over the parent's connection (no acknowledgement, no hand-back, no reply read), so every job runs once and the parent goes on
--EXTENSIONS--
fastqueue
pcntl
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading uninitialised memory, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/signals.inc';
$queue = 'sg054';
// Jobs a, fork, b, c, d in one prefetched batch: when "fork" runs, a's acknowledgement is
// pending, fork's start mark is sent without its reply read, and b, c, d wait in the buffer.
// The child of "fork" ends through the worker: exit(0), then (second round) a fatal error.
// Were the child to end the run as the parent would, it would acknowledge a, read the reply
// owed to the parent, and hand b, c, d back while the parent still runs them: they would run
// twice, and the parent would wait for a reply that never comes.
// (The fatal error is memory exhausted: PHP 8.4 deprecates trigger_error()'s E_USER_ERROR.)
foreach (['exit(0);', 'ini_set("memory_limit", "16M"); $s = str_repeat("x", 64 << 20);'] as $death) {
    fq_clean($queue);
    $q = fq_queue(['queue' => $queue]);
    foreach (['a', 'fork', 'b', 'c', 'd'] as $data) {
        $q->push('J', $data);
    }
    $handler = 'function ($job) {
        echo "run ", $job->getData(), "\n";
        if ($job->getData() === "fork") {
            $pid = pcntl_fork();
            if ($pid === 0) { ' . $death . ' }
            pcntl_waitpid($pid, $st);
            echo "child ended ", pcntl_wifexited($st) ? "with " . pcntl_wexitstatus($st) : "by a signal", "\n";
        }
    }';
    // A fatal error ends PHP's request without freeing what the script holds: PHP's own
    // allocator drops it all at once at shutdown, but the memory passes run with
    // USE_ZEND_ALLOC=0, where every block is a malloc() of its own that is then reported as
    // lost (PHP's blocks only, __zend_malloc under php_execute_script; a plain script that
    // dies of a fatal error, forked or not, leaks the same). So the worker of
    // that case runs with PHP's allocator, as 05/019's do: valgrind and ASan still see
    // FastQueue's own malloc()s, hiredis's and the lease's, and every invalid access.
    $env = str_contains($death, 'memory_limit') ? ['USE_ZEND_ALLOC' => '1'] : [];
    $c = fq_sig_worker($queue, $handler, ['sleep' => 0.1, 'timeout' => 0, 'timeout_grace' => 0.5, 'prefetch' => 8,
        'stop_when_empty' => true], ['retry_after' => 30], '', '', [], $env);
    $r = $c->wait(fq_sig_t(10));
    echo "-- $death\n", fq_sig_status($r), "\n", $r['stdout'];
    // (PHP 8.5 follows a fatal error with its stack trace: left out, as any trace is.)
    echo preg_replace(['/^PHP Stack trace:.*\z/ms', '/^(PHP )?Stack trace:\n(#\d+ .*\n)*/m'], '', preg_replace(['/ in \S+ on line \d+/', '/tried to allocate \d+ bytes/'], ['', 'tried to allocate N bytes'], $r['stderr']));
    echo fq_sig_state($queue), "\n";
}
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg054'); ?>
--EXPECT--
-- exit(0);
status 0
looping
run a
run fork
child ended with 0
run b
run c
run d
event stopping 0
daemon returned 0
pending [] reserved [] delayed []
-- ini_set("memory_limit", "16M"); $s = str_repeat("x", 64 << 20);
status 0
looping
run a
run fork
child ended with 255
run b
run c
run d
event stopping 0
daemon returned 0
PHP Fatal error:  Allowed memory size of 16777216 bytes exhausted (tried to allocate N bytes)
Fatal error: Allowed memory size of 16777216 bytes exhausted (tried to allocate N bytes)
pending [] reserved [] delayed []