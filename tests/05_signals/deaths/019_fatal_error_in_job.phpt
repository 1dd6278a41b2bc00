--TEST--
A fatal error inside a job (memory exhausted; a compile error): the process ends with 255, prefetched jobs are handed back untouched, the job stays reserved and runs again with attempts 2 after retry_after
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
$handler = <<<'PHP'
function ($job) {
    echo "start ", $job->getData(), " attempts=", $job->attempts(), "\n";
    if ($job->attempts() === 1 && $job->getData() === 'memory') {
        ini_set('memory_limit', '32M');
        $big = str_repeat('x', 64 << 20);
    }
    if ($job->attempts() === 1 && $job->getData() === 'compile') {
        eval('function sg019_twice() {} function sg019_twice() {}');
    }
    echo "end ", $job->getData(), "\n";
}
PHP;
$queues = ['sg019a' => 'memory', 'sg019b' => 'compile'];
$children = [];
foreach ($queues as $queue => $data) {
    fq_clean($queue);
    $q = fq_queue(['queue' => $queue]);
    $q->push('J', $data);
    $q->push('J', "$data-next");
    // prefetch 2: the second job is reserved with the first and must be handed back. Its
    // reservation (retry_after 4) outlasts a run (timeout 1 + grace 0.5 + 1 s of rounding), so
    // the worker really prefetches (else it says "prefetch 2 unused" and reserves one at a time).
    // memory_limit holds only with PHP's own allocator (run-tests -m sets USE_ZEND_ALLOC=0).
    $children[$queue] = fq_sig_worker($queue, $handler, ['sleep' => 0.1, 'tries' => 3, 'prefetch' => 2, 'timeout' => 1, 'timeout_grace' => 0.5], ['retry_after' => 4],
        '', '', [], ['USE_ZEND_ALLOC' => '1']);
}
foreach ($children as $queue => $c) {
    $r = $c->wait(fq_sig_t(5));
    echo "$queue: ", fq_sig_status($r), "\n", $r['stdout'];
    echo preg_match('/^(PHP )?Fatal error: (Allowed memory size|Cannot redeclare)/m', $r['stderr']) ? "fatal error reported\n" : "stderr: {$r['stderr']}\n";
    echo str_contains($r['stderr'], 'unused') ? "PREFETCH UNUSED: {$r['stderr']}\n" : "prefetch in use\n";
    echo "$queue: ", fq_sig_state($queue), "\n";
}
foreach ($queues as $queue => $data) {
    echo "$queue: ", fq_sig_wait_expired($queue, 8) ? "reservation expired\n" : "reservation did not expire\n";
}
$c = fq_sig_worker('sg019a,sg019b', $handler, ['sleep' => 0.1, 'tries' => 3, 'stop_when_empty' => true], ['retry_after' => 1]);
$r = $c->wait(fq_sig_t(8));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
foreach ($queues as $queue => $data) {
    echo "$queue: ", fq_sig_state($queue), "\n";
}
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('sg019a'); fq_clean('sg019b'); } ?>
--EXPECTF--
sg019a: status 255
looping
start memory attempts=1
fatal error reported
prefetch in use
sg019a: pending [memory-next:0] reserved [memory:1] delayed []
sg019b: status 255
looping
start compile attempts=1
fatal error reported
prefetch in use
sg019b: pending [compile-next:0] reserved [compile:1] delayed []
sg019a: reservation expired
sg019b: reservation expired
status 0
looping
start memory attempts=2
end memory
start memory-next attempts=1
end memory-next
start compile attempts=2
end compile
start compile-next attempts=1
end compile-next
event stopping 0
daemon returned 0
FastQueue: attempt 1 of J ended its worker: Allowed memory size of 33554432 bytes exhausted (tried to allocate %d bytes) in %s:10
FastQueue: attempt 1 of J ended its worker: Cannot redeclare %Ssg019_twice() (previously declared in %s(13) : eval()'d code:1) in %s(13) : eval()'d code:1
sg019a: pending [] reserved [] delayed []
sg019b: pending [] reserved [] delayed []
