--TEST--
The signal event: each quit, pause and resume signal reaches the signal listeners with the running job, inside the job's code (before it ends), or between jobs with null, and a SIGTERM before the stopping listeners; the worker acts on it as before
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
$queue = 'sg052';
fq_clean($queue);
$q = fq_queue(['queue' => $queue]);
$q->push('J', 'j1');
$q->push('J', 'j2');
$names = [SIGUSR2 => 'SIGUSR2', SIGCONT => 'SIGCONT', SIGTERM => 'SIGTERM'];
$c = fq_sig_worker($queue, fq_sig_busy_handler(1.0), ['sleep' => 0.2], [],
    '$w->on("signal", function ($signo, $job) { echo "event signal ", ' . var_export($names, true) . '[$signo] ?? $signo, " ", $job ? $job->getData() : "between jobs", "\n"; });');
echo $c->waitFor('start j1', fq_sig_t(5)) ? "j1 started\n" : "j1 did not start\n";
$c->signal(SIGUSR2);
echo $c->waitFor('end j1', fq_sig_t(5)) ? "j1 finished\n" : "j1 did not finish\n";
usleep(300000);
$c->signal(SIGCONT);
echo $c->waitFor('start j2', fq_sig_t(5)) ? "j2 started\n" : "j2 did not start\n";
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(8));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg052'); ?>
--EXPECT--
j1 started
j1 finished
j2 started
status 0
looping
start j1 attempts=1
event signal SIGUSR2 j1
end j1
event signal SIGCONT between jobs
start j2 attempts=1
event signal SIGTERM j2
end j2
event stopping 0
daemon returned 0
pending [] reserved [] delayed []
