--TEST--
A worker killed with kill -9 is restarted after 1 s, its replacement killed in turn after 2 s: the delay grows with each crash in a row, and the log says why and when
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php if (!extension_loaded('fastqueue')) die('skip fastqueue extension not loaded'); ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../inc/supervisor.inc';
fq_reaper_list();

// Each worker is killed as soon as it has started, three times; then the fleet stops.
$events = [];
$s = new FastQueue\Supervisor(['log' => function (string $line, array $ev) use (&$s, &$events) {
    $events[] = $ev + ['at' => fq_sig_now(), 'line' => $line];
    if ($ev['event'] === 'started') {
        if (count(array_filter($events, fn($e) => $e['event'] === 'started')) <= 3) {
            posix_kill($ev['pid'], SIGKILL);
        } else {
            $s->stop();
        }
    }
}]);
$s->addPool('crashing', ['sleep', '30'], 1);
$rc = $s->run();

$exits = array_values(array_filter($events, fn($e) => $e['event'] === 'exited' && $e['delay'] !== null));
$starts = array_values(array_filter($events, fn($e) => $e['event'] === 'started'));
foreach ($exits as $i => $e) {
    echo preg_replace('/pid \d+ (.*) after [\d.]+ s/', 'pid N $1 after T', $e['line']), "\n";
    printf("  signal %d, status %s, delay %g\n", $e['signal'], var_export($e['status'], true), $e['delay']);
    // Measured loosely: the next start came no sooner than the delay (never a bound on speed).
    $waited = $starts[$i + 1]['at'] - $e['at'];
    echo "  restarted ", $waited >= $e['delay'] - 0.01 ? "after at least $e[delay] s" : sprintf('after %.3f s, too soon', $waited), "\n";
}
echo "run returned $rc\n";
$st = $s->status()['pools']['crashing'];
echo "crashes {$st['crashes']}, started {$st['started']}, last exit ", preg_replace('/[\d.]+ s/', 'T', $st['last_exit']), "\n";
?>
--EXPECT--
pool "crashing": pid N was killed by signal 9 (SIGKILL) after T: restart in 1 s
  signal 9, status NULL, delay 1
  restarted after at least 1 s
pool "crashing": pid N was killed by signal 9 (SIGKILL) after T: restart in 2 s
  signal 9, status NULL, delay 2
  restarted after at least 2 s
pool "crashing": pid N was killed by signal 9 (SIGKILL) after T: restart in 4 s
  signal 9, status NULL, delay 4
  restarted after at least 4 s
run returned 0
crashes 3, started 4, last exit was killed by signal 15 (SIGTERM) after T
