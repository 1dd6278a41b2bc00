--TEST--
The suite's watcher (tests/inc/config.inc): after a test ends it kills the redis-servers that test started and left running, and never a server of the test after it that came up on the same port with the same pid file (04/073's servers were killed so, after 04/072)
--DESCRIPTION--
Not a test of the extension: of the harness every test that starts a server relies on. Each
"test" here is a child PHP process with a watcher of its own, as run-tests' processes have.
A starts a server and stops it; B, right after, starts one on the same port with the same pid
file and checks it 1.5 s later, while A's watcher has done its work. C starts a server, waits
a second and exits without stopping it: its watcher must kill it.
--SKIPIF--
<?php
require __DIR__ . '/../inc/config.inc';
fq_skip_unless_redis();
if (!function_exists('posix_kill')) {
    die('skip posix');
}
?>
--FILE--
<?php
require __DIR__ . '/../inc/errors.inc';

$port = fq_free_port();
$dir = sys_get_temp_dir() . '/fq-watcher-' . getmypid();
$script = tempnam(sys_get_temp_dir(), 'fq-watcher-');
file_put_contents($script, '<?php
require ' . var_export(__DIR__ . '/../inc/config.inc', true) . ';
[, $mode, $port, $dir] = $argv;
@mkdir($dir);
@unlink("$dir/redis.pid");
fq_run(["redis-server", "--port", $port, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
    "--daemonize", "yes", "--dir", $dir, "--pidfile", "$dir/redis.pid", "--logfile", "$dir/redis.log"]);
for ($i = 0; $i < 500 && ($pid = (int) trim((string) @file_get_contents("$dir/redis.pid"))) <= 0; $i++) {
    usleep(10000);
}
$alive = fn () => str_contains((string) @file_get_contents("/proc/$pid/cmdline"), "redis-server");
if ($mode === "check") {
    usleep(1500000);
    echo "the server B started, 1.5 s later: ", $alive() ? "running" : "KILLED", "\n";
} elseif ($mode === "leave") {
    usleep(1000000);
    echo $pid;
    exit(0);
}
posix_kill($pid, 15);
for ($i = 0; $i < 500 && $alive(); $i++) {
    usleep(10000);
}
');
// Each child is a test of its own: its own watcher, not this test's.
$env = getenv();
unset($env['FASTQUEUE_TEST_REAPER']);
$run = function (string $mode, string $dir) use ($script, $port, $env): string {
    $p = proc_open([PHP_BINARY, $script, $mode, (string) $port, $dir],
        [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes, null, $env);
    $out = stream_get_contents($pipes[1]);
    fclose($pipes[1]);
    proc_close($p);
    return $out;
};
try {
    foreach ([1, 2] as $round) {
        $run('stop', $dir);
        echo "round $round: ", $run('check', $dir);
    }
    $pid = (int) $run('leave', "$dir-c");
    for ($i = 0; $i < 300 && fq_is_redis_server($pid); $i++) {
        usleep(10000);
    }
    echo 'the server C left running, after C ended: ', fq_is_redis_server($pid) ? 'STILL RUNNING' : 'killed', "\n";
} finally {
    foreach ([$dir, "$dir-c"] as $d) {
        $pid = (int) trim((string) @file_get_contents("$d/redis.pid"));
        if (fq_is_redis_server($pid)) {
            posix_kill($pid, 9);
        }
        fq_empty_dir($d);
        @rmdir($d);
    }
    @unlink($script);
}
?>
--EXPECT--
round 1: the server B started, 1.5 s later: running
round 2: the server B started, 1.5 s later: running
the server C left running, after C ended: killed
