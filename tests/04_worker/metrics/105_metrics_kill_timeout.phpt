--TEST--
Worker metrics: a 'kill' timeout, which ends the process, is recorded before the exit path (the stopping listeners, and the exporter's last write, see it): timed out, and failed when the worker failed it, else released
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
$queue = 'w105';
fq_clean($queue);
$q = fq_queue(['queue' => $queue]);
$handler = 'function ($job) { echo "start ", $job->getData(), "\n"; sleep(10); }';
// The stopping listener of the 'kill' path prints what metrics() says then.
$before = <<<'PHP'
$w->on('stopping', function () use ($w) {
    preg_match_all('/^fastqueue_(jobs_total|job_timeouts_total)\{[^}]*?(?:,outcome="(\w+)")?\} ([1-9]\d*)$/m', $w->metrics(), $m, PREG_SET_ORDER);
    foreach ($m as $s) { echo "metrics: $s[1]", $s[2] ? " $s[2]" : '', " $s[3]\n"; }
});
PHP;
foreach (['tries left' => [2, []], 'maxTries 1' => [2, ['maxTries' => 1]]] as $what => [$tries, $options]) {
    fq_clean($queue);
    $q->push('J', $what, null, ['timeout' => 1] + $options);
    $c = fq_sig_worker($queue, $handler, ['sleep' => 0.1, 'tries' => $tries, 'metrics' => true], [], $before);
    $r = $c->wait(fq_sig_t(10));
    echo "-- $what\n", fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
}
fq_sig_forget_failed($queue);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/signals.inc'; if (fq_test_port()) { fq_clean('w105'); fq_sig_forget_failed('w105'); } ?>
--EXPECT--
-- tries left
status 1
looping
start tries left
event timeout tries left
event stopping 1
metrics: jobs_total released 1
metrics: job_timeouts_total 1
-- maxTries 1
status 1
looping
start maxTries 1
event timeout maxTries 1
event failed maxTries 1 FastQueue\MaxAttemptsExceededException
event stopping 1
metrics: jobs_total failed 1
metrics: job_timeouts_total 1
