--TEST--
Calling an undefined function in a job throws Error (PHP 8: not a fatal error): handled like any exception, released and run again with attempts 2 by the same worker, which lives on
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
$queue = 'sg020';
fq_clean($queue);
fq_queue(['queue' => $queue])->push('J', 'undefined');
$handler = 'function ($job) { echo "start ", $job->getData(), " attempts=", $job->attempts(), "\n"; '
    . 'if ($job->attempts() === 1) { sg020_no_such_function(); } echo "end ", $job->getData(), "\n"; }';
$c = fq_sig_worker($queue, $handler, ['sleep' => 0.1, 'tries' => 3, 'stop_when_empty' => true]);
$r = $c->wait(fq_sig_t(8));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg020'); ?>
--EXPECT--
status 0
looping
start undefined attempts=1
event exception undefined Error
event released undefined 0
start undefined attempts=2
end undefined
event stopping 0
daemon returned 0
pending [] reserved [] delayed []
