--TEST--
A job stuck reading a pipe that never answers is ended by the watchdog, in 'kill' and 'throw' mode: status 1 at timeout + timeout_grace, a message on stderr, the job still reserved
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
// The writer is a "sleep 60" that never writes; the job prints its pid so that it can be ended.
$stuck = '$p = proc_open(["sleep", "60"], [0 => ["file", "/dev/null", "r"], 1 => ["pipe", "w"], 2 => ["file", "/dev/null", "w"]], $pipes); '
    . 'file_put_contents(getenv("FQ_HELPER_PIDS"), proc_get_status($p)["pid"] . "\n", FILE_APPEND); '
    . 'fread($pipes[1], 1);';
$pids = sys_get_temp_dir() . '/fq-sg011-' . getmypid() . '.pids';
putenv("FQ_HELPER_PIDS=$pids");
register_shutdown_function(function () use ($pids) {
    foreach (is_file($pids) ? file($pids, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) : [] as $pid) {
        if (str_contains((string) @file_get_contents("/proc/$pid/cmdline"), 'sleep')) {
            posix_kill((int) $pid, SIGKILL);
        }
    }
    @unlink($pids);
});
fq_sig_stuck_job('sg011', $stuck, 'kill');
fq_sig_stuck_job('sg011', $stuck, 'throw', 0.5);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg011'); ?>
--EXPECT--
kill: ended by the watchdog: ok
kill: status 1
looping
start kill
FastQueue: job J ran past its timeout of 1 s and did not return within 1.0 s; the worker exits with status 1 and the job stays reserved until retry_after
kill: pending [] reserved [kill:1] delayed []
throw: ended by the watchdog: ok
throw: status 1
looping
start throw
FastQueue: job J ran past its timeout of 1 s and did not return within 0.5 s; the worker exits with status 1 and the job stays reserved until retry_after
throw: pending [] reserved [throw:1] delayed []
