<?php
// The supervisor's reaction to a burst: FastQueue\Supervisor's own balancing (native) against
// Horizon's algorithm written in PHP from its description (horizon: bench/lib/supervisor-side.php),
// on the same trace of pushes, in interleaved rounds, on one private redis-server.
//
//   php bench/supervisor-burst.php [--rounds R] [--n N] [--job-ms MS] [--flow RATE] [--warmup S]
//       [--max P] [--min P] [--max-shift P] [--cooldown S] [--strategy time|size]
//       [--metrics-interval S] [--tick S] [--placement os|split] [--sides LIST] [--ext PATH]
//       [--out FILE] [--quick]
//
//   --rounds R            rounds; each runs both sides, in alternating order (default 3)
//   --n N                 jobs of the burst on queue A (default 200)
//   --job-ms MS           what each job does: sleep MS milliseconds (default 250)
//   --flow RATE           the steady flow on queue B, jobs per second (default 2)
//   --warmup S            seconds of the steady flow alone before the burst (default 9)
//   --max, --min          the group's max_processes (default 6); each pool's minimum (default 1)
//   --max-shift, --cooldown   processes a pool moves at most per turn (1), seconds between
//                         turns (3): Horizon's balanceMaxShift and balanceCooldown defaults
//   --strategy S          time (default) or size
//   --metrics-interval S  the workers' metrics_interval (default 5, the worker's own default):
//                         how fresh the run times FastQueue's supervisor reads are
//   --tick S              seconds between two turns of the horizon side's loop (default 1, as
//                         Horizon's supervisor loop sleeps)
//   --placement P         os: nothing pinned (default); split: redis-server on CPU 0, each side
//                         (supervisor or loop, and its workers) on CPU 1
//   --sides LIST          native,horizon (default), or one of them
//   --ext PATH            the extension (default modules/fastqueue.so); every process loads it
//   --out FILE            also write everything printed to FILE (default: burst.txt in a new
//                         folder under the temp dir); never inside the checkout. Each side's
//                         own output (the supervisor's log) goes beside it, burst-SIDE-ROUND.log
//   --quick               smoke run: 1 round, N=80, --warmup 3, --cooldown 1
//
// The trace: B gets RATE jobs a second from the start; after --warmup seconds and a part of the
// cooldown (round r of R: (r - 0.5) / R of it, so that the rounds spread the burst over the
// balancing period), N jobs are pushed on A at once (the burst), while B's flow goes on. Both pools start at their minimum.
// A's target is what the budget leaves it beside B's minimum (max - min). Measured per round,
// from the burst's first push: when A's last job ended (its backlog served: A empty and its jobs
// done), when A first ran its target count of processes (read from /proc every 0.1 s), and each
// job's wait (its start minus its push: A's burst, and B's jobs pushed from the burst on); also
// when A first ran more processes than at the burst (the first reaction).
// Each round checks that every job of A ran exactly once and A's keys are empty. Prints the
// rounds, then medians and the ratio horizon / native (above 1: native is faster).

declare(strict_types=1);

require __DIR__ . '/lib/supervisor.php';

$opts = getopt('', ['rounds:', 'n:', 'job-ms:', 'flow:', 'warmup:', 'max:', 'min:', 'max-shift:', 'cooldown:', 'strategy:',
    'metrics-interval:', 'tick:', 'placement:', 'sides:', 'ext:', 'out:', 'quick']);
$quick = isset($opts['quick']);
$cfg = [
    'rounds' => (int) ($opts['rounds'] ?? 3), 'n' => (int) ($opts['n'] ?? ($quick ? 80 : 200)),
    'job_ms' => (int) ($opts['job-ms'] ?? 250), 'flow' => (float) ($opts['flow'] ?? 2),
    'warmup' => (float) ($opts['warmup'] ?? ($quick ? 3 : 9)), 'max' => (int) ($opts['max'] ?? 6), 'min' => (int) ($opts['min'] ?? 1),
    'max_shift' => (int) ($opts['max-shift'] ?? 1), 'cooldown' => (float) ($opts['cooldown'] ?? ($quick ? 1 : 3)),
    'strategy' => $opts['strategy'] ?? 'time', 'metrics_interval' => (float) ($opts['metrics-interval'] ?? 5),
    'tick' => (float) ($opts['tick'] ?? 1), 'placement' => $opts['placement'] ?? 'os',
];
if ($quick && !isset($opts['rounds'])) {
    $cfg['rounds'] = 1;
}
$sides = explode(',', $opts['sides'] ?? 'native,horizon');
$ext = $opts['ext'] ?? __DIR__ . '/../modules/fastqueue.so';
if ($cfg['rounds'] < 1 || $cfg['n'] < 1 || $cfg['job_ms'] < 1 || $cfg['flow'] <= 0 || $cfg['min'] < 0 || $cfg['max'] < 2 * max(1, $cfg['min'])
    || $cfg['max_shift'] < 1 || $cfg['cooldown'] <= 0 || !in_array($cfg['strategy'], ['time', 'size'], true)
    || !in_array($cfg['placement'], ['os', 'split'], true) || array_diff($sides, ['native', 'horizon']) || !$sides) {
    fwrite(STDERR, "bench/supervisor-burst.php: bad options (see the head of the script)\n");
    exit(2);
}

// The bench pushes with FastQueue\RedisQueue: load the extension when the command did not.
if (!extension_loaded('fastqueue')) {
    pcntl_exec(PHP_BINARY, [...SUP_PHP_FLAGS, '-d', 'extension=' . realpath($ext), ...$argv]);
    fwrite(STDERR, "bench/supervisor-burst.php: could not start php with the extension $ext\n");
    exit(2);
}

$outPath = sup_out_open('burst', $opts['out'] ?? null);
$pin = fn (int $cpu) => $cfg['placement'] === 'split' ? ['taskset', '-c', (string) $cpu] : [];
$server = bench_start_redis($pin(0));
$port = $server[1];
$tmp = $server[2];
$soExt = sup_copy_ext($ext, $tmp);
$r = bench_redis($port);
$q = new FastQueue\RedisQueue(['host' => '127.0.0.1', 'port' => $port]);
register_shutdown_function(fn () => sup_cleanup($server));

$settings = sup_settings($tmp, [
    'port' => $port, 'ext' => $soExt, 'php_flags' => SUP_PHP_FLAGS, 'metrics_interval' => $cfg['metrics_interval'],
    'tick' => $cfg['tick'], 'stop_timeout' => 30, 'heartbeat' => null, 'name' => null,
    'group' => ['strategy' => $cfg['strategy'], 'max_processes' => $cfg['max'], 'max_shift' => $cfg['max_shift'], 'cooldown' => $cfg['cooldown']],
    'pools' => [
        ['name' => 'A', 'queue' => 'A', 'min' => $cfg['min'], 'initial' => $cfg['min']],
        ['name' => 'B', 'queue' => 'B', 'min' => $cfg['min'], 'initial' => $cfg['min']],
    ],
]);
$target = $cfg['max'] - $cfg['min'];

sup_header('FastQueue supervisor benchmark: reaction to a burst', $soExt, $server, $pin(1));
out(sprintf('trace:     B %.1f jobs/s from the start; after %g s and a part of the cooldown a burst of %d jobs on A; each job sleeps %d ms',
    $cfg['flow'], $cfg['warmup'], $cfg['n'], $cfg['job_ms']));
out(sprintf('group:     balance auto, strategy %s, max_processes %d, max_shift %d, cooldown %g s; pools A and B, min %d, start at %d; A\'s target %d',
    $cfg['strategy'], $cfg['max'], $cfg['max_shift'], $cfg['cooldown'], $cfg['min'], $cfg['min'], $target));
out(sprintf('workers:   bench/lib/supervisor-worker.php, block_for 2, metrics_publish with metrics_interval %g s; horizon loop tick %g s',
    $cfg['metrics_interval'], $cfg['tick']));
out(sprintf('rounds:    %d, sides %s, alternating order', $cfg['rounds'], implode(',', $sides)));
out();

/** One round of one side: runs the trace and returns its figures, or null when the side is unavailable. */
function burst_round(string $side, array $cfg, float $warmup, int $target, Redis $r, FastQueue\RedisQueue $q, string $settings,
    string $ext, array $pin, string $log): ?array
{
    $r->flushAll();
    $proc = sup_start_side($side, $settings, $ext, $pin, $log);
    // Until both pools run their first workers (or the side gave up); the horizon side runs at
    // least one per pool, the native one none in a pool at a minimum of 0.
    $first = 2 * ($side === 'horizon' ? max(1, $cfg['min']) : $cfg['min']);
    for ($i = 0; $i < 200 && count(sup_children($proc[1])) < $first && sup_side_running($proc); $i++) {
        usleep(50000);
    }
    if (!sup_side_running($proc)) {
        $status = sup_stop_side($proc);
        return $status === 3 ? null : ['failed' => "the $side side exited with status $status before the trace"];
    }
    $trace = burst_trace($proc, $cfg, $warmup, $target, $r, $q);
    $status = sup_stop_side($proc);
    if ($status !== 0) {
        $trace['failed'] ??= "the $side side exited with status $status";
    }
    $figures = burst_tally($r, $cfg['n'], $trace['t0']);
    if ($trace['failed'] !== null) {
        array_unshift($figures['problems'], $trace['failed']);
    }
    unset($trace['failed']);   // a round that ran is reported with its figures and problems
    return $figures + $trace;
}

/**
 * Pushes the trace (B's flow, then A's burst) while reading the side's processes every 0.1 s,
 * until A's jobs are all done. Returns when the burst started (t0), when A first grew and
 * reached its target, its peaks, its count at each change, and why it stopped early (failed).
 */
function burst_trace(array &$proc, array $cfg, float $warmup, int $target, Redis $r, FastQueue\RedisQueue $q): array
{
    $trace = ['t0' => null, 'moved' => null, 'reached' => null, 'at_burst' => null, 'peak_a' => 0, 'peak_all' => 0,
        'changes' => [], 'failed' => null];
    $start = $nextB = $nextSample = microtime(true);
    $bi = 0;
    $deadline = $start + $warmup + 30 + 4 * $cfg['n'] * $cfg['job_ms'] / 1000;
    while (true) {
        $now = microtime(true);
        for (; $now >= $nextB; $nextB += 1 / $cfg['flow']) {
            $q->push('BenchSleep', ['i' => $bi++, 't' => microtime(true), 'ms' => $cfg['job_ms']], 'B');
        }
        if ($trace['t0'] === null && $now >= $start + $warmup) {
            $trace['t0'] = microtime(true);
            for ($i = 0; $i < $cfg['n']; $i++) {
                $q->push('BenchSleep', ['i' => $i, 't' => microtime(true), 'ms' => $cfg['job_ms']], 'A');
            }
        }
        if ($now >= $nextSample) {
            $nextSample += 0.1;
            if ($trace['t0'] !== null) {
                burst_observe($trace, sup_counts($proc[1]), $now - $trace['t0'], $target);
                if ((int) $r->hGet('bench:runtime:A', 'count') >= $cfg['n']) {
                    return $trace;
                }
            }
            if (!sup_side_running($proc)) {
                $trace['failed'] = 'the side ended during the trace';
                return $trace;
            }
            if ($now > $deadline) {
                $trace['failed'] = "A's backlog was not served in time";
                return $trace;
            }
        }
        usleep(10000);
    }
}

/** Takes one reading of the side's workers per queue, $since seconds after the burst. */
function burst_observe(array &$trace, array $counts, float $since, int $target): void
{
    $a = $counts['A'] ?? 0;
    $trace['peak_a'] = max($trace['peak_a'], $a);
    $trace['peak_all'] = max($trace['peak_all'], array_sum($counts));
    if ($a !== ($trace['changes'] ? end($trace['changes'])[1] : null)) {
        $trace['changes'][] = [$since, $a];
    }
    $trace['at_burst'] ??= $a;
    if ($trace['moved'] === null && $a > $trace['at_burst']) {
        $trace['moved'] = $since;
    }
    if ($trace['reached'] === null && $a >= $target) {
        $trace['reached'] = $since;
    }
}

/**
 * From the jobs' records: when A's last job ended, the waits of A's jobs and of B's pushed from
 * the burst on, and the checks (each of A's jobs ran once, A's keys are empty).
 */
function burst_tally(Redis $r, int $n, ?float $t0): array
{
    $aWaits = $bWaits = $seen = [];
    $lastEnd = null;
    foreach ($r->lRange('bench:done', 0, -1) as $rec) {
        [$queue, $i, $pushed, $started, $ended] = explode(' ', $rec);
        if ($queue === 'A') {
            $seen[$i] = ($seen[$i] ?? 0) + 1;
            $aWaits[] = $started - $pushed;
            $lastEnd = max($lastEnd ?? 0, (float) $ended);
        } elseif ($t0 !== null && (float) $pushed >= $t0) {
            $bWaits[] = $started - $pushed;
        }
    }
    $problems = [];
    if (count($seen) !== $n || array_sum($seen) !== $n) {
        $problems[] = sprintf('A: %d distinct jobs ran %d times, expected %d once each', count($seen), array_sum($seen), $n);
    }
    foreach (['queues:A' => $r->lLen('queues:A'), 'queues:A:reserved' => $r->zCard('queues:A:reserved')] as $key => $len) {
        if ($len !== 0) {
            $problems[] = "$key holds $len";
        }
    }
    return [
        'served' => $lastEnd === null || $t0 === null ? null : $lastEnd - $t0,
        'a_mean' => $aWaits ? array_sum($aWaits) / count($aWaits) : null, 'a_p95' => sup_pct($aWaits, 95),
        'b_mean' => $bWaits ? array_sum($bWaits) / count($bWaits) : null, 'b_p95' => sup_pct($bWaits, 95),
        'problems' => $problems,
    ];
}

$results = [];
$failures = 0;
for ($round = 1; $round <= $cfg['rounds']; $round++) {
    // The burst falls at another point of the balancing period in each round (the same for both
    // sides of the round): in step with the sides' start it would always come just after a turn.
    $warmup = $cfg['warmup'] + $cfg['cooldown'] * ($round - 0.5) / $cfg['rounds'];
    out(sprintf('round %d/%d: the burst %.2f s after the start', $round, $cfg['rounds'], $warmup));
    foreach ($round % 2 ? $sides : array_reverse($sides) as $side) {
        $log = dirname($outPath) . "/burst-$side-$round.log";   // the side's own output, kept beside ours
        $res = burst_round($side, $cfg, $warmup, $target, $r, $q, $settings, $soExt, $pin(1), $log);
        $label = sprintf('round %d/%d %-7s', $round, $cfg['rounds'], $side);
        if ($res === null) {
            out("$label skipped: this build's FastQueue\\Supervisor has no balancing (no addGroup())");
            continue;
        }
        if (isset($res['failed'])) {
            out("$label FAILED: {$res['failed']}");
            out("    (the side's log: $log)");
            $failures++;
            continue;
        }
        out(sprintf('%s A served %s s, first process added to A after %s s, at %d processes after %s s (peak A %d, all %d); wait A mean %s p95 %s s, B mean %s p95 %s s; %s',
            $label, sup_fmt($res['served']), sup_fmt($res['moved']), $target, sup_fmt($res['reached']), $res['peak_a'], $res['peak_all'],
            sup_fmt($res['a_mean']), sup_fmt($res['a_p95']), sup_fmt($res['b_mean']), sup_fmt($res['b_p95']),
            $res['problems'] ? 'CHECK FAILED' : 'ok'));
        out('    A\'s processes from the burst on (count at seconds): ' . implode(', ', array_map(fn ($c) => sprintf('%d at %.1f', $c[1], $c[0]), $res['changes'])));
        foreach ($res['problems'] as $p) {
            out("    !!! $p");
        }
        if ($res['problems']) {
            $failures++;
            out("    (the side's log: $log)");
        } else {
            $results[$side][] = $res;
        }
    }
}

out();
out(sprintf('Medians over the good rounds (native %d, horizon %d); ratio horizon / native, above 1: native is faster',
    count($results['native'] ?? []), count($results['horizon'] ?? [])));
out(sprintf('%-34s %10s %10s %10s', '', 'native', 'horizon', 'ratio'));
foreach ([
    'served' => "A's backlog served (s)",
    'moved' => "A's first process added (s)",
    'reached' => "A at its $target processes (s)",
    'a_mean' => "A's jobs: mean wait (s)",
    'a_p95' => "A's jobs: p95 wait (s)",
    'b_mean' => "B's jobs: mean wait (s)",
    'b_p95' => "B's jobs: p95 wait (s)",
] as $key => $title) {
    $m = [];
    foreach (['native', 'horizon'] as $side) {
        $m[$side] = sup_median(array_column($results[$side] ?? [], $key));
    }
    out(sprintf('%-34s %10s %10s %10s', $title, sup_fmt($m['native']), sup_fmt($m['horizon']), sup_ratio($m['horizon'], $m['native'])));
}
out();
out('command: php bench/supervisor-burst.php ' . implode(' ', array_slice($argv, 1)));
out("written to $outPath");
if ($failures) {
    out("!!! FAILED: $failures round(s) failed their checks or did not finish; see above.");
    exit(1);
}
exit(0);
