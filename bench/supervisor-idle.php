<?php
// The supervisor's own CPU when nothing happens: FastQueue\Supervisor (native) against
// Horizon's algorithm as a PHP loop (horizon: bench/lib/supervisor-side.php), each running the
// same idle fleet for a window with no job, on one private redis-server.
//
//   php bench/supervisor-idle.php [--seconds S] [--settle S] [--rounds R] [--heartbeat S]
//       [--cooldown S] [--tick S] [--placement os|split] [--sides LIST] [--ext PATH]
//       [--out FILE] [--quick]
//
//   --seconds S     the measured window (default 60)
//   --settle S      seconds after the start before the window opens (default 5): the
//                   start (php's own, the first workers) is not what is measured
//   --rounds R      rounds, each side once per round in alternating order (default 1)
//   --heartbeat S   the supervisor's heartbeat with a name, so its registry runs (default 3)
//   --cooldown S    seconds between balancing turns (default 3)
//   --tick S        seconds between two turns of the horizon side's loop (default 1)
//   --placement, --sides, --ext, --out   as bench/supervisor-burst.php's (the logs: idle-SIDE-ROUND.log)
//   --quick         smoke run: --seconds 10 --settle 3
//
// The fleet: one group (balance auto, strategy time, max_processes 4, max_shift 1) of two pools,
// Z (queue Z, min 0: no process, polled every 0.5 s for a push) and W (queue W, min 1: one idle
// worker). The figure is the supervisor process's user + system CPU over the window, from
// /proc/PID/stat (clock ticks of 10 ms), as a per cent of one core; its workers are not
// counted. Also its time on a CPU from /proc/PID/schedstat (nanoseconds: finer than the ticks,
// for figures this small) and its voluntary context switches per second (how often it wakes). The goal:
// FastQueue's under 1% of a core.

declare(strict_types=1);

require __DIR__ . '/lib/supervisor.php';

$opts = getopt('', ['seconds:', 'settle:', 'rounds:', 'heartbeat:', 'cooldown:', 'tick:', 'placement:', 'sides:', 'ext:', 'out:', 'quick']);
$quick = isset($opts['quick']);
$cfg = [
    'seconds' => (float) ($opts['seconds'] ?? ($quick ? 10 : 60)), 'settle' => (float) ($opts['settle'] ?? ($quick ? 3 : 5)),
    'rounds' => (int) ($opts['rounds'] ?? 1), 'heartbeat' => (float) ($opts['heartbeat'] ?? 3),
    'cooldown' => (float) ($opts['cooldown'] ?? 3), 'tick' => (float) ($opts['tick'] ?? 1), 'placement' => $opts['placement'] ?? 'os',
];
$sides = explode(',', $opts['sides'] ?? 'native,horizon');
$ext = $opts['ext'] ?? __DIR__ . '/../modules/fastqueue.so';
if ($cfg['seconds'] <= 0 || $cfg['settle'] < 0 || $cfg['rounds'] < 1 || $cfg['heartbeat'] < 0.1 || $cfg['heartbeat'] > 60
    || $cfg['cooldown'] <= 0 || $cfg['tick'] <= 0 || !in_array($cfg['placement'], ['os', 'split'], true)
    || array_diff($sides, ['native', 'horizon']) || !$sides) {
    fwrite(STDERR, "bench/supervisor-idle.php: bad options (see the head of the script)\n");
    exit(2);
}
if (!extension_loaded('fastqueue')) {
    pcntl_exec(PHP_BINARY, [...SUP_PHP_FLAGS, '-d', 'extension=' . realpath($ext), ...$argv]);
    fwrite(STDERR, "bench/supervisor-idle.php: could not start php with the extension $ext\n");
    exit(2);
}

$outPath = sup_out_open('idle', $opts['out'] ?? null);
$pin = fn (int $cpu) => $cfg['placement'] === 'split' ? ['taskset', '-c', (string) $cpu] : [];
$server = bench_start_redis($pin(0));
$tmp = $server[2];
$soExt = sup_copy_ext($ext, $tmp);
$r = bench_redis($server[1]);
register_shutdown_function(fn () => sup_cleanup($server));

$settings = sup_settings($tmp, [
    'port' => $server[1], 'ext' => $soExt, 'php_flags' => SUP_PHP_FLAGS, 'metrics_interval' => 5,
    'tick' => $cfg['tick'], 'stop_timeout' => 30, 'heartbeat' => $cfg['heartbeat'], 'name' => 'bench-idle',
    'group' => ['strategy' => 'time', 'max_processes' => 4, 'max_shift' => 1, 'cooldown' => $cfg['cooldown']],
    'pools' => [
        ['name' => 'Z', 'queue' => 'Z', 'min' => 0, 'initial' => 0],
        ['name' => 'W', 'queue' => 'W', 'min' => 1, 'initial' => 1],
    ],
]);

sup_header('FastQueue supervisor benchmark: its own CPU when idle', $soExt, $server, $pin(1));
out(sprintf('fleet:     group balance auto, strategy time, max_processes 4, max_shift 1, cooldown %g s; pool Z min 0, pool W min 1; '
    . 'name bench-idle, heartbeat %g s; horizon loop tick %g s', $cfg['cooldown'], $cfg['heartbeat'], $cfg['tick']));
out(sprintf('window:    %g s with no job, opened %g s after the start; %d round(s), sides %s', $cfg['seconds'], $cfg['settle'], $cfg['rounds'], implode(',', $sides)));
out();

/** A process's voluntary context switches so far (each one a wake-up after a sleep). */
function idle_switches(int $pid): int
{
    return preg_match('/^voluntary_ctxt_switches:\s*(\d+)/m', (string) @file_get_contents("/proc/$pid/status"), $m) ? (int) $m[1] : 0;
}

/** One side over the window: its CPU and wake-ups, the processes it ran; null when unavailable. */
function idle_round(string $side, array $cfg, Redis $r, string $settings, string $ext, array $pin, string $log): ?array
{
    $r->flushAll();
    $proc = sup_start_side($side, $settings, $ext, $pin, $log);
    $pid = $proc[1];
    usleep((int) ($cfg['settle'] * 1e6));
    if (!sup_side_running($proc)) {
        $status = sup_stop_side($proc);
        return $status === 3 ? null : ['failed' => "the $side side exited with status $status"];
    }
    $cpu0 = sup_proc_cpu($pid);
    $run0 = sup_proc_runtime($pid);
    $sw0 = idle_switches($pid);
    $t0 = microtime(true);
    $seen = [];
    while (microtime(true) - $t0 < $cfg['seconds']) {
        usleep(1000000);
        $c = sup_counts($pid);
        $seen[sprintf('Z %d, W %d', $c['Z'] ?? 0, $c['W'] ?? 0)] = true;
    }
    $cpu1 = sup_proc_cpu($pid);
    $run1 = sup_proc_runtime($pid);
    $sw1 = idle_switches($pid);
    $secs = microtime(true) - $t0;
    $running = sup_side_running($proc);
    $status = sup_stop_side($proc);
    if (!$running || $cpu1 === null || $status !== 0) {
        return ['failed' => "the $side side ended during the window, or exited with status $status"];
    }
    return ['cpu' => ($cpu1 - $cpu0) / $secs * 100, 'ticks' => (int) round(($cpu1 - $cpu0) * 100), 'secs' => $secs,
        'oncpu' => $run0 === null || $run1 === null ? null : ($run1 - $run0) / $secs * 100,
        'wakeups' => ($sw1 - $sw0) / $secs, 'processes' => implode('; ', array_keys($seen))];
}

$results = [];
$failures = 0;
for ($round = 1; $round <= $cfg['rounds']; $round++) {
    foreach ($round % 2 ? $sides : array_reverse($sides) as $side) {
        $log = dirname($outPath) . "/idle-$side-$round.log";   // the side's own output, kept beside ours
        $res = idle_round($side, $cfg, $r, $settings, $soExt, $pin(1), $log);
        $label = sprintf('round %d/%d %-7s', $round, $cfg['rounds'], $side);
        if ($res === null) {
            out("$label skipped: this build's FastQueue\\Supervisor has no balancing (no addGroup())");
        } elseif (isset($res['failed'])) {
            out("$label FAILED: {$res['failed']}");
            out("    (the side's log: $log)");
            $failures++;
        } else {
            out(sprintf('%s %.3f%% of a core (%d ticks of 10 ms in %.1f s; on a CPU %s%%), %.1f wake-ups/s; workers seen: %s',
                $label, $res['cpu'], $res['ticks'], $res['secs'], sup_fmt($res['oncpu'], '%.4f'), $res['wakeups'], $res['processes']));
            $results[$side][] = $res;
        }
    }
}

out();
$m = [];
foreach (['native', 'horizon'] as $side) {
    foreach (['cpu', 'oncpu', 'wakeups'] as $key) {
        $m[$side][$key] = sup_median(array_column($results[$side] ?? [], $key));
    }
}
out('Medians; ratio horizon / native');
out(sprintf('%-34s %10s %10s %10s', '', 'native', 'horizon', 'ratio'));
out(sprintf('%-34s %10s %10s %10s', 'CPU, % of one core', sup_fmt($m['native']['cpu'], '%.3f'), sup_fmt($m['horizon']['cpu'], '%.3f'),
    sup_ratio($m['horizon']['cpu'], $m['native']['cpu'])));
out(sprintf('%-34s %10s %10s %10s', 'on a CPU (schedstat), % of one core', sup_fmt($m['native']['oncpu'], '%.4f'), sup_fmt($m['horizon']['oncpu'], '%.4f'),
    sup_ratio($m['horizon']['oncpu'], $m['native']['oncpu'])));
out(sprintf('%-34s %10s %10s %10s', 'wake-ups per second', sup_fmt($m['native']['wakeups'], '%.1f'), sup_fmt($m['horizon']['wakeups'], '%.1f'),
    sup_ratio($m['horizon']['wakeups'], $m['native']['wakeups'])));
if ($m['native']['cpu'] !== null) {
    out(sprintf('goal: FastQueue\'s supervisor below 1%% of a core: %s', $m['native']['cpu'] < 1 ? 'met' : 'NOT MET'));
}
out();
out('command: php bench/supervisor-idle.php ' . implode(' ', array_slice($argv, 1)));
out("written to $outPath");
if ($failures) {
    out("!!! FAILED: $failures run(s) did not finish; see above.");
    exit(1);
}
exit(0);
