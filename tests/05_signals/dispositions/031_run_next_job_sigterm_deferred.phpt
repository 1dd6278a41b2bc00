--TEST--
SIGTERM during runNextJob() with the default disposition: the job finishes and is deleted, then the signal is raised again and ends the process by SIGTERM; the remaining jobs stay pending
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
$queue = 'sg031';
fq_clean($queue);
$q = fq_queue(['queue' => $queue]);
foreach (['j1', 'j2', 'j3', 'j4'] as $data) {
    $q->push('J', $data);
}
// Each job works (not sleeps: the signal must not cut it short) for 0.3 s.
$c = fq_child('$w = new FastQueue\Worker(fq_queue(), ' . fq_sig_busy_handler(0.3) . ', ["sleep" => 0.1]);
$w->on("processed", function ($job) { echo "processed ", $job->getData(), "\n"; });
while ($w->runNextJob("sg031")) {
    echo "runNextJob returned\n";
}
echo "loop ended\n";');
echo $c->waitFor('start j2', fq_sig_t(5)) ? "second job started\n" : "second job did not start\n";
usleep(100000);
$t = fq_sig_now();
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(5));
// The job had about 0.2 s left; the process ends right after it.
fq_sig_time('ended after the job', fq_sig_now() - $t, 0.1, 0.8);
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg031'); ?>
--EXPECT--
second job started
ended after the job: ok
killed by signal 15
start j1 attempts=1
end j1
processed j1
runNextJob returned
start j2 attempts=1
end j2
processed j2
pending [j3:0 j4:0] reserved [] delayed []
