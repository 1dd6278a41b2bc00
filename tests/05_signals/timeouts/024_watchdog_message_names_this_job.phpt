--TEST--
The watchdog's message names the job it ends and that job's own timeout, after jobs of another name and timeout ran in the same worker (the message is prepared once per name and timeout, not reused for the next job)
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
// The stuck job reads a pipe whose writer ("sleep 60") never writes: no safe point, so only
// the watchdog ends it; its pid is noted so that it can be ended.
$pids = sys_get_temp_dir() . '/fq-sg024-' . getmypid() . '.pids';
putenv("FQ_HELPER_PIDS=$pids");
register_shutdown_function(function () use ($pids) {
    foreach (is_file($pids) ? file($pids, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) : [] as $pid) {
        if (str_contains((string) @file_get_contents("/proc/$pid/cmdline"), 'sleep')) {
            posix_kill((int) $pid, SIGKILL);
        }
    }
    @unlink($pids);
});
$stuck = '$p = proc_open(["sleep", "60"], [0 => ["file", "/dev/null", "r"], 1 => ["pipe", "w"], 2 => ["file", "/dev/null", "w"]], $pipes); '
    . 'file_put_contents(getenv("FQ_HELPER_PIDS"), proc_get_status($p)["pid"] . "\n", FILE_APPEND); '
    . 'fread($pipes[1], 1);';

fq_clean('sg024');
$q = fq_queue(['queue' => 'sg024', 'retry_after' => 90]);
$q->push('FirstJob', 'a', null, ['timeout' => 5]);
$q->push('FirstJob', 'b', null, ['timeout' => 3]);
$q->push('SecondJob', 'c', null, ['timeout' => 3]);
$q->push('SecondJob', 'stuck', null, ['timeout' => 1]);
$c = fq_sig_worker('sg024', 'function ($job) { echo "start ", $job->getData(), "\n"; if ($job->getData() === "stuck") { '
    . $stuck . ' } }', ['sleep' => 0.1, 'tries' => 3, 'timeout' => 7, 'timeout_grace' => 0.5, 'prefetch' => 4]);
$r = $c->wait(fq_sig_t(15));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state('sg024'), "\n";
fq_clean('sg024');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg024'); ?>
--EXPECT--
status 1
looping
start a
start b
start c
start stuck
FastQueue: job SecondJob ran past its timeout of 1 s and did not return within 0.5 s; the worker exits with status 1 and the job stays reserved until retry_after
pending [] reserved [stuck:1] delayed []
