--TEST--
The watchdog ends a worker with prefetch 4 whose job 2 is stuck in a read: job 1 (finished) is not run again, job 2 comes back with its attempt counted, jobs 3 and 4 (never started) come back uncharged and in order
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
$queue = 'sg041';
fq_clean($queue);
$q = fq_queue(['queue' => $queue]);
foreach (['j1', 'j2', 'j3', 'j4'] as $data) {
    $q->push('J', $data);
}
// On its first attempt job 2 reads from a "sleep 60" that never writes: PHP cannot interrupt that.
$pids = sys_get_temp_dir() . '/fq-sg041-' . getmypid() . '.pids';
putenv("FQ_HELPER_PIDS=$pids");
register_shutdown_function(function () use ($pids) {
    foreach (is_file($pids) ? file($pids, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) : [] as $pid) {
        if (str_contains((string) @file_get_contents("/proc/$pid/cmdline"), 'sleep')) {
            posix_kill((int) $pid, SIGKILL);
        }
    }
    @unlink($pids);
});
$handler = 'function ($job) { echo "start ", $job->getData(), " attempts=", $job->attempts(), "\n"; '
    . 'if ($job->getData() === "j2" && $job->attempts() === 1) { '
    . '$p = proc_open(["sleep", "60"], [0 => ["file", "/dev/null", "r"], 1 => ["pipe", "w"], 2 => ["file", "/dev/null", "w"]], $pipes); '
    . 'file_put_contents(getenv("FQ_HELPER_PIDS"), proc_get_status($p)["pid"] . "\n", FILE_APPEND); '
    . 'fread($pipes[1], 1); } '
    . 'echo "end ", $job->getData(), "\n"; }';
$wopts = ['sleep' => 0.1, 'tries' => 3, 'prefetch' => 4, 'timeout' => 1, 'timeout_grace' => 0.5];
$c = fq_sig_worker($queue, $handler, $wopts, ['retry_after' => 3]);
$r = $c->wait(fq_sig_t(10));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n", fq_sig_reserved_in_order($queue), "\n";

echo fq_sig_wait_expired($queue, fq_sig_t(8)) ? "reservations expired\n" : "reservations did not expire\n";
$c = fq_sig_worker($queue, $handler, $wopts + ['stop_when_empty' => true], ['retry_after' => 3]);
$r = $c->wait(fq_sig_t(10));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg041'); ?>
--EXPECT--
status 1
looping
start j1 attempts=1
end j1
start j2 attempts=1
FastQueue: job J ran past its timeout of 1 s and did not return within 0.5 s; the worker exits with status 1 and the job stays reserved until retry_after
pending [] reserved [j2:1 j3:0 j4:0] delayed []
reserved in order [j2:1 j3:0 j4:0]
reservations expired
status 0
looping
start j2 attempts=2
end j2
start j3 attempts=1
end j3
start j4 attempts=1
end j4
event stopping 0
daemon returned 0
FastQueue: attempt 1 of J ended its worker: it ran past its timeout of 1 s and reached no safe point within timeout_grace: the watchdog ended the worker
pending [] reserved [] delayed []
