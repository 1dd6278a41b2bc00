--TEST--
run() starts each pool's process count as real processes of the commands given, status() shows them, stop() ends them and run() returns 0
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php if (!extension_loaded('fastqueue')) die('skip fastqueue extension not loaded'); ?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading uninitialised memory, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../inc/supervisor.inc';
fq_reaper_list();

// What status() and the kernel say while the fleet runs.
function report(array $seen): string
{
    $out = "during: {$seen['state']}\n";
    foreach ($seen['pools'] as $name => $p) {
        $out .= sprintf("%s: %d of %d (%d..%d), started %d, alive %d, command %s\n", $name, count($p['pids']),
            $p['processes'], $p['min_processes'], $p['max_processes'], $p['started'],
            count(array_filter($p['pids'], 'fq_sup_alive')), $p['command'][0] === PHP_BINARY ? 'php' : implode(' ', $p['command']));
        foreach ($p['pids'] as $pid) {
            // What the kernel runs: the command's own argument vector, no shell around it
            // (under valgrind, behind valgrind's, the program by its path).
            $argv = explode("\0", rtrim((string) file_get_contents("/proc/$pid/cmdline"), "\0"));
            $tail = array_slice($argv, -count($p['command']));
            $want = $p['command'];
            [$tail[0], $want[0]] = [basename($tail[0]), basename($want[0])];
            if ($tail !== $want) {
                $out .= "pid $pid runs " . implode(' ', $argv) . "\n";
            }
        }
    }
    return $out;
}

$exits = [];
$s = new FastQueue\Supervisor(['stop_timeout' => fq_sig_t(5), 'log' => function (string $line, array $ev) use (&$s, &$seen, &$pids, &$exits) {
    if ($ev['event'] === 'started') {
        $pids[] = $ev['pid'];
        if (count($pids) === 3) {
            $seen = $s->status();
            echo report($seen);
            $s->stop();
        }
    }
    if ($ev['event'] === 'exited') {
        $exits[] = "exited: {$ev['pool']}, " . ($ev['delay'] === null ? 'not replaced' : 'replaced');
    }
}]);
$s->addPool('sleepers', ['sleep', '30'], 2);
$s->addPool('php', fq_sup_php_cmd('sleep(30);'), 1, ['min_processes' => 1, 'max_processes' => 3]);
$s->addPool('none', ['sleep', '30'], 0);
echo "before: ", $s->status()['state'], "\n";
$pids = [];
$rc = $s->run();
echo "run returned $rc\n";
sort($exits);
echo implode("\n", $exits), "\n";
echo "pids in the log and in status(): ", $pids == array_merge(...array_column($seen['pools'], 'pids')) ? 'the same' : 'differ', "\n";
echo "gone after run(): ", fq_sup_wait_gone($pids, 1) === [] ? 'yes' : 'no', "\n";
$after = $s->status();
echo "after: {$after['state']}, ", count($after['pools']['sleepers']['pids']), " pids\n";
?>
--EXPECT--
before: idle
during: running
sleepers: 2 of 2 (0..2), started 2, alive 2, command sleep 30
php: 1 of 1 (1..3), started 1, alive 1, command php
none: 0 of 0 (0..0), started 0, alive 0, command sleep 30
run returned 0
exited: php, not replaced
exited: sleepers, not replaced
exited: sleepers, not replaced
pids in the log and in status(): the same
gone after run(): yes
after: idle, 0 pids
