--TEST--
SIGTERM, SIGINT and SIGQUIT during a job: the job finishes and is deleted, no other job starts, daemon() returns 0
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
foreach (['SIGTERM' => 15, 'SIGINT' => 2, 'SIGQUIT' => 3] as $name => $signo) {
    $queue = 'sg001' . strtolower($name);
    fq_clean($queue);
    $q = fq_queue(['queue' => $queue]);
    $q->push('J', 'first');
    $q->push('J', 'second');
    // The job works for 0.6 s and does not sleep, so the signal cannot cut it short.
    $c = fq_sig_worker($queue, fq_sig_busy_handler(0.6), ['sleep' => 0.1]);
    echo "$name: ", $c->waitFor('start first', fq_sig_t(5)) ? 'job started' : 'job did not start', "\n";
    usleep(100000);
    $t = fq_sig_now();
    $c->signal($signo);
    $r = $c->wait(fq_sig_t(5));
    fq_sig_time("$name: exit after the job", fq_sig_now() - $t, 0.3, 1.5);
    echo "$name: ", fq_sig_status($r), "\n";
    echo $r['stdout'], $r['stderr'];
    echo fq_sig_state($queue), "\n";
    fq_clean($queue);
}
?>
--CLEAN--
<?php
require __DIR__ . '/../../inc/config.inc';
if (fq_test_port()) {
    foreach (['sigterm', 'sigint', 'sigquit'] as $s) {
        fq_clean("sg001$s");
    }
}
?>
--EXPECT--
SIGTERM: job started
SIGTERM: exit after the job: ok
SIGTERM: status 0
looping
start first attempts=1
end first
event stopping 0
daemon returned 0
pending [second:0] reserved [] delayed []
SIGINT: job started
SIGINT: exit after the job: ok
SIGINT: status 0
looping
start first attempts=1
end first
event stopping 0
daemon returned 0
pending [second:0] reserved [] delayed []
SIGQUIT: job started
SIGQUIT: exit after the job: ok
SIGQUIT: status 0
looping
start first attempts=1
end first
event stopping 0
daemon returned 0
pending [second:0] reserved [] delayed []
