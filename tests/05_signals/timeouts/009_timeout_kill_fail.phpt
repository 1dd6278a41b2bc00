--TEST--
Timeout in 'kill' mode: failed (recorded in the failed store, not left reserved) with failOnTimeout or when its tries are used up; the worker's 'timeout' applies to a job without one; timeout_exit_status sets the exit status
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
$handler = 'function ($job) { echo "start ", $job->getData(), " attempts=", $job->attempts(), "\n"; sleep(10); echo "slept\n"; }';
$cases = [
    // queue => [push options, worker options]
    'sg009a' => [['timeout' => 1, 'failOnTimeout' => true], ['tries' => 3]],
    'sg009b' => [['timeout' => 1], ['tries' => 1]],
    'sg009c' => [[], ['tries' => 3, 'timeout' => 1]],
    // timeout_exit_status: the status of the exit, and the one the stopping listeners get.
    'sg009d' => [['timeout' => 1], ['tries' => 3, 'timeout_exit_status' => 7]],
];
foreach ($cases as $queue => [$push, $wopts]) {
    fq_clean($queue);
    fq_sig_forget_failed($queue);
    fq_queue(['queue' => $queue])->push('J', $queue, null, $push);
    $c = fq_sig_worker($queue, $handler, ['sleep' => 0.1] + $wopts);
    echo "$queue: ", $c->waitFor("start $queue", fq_sig_t(5)) ? "started\n" : "did not start\n";
    $t = fq_sig_now();
    $r = $c->wait(fq_sig_t(8));
    fq_sig_time("$queue: exit after the timeout", fq_sig_now() - $t, 0.5, 2.0);
    echo "$queue: ", fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
    echo "$queue: ", fq_sig_state($queue), "\n";
    echo "$queue: failed: ", implode(', ', fq_sig_forget_failed($queue)), "\n";
}
?>
--CLEAN--
<?php
require __DIR__ . '/../../inc/signals.inc';
if (fq_test_port()) {
    foreach (['sg009a', 'sg009b', 'sg009c', 'sg009d'] as $queue) {
        fq_clean($queue);
        fq_sig_forget_failed($queue);
    }
}
?>
--EXPECT--
sg009a: started
sg009a: exit after the timeout: ok
sg009a: status 1
looping
start sg009a attempts=1
event timeout sg009a
event failed sg009a FastQueue\MaxAttemptsExceededException
event stopping 1
sg009a: pending [] reserved [] delayed []
sg009a: failed: FastQueue\MaxAttemptsExceededException
sg009b: started
sg009b: exit after the timeout: ok
sg009b: status 1
looping
start sg009b attempts=1
event timeout sg009b
event failed sg009b FastQueue\MaxAttemptsExceededException
event stopping 1
sg009b: pending [] reserved [] delayed []
sg009b: failed: FastQueue\MaxAttemptsExceededException
sg009c: started
sg009c: exit after the timeout: ok
sg009c: status 1
looping
start sg009c attempts=1
event timeout sg009c
event stopping 1
sg009c: pending [] reserved [sg009c:1] delayed []
sg009c: failed: 
sg009d: started
sg009d: exit after the timeout: ok
sg009d: status 7
looping
start sg009d attempts=1
event timeout sg009d
event stopping 7
sg009d: pending [] reserved [sg009d:1] delayed []
sg009d: failed: 
