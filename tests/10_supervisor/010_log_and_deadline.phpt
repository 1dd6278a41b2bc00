--TEST--
A worker that ignores SIGTERM gets SIGKILL stop_timeout seconds after a stop, and run() returns 1; a Throwable from the log callable stops the fleet and run() throws it; without a log callable the lines go to stderr
--EXTENSIONS--
fastqueue
posix
pcntl
--SKIPIF--
<?php if (!extension_loaded('fastqueue')) die('skip fastqueue extension not loaded'); ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../inc/supervisor.inc';
fq_reaper_list();

echo "-- a worker that ignores SIGTERM\n";
$stubborn = 'pcntl_signal(SIGTERM, SIG_IGN); echo "ignoring\n"; while (true) { sleep(1); }';
$c = fq_sup_child(['stubborn' => [fq_sup_php_cmd($stubborn), 1, []]], ['stop_timeout' => 1]);
echo $c->waitFor('ignoring', fq_sig_t(10)) ? "it ignores SIGTERM\n" : "it did not start\n";
$t = fq_sig_now();
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(10));
fq_sig_time('stopped after stop_timeout', fq_sig_now() - $t, 1.0, 2.5);
echo fq_sig_status($r), "\n";
foreach (preg_grep('/^(log|run)/', explode("\n", $r['stdout'])) as $line) {
    if (!str_contains($line, 'started pid')) {
        echo preg_replace(['/pid \d+/', '/ after [\d.]+ s \(/'], ['pid N', ' after T ('], $line), "\n";
    }
}

echo "-- the log callable throws: the fleet stops, its last lines go to stderr\n";
$c = fq_child(<<<'PHP'
$s = new FastQueue\Supervisor(['log' => function (string $line, array $ev) use (&$pid) {
    if ($ev['event'] === 'started') {
        $pid = $ev['pid'];
        throw new RuntimeException('the log is full');
    }
    echo "not called again: $line\n";
}]);
$s->addPool('p', ['sleep', '30'], 1);
try {
    $s->run();
    echo "run returned\n";
} catch (RuntimeException $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
echo "the worker is gone: ", file_exists("/proc/$pid") ? 'no' : 'yes', ", state ", $s->status()['state'], "\n";
PHP);
$r = $c->wait(fq_sig_t(10));
echo $r['stdout'], preg_replace(['/pid \d+/', '/ after [\d.]+ s \(/'], ['pid N', ' after T ('], $r['stderr']);

echo "-- exit() and a fatal error in the log callable: the fleet stops first\n";
// A process that ends on a fatal error leaves what its frames held: with PHP's allocator its
// heap is let go as a whole, and in the asan/ubsan pass that is not a finding (as
// inc/deaths.inc does for a worker that dies in a job).
function fatal_env(string $code): array
{
    if (!str_contains($code, 'twice')) {
        return [];
    }
    $env = ['USE_ZEND_ALLOC' => '1'];
    if (getenv('ASAN_OPTIONS') !== false) {
        $env['ASAN_OPTIONS'] = getenv('ASAN_OPTIONS') . ':detect_leaks=0';
    }
    return $env;
}

// A redeclared function is a compile-time fatal error: a bailout, not an exception.
foreach (['exit(3);', 'eval("function twice() {} function twice() {}");'] as $code) {
    $c = fq_child('$s = new FastQueue\Supervisor(["log" => function ($line, $ev) use (&$pid) { if ($ev["event"] === "started") { '
        . '$pid = $ev["pid"]; file_put_contents(' . var_export($pidFile = tempnam(sys_get_temp_dir(), 'sv010-'), true) . ', $pid); '
        . $code . ' } }]); $s->addPool("p", ["sleep", "30"], 1); $s->run(); echo "not reached\n";', fatal_env($code),
        ['-d', 'display_errors=0', '-d', 'log_errors=0']);
    $r = $c->wait(fq_sig_t(10));
    $pid = (int) file_get_contents($pidFile);
    unlink($pidFile);
    echo "$code ", fq_sig_status($r), ", the worker gone: ", $pid && !fq_sup_alive($pid) ? 'yes' : 'no', "\n";
    echo preg_replace(['/pid \d+/', '/ after [\d.]+ s \(/'], ['pid N', ' after T ('], $r['stdout'] . $r['stderr']);
}

echo "-- no log callable: stderr\n";
$c = fq_child('$s = new FastQueue\Supervisor(); $s->addPool("p", ["sleep", "30"], 1); exit($s->run());');
echo $c->waitFor('started pid', fq_sig_t(10)) ? "started\n" : "not started\n";
$c->signal(SIGINT);
$r = $c->wait(fq_sig_t(10));
echo fq_sig_status($r), "\n";
echo preg_replace(['/pid \d+/', '/ after [\d.]+ s \(/'], ['pid N', ' after T ('], $r['stderr']);
?>
--EXPECT--
-- a worker that ignores SIGTERM
it ignores SIGTERM
stopped after stop_timeout: ok
status 1
log stopping: SIGTERM to 1 worker, SIGKILL after 1 s
log pool "stubborn": pid N still running 1 s after SIGTERM: SIGKILL
log pool "stubborn": pid N was killed by signal 9 (SIGKILL) after T (asked to stop)
log stopped
run returned 1
-- the log callable throws: the fleet stops, its last lines go to stderr
RuntimeException: the log is full
the worker is gone: yes, state idle
FastQueue supervisor: stopping: SIGTERM to 1 worker, SIGKILL after 60 s
FastQueue supervisor: pool "p": pid N was killed by signal 15 (SIGTERM) after T (asked to stop)
FastQueue supervisor: stopped
-- exit() and a fatal error in the log callable: the fleet stops first
exit(3); status 3, the worker gone: yes
FastQueue supervisor: stopping: SIGTERM to 1 worker, SIGKILL after 60 s
FastQueue supervisor: pool "p": pid N was killed by signal 15 (SIGTERM) after T (asked to stop)
FastQueue supervisor: stopped
eval("function twice() {} function twice() {}"); status 255, the worker gone: yes
FastQueue supervisor: stopping: SIGTERM to 1 worker, SIGKILL after 60 s
FastQueue supervisor: pool "p": pid N was killed by signal 15 (SIGTERM) after T (asked to stop)
FastQueue supervisor: stopped
-- no log callable: stderr
started
status 0
FastQueue supervisor: pool "p": started pid N (1 of 1)
FastQueue supervisor: stopping: SIGTERM to 1 worker, SIGKILL after 60 s
FastQueue supervisor: pool "p": pid N was killed by signal 15 (SIGTERM) after T (asked to stop)
FastQueue supervisor: stopped
