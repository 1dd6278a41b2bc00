--TEST--
A reserve whose reply is lost (Redis reserved 4 jobs, the worker timed out reading and moved on): the 4 jobs stay reserved with no attempt charged, and after retry_after they come back in order and run with tries 1, never failed without having run
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
$queue = 'sg045';
fq_clean($queue);
$q = fq_queue(['queue' => $queue]);
$q->push('J', 'j0');
$blackhole = sys_get_temp_dir() . '/fq-sg045-' . getmypid() . '.blackhole';
@unlink($blackhole);
register_shutdown_function(fn() => @unlink($blackhole));
[$proxy, $port] = fq_sig_proxy($blackhole);

// j0, alone in the queue, pushes j1..j4 (straight to Redis) and cuts the replies: the next
// reserve, of all four, is lost. Overlap off: a reserve sent ahead as j0 starts goes through
// the proxy and may reach Redis after some of j0's pushes (the chaos soak, 05/060, loses
// replies to those).
$handler = 'function ($job) { echo "start ", $job->getData(), " attempts=", $job->attempts(), "\n"; '
    . 'if ($job->getData() === "j0") { $d = new FastQueue\RedisQueue(fq_options(["queue" => "sg045"])); '
    . 'foreach (["j1", "j2", "j3", "j4"] as $x) { $d->push("J", $x); } touch(' . var_export($blackhole, true) . '); } }';
$c = fq_sig_worker($queue, $handler, ['sleep' => 0.1, 'tries' => 1, 'prefetch' => 4, 'timeout' => 1, 'timeout_grace' => 0.5,
    'overlap' => false], ['retry_after' => 3, 'read_timeout' => 0.5, 'port' => $port]);
echo $c->waitFor('reserving jobs failed', fq_sig_t(10)) ? "the reserve reply was lost\n" : "no reserve failed\n";
$c->signal(SIGKILL);
$r = $c->wait(fq_sig_t(5));
echo fq_sig_status($r), "\n", $r['stdout'];
echo fq_sig_state($queue), "\n", fq_sig_reserved_in_order($queue), "\n";
$proxy->signal(SIGKILL);

echo fq_sig_wait_expired($queue, fq_sig_t(8)) ? "reservations expired\n" : "reservations did not expire\n";
$c = fq_sig_worker($queue, $handler, ['sleep' => 0.1, 'tries' => 1, 'prefetch' => 4, 'timeout' => 1, 'timeout_grace' => 0.5,
    'stop_when_empty' => true], ['retry_after' => 3]);
$r = $c->wait(fq_sig_t(10));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg045'); ?>
--EXPECT--
the reserve reply was lost
killed by signal 9
looping
start j0 attempts=1
pending [] reserved [j1:0 j2:0 j3:0 j4:0] delayed []
reserved in order [j1:0 j2:0 j3:0 j4:0]
reservations expired
status 0
looping
start j1 attempts=1
start j2 attempts=1
start j3 attempts=1
start j4 attempts=1
event stopping 0
daemon returned 0
pending [] reserved [] delayed []
