--TEST--
Timeout in 'kill' mode with no tries left: failing the job (failed listeners, the failed-job record, stopping listeners) is not cut short by timeout_grace: a failed listener that works 2.5 s past a 0.5 s grace completes; one that never returns is ended by the watchdog about 10 s later, with a line that says so
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/signals.inc';
$queue = 'sg053';
fq_clean($queue);
fq_sig_forget_failed($queue);
$q = fq_queue(['queue' => $queue]);
// Works (not sleeps: the watchdog's alarm would cut a sleep short) for $seconds, then says so.
$failedListener = fn (string $seconds) => '$w->on("failed", function ($job) { '
    . '$until = microtime(true) + ' . $seconds . '; while (microtime(true) < $until) { usleep(5000); } '
    . 'echo "failed listener done\n"; });';
$opts = ['sleep' => 0.1, 'tries' => 1, 'timeout' => 1, 'timeout_grace' => 0.5];

echo "-- a failed listener that takes 2.5 s --\n";
$q->push('J', 'slow');
$c = fq_sig_worker($queue, fq_sig_busy_handler(30), $opts, [], $failedListener('2.5'));
$r = $c->wait(fq_sig_t(20));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
echo 'failed: ', implode(', ', fq_sig_forget_failed($queue)), "\n";

echo "-- a failed listener that never returns --\n";
$q->push('J', 'stuck');
$c = fq_sig_worker($queue, fq_sig_busy_handler(30), $opts, [], $failedListener('1e9'));
echo $c->waitFor('start stuck', fq_sig_t(5)) ? "started\n" : "did not start\n";
$t = fq_sig_now();
$r = $c->wait(fq_sig_t(30));
fq_sig_time('ended by the watchdog after the timeout and 10 s', fq_sig_now() - $t, 10.5, 16.0);
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
fq_sig_forget_failed($queue);
fq_clean($queue);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/signals.inc'; if (fq_test_port()) { fq_clean('sg053'); fq_sig_forget_failed('sg053'); } ?>
--EXPECTF--
-- a failed listener that takes 2.5 s --
status 1
looping
start slow attempts=1
event timeout slow
event failed slow FastQueue\MaxAttemptsExceededException
failed listener done
event stopping 1
pending [] reserved [] delayed []
failed: FastQueue\MaxAttemptsExceededException
-- a failed listener that never returns --
started
ended by the watchdog after the timeout and 10 s: ok
status 1
looping
start stuck attempts=1
event timeout stuck
event failed stuck FastQueue\MaxAttemptsExceededException
FastQueue: job J ran past its timeout of 1 s and was still being failed 10.0 s later; the worker exits with status 1
