<?php
// Turns the lines bench/run collected ("PLACEMENT REP RESULT key=value ...", "PLACEMENT REP SKIP
// side reason", "PLACEMENT REP FAIL side reason") into the summary table.
// Usage: php bench/lib/report.php RESULTS_FILE

declare(strict_types=1);

$file = $argv[1] ?? null;
if ($file === null || !is_readable($file)) {
    fwrite(STDERR, "usage: php bench/lib/report.php RESULTS_FILE\n");
    exit(2);
}

$runs = [];      // [placement][side] => list of result arrays
$skipped = [];   // [placement][side] => reason
$failed = [];    // [placement][side] => count
$order = [];     // side order as first seen
$placements = [];
foreach (file($file, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $line) {
    $parts = explode(' ', $line);
    if (count($parts) < 4) {
        continue;
    }
    [$placement, $rep, $kind] = $parts;
    $placements[$placement] = true;
    if ($kind === 'RESULT') {
        $fields = [];
        foreach (array_slice($parts, 3) as $kv) {
            [$k, $v] = explode('=', $kv, 2) + [1 => ''];
            $fields[$k] = $v;
        }
        $side = $fields['side'];
        $fields['rep'] = $rep;
        $order[$side] = true;
        if ($fields['ok'] === '1') {
            $runs[$placement][$side][] = $fields;
        } else {
            $failed[$placement][$side] = ($failed[$placement][$side] ?? 0) + 1;
        }
    } elseif ($kind === 'SKIP') {
        $side = $parts[3];
        $order[$side] = true;
        $skipped[$placement][$side] = implode(' ', array_slice($parts, 4));
    } elseif ($kind === 'FAIL') {
        $side = $parts[3];
        $order[$side] = true;
        $failed[$placement][$side] = ($failed[$placement][$side] ?? 0) + 1;
    }
}

function median(array $xs): float
{
    sort($xs);
    $c = count($xs);
    if ($c === 0) {
        return NAN;
    }
    return $c % 2 ? $xs[intdiv($c, 2)] : ($xs[$c / 2 - 1] + $xs[$c / 2]) / 2;
}

function fmt_rate(float $x): string
{
    return number_format($x, 0, '.', ',');
}

$sides = array_keys($order);
usort($sides, function ($a, $b) {
    // laravel, the FastQueue sides by prefetch, then the floors.
    $rank = fn($s) => $s === 'laravel' ? -1 : (str_starts_with($s, 'floor-') ? PHP_INT_MAX : (int) substr($s, 4));
    return $rank($a) <=> $rank($b);
});

$describe = [
    'os' => 'no taskset: the OS places worker and redis-server',
    'same' => 'worker and redis-server both pinned to CPU 0',
    'split' => 'redis-server on CPU 0, worker on CPU 1',
];

$header = sprintf("%-9s %-9s %4s %11s %25s %8s %10s %10s %10s",
    'placement', 'side', 'runs', 'jobs/s', 'min - max jobs/s', 'x Lara.', 'worker', 'redis', 'total');
$units = sprintf("%-9s %-9s %4s %11s %25s %8s %10s %10s %10s",
    '', '', '', '(median)', '', '(median)', 'us CPU/job', 'us CPU/job', 'us CPU/job');
echo $header, "\n", $units, "\n", str_repeat('-', strlen($header)), "\n";

$summaries = [];
foreach (['os', 'same', 'split'] as $placement) {
    if (!isset($placements[$placement])) {
        continue;
    }
    $laravelMedian = null;
    $summary = [];
    foreach ($sides as $side) {
        $rs = $runs[$placement][$side] ?? [];
        $fails = $failed[$placement][$side] ?? 0;
        $failNote = $fails ? "  ($fails FAILED run(s) excluded)" : '';
        if (!$rs) {
            $why = isset($skipped[$placement][$side]) ? 'skipped: ' . $skipped[$placement][$side] : 'no valid run';
            printf("%-9s %-9s %4d   %s%s\n", $placement, $side, 0, $why, $failNote);
            $summary[] = "$side " . (isset($skipped[$placement][$side]) ? 'skipped' : 'n/a');
            continue;
        }
        $rates = array_map(fn($r) => $r['n'] / $r['secs'], $rs);
        $wcpu = array_map(fn($r) => ($r['user'] + $r['sys']) / $r['n'] * 1e6, $rs);
        $rcpu = array_map(fn($r) => $r['redis_cpu'] / $r['n'] * 1e6, $rs);
        $tcpu = array_map(fn($r) => ($r['user'] + $r['sys'] + $r['redis_cpu']) / $r['n'] * 1e6, $rs);
        $med = median($rates);
        if ($side === 'laravel') {
            $laravelMedian = $med;
        }
        $ratio = ($laravelMedian && $side !== 'laravel') ? sprintf('%.2fx', $med / $laravelMedian) : ($side === 'laravel' ? '1.00x' : '-');
        printf("%-9s %-9s %4d %11s %25s %8s %10.1f %10.1f %10.1f%s\n",
            $placement, $side, count($rs), fmt_rate($med),
            fmt_rate(min($rates)) . ' - ' . fmt_rate(max($rates)),
            $ratio, median($wcpu), median($rcpu), median($tcpu), $failNote);
        $summary[] = $side === 'laravel'
            ? sprintf('laravel %s jobs/s', fmt_rate($med))
            : sprintf('%s %s jobs/s (%s)', $side, fmt_rate($med), $ratio);
    }
    $summaries[] = sprintf("%-6s %s", "$placement:", implode('; ', $summary)) . "\n       [" . $describe[$placement] . ']';
}
echo "\n";
echo "jobs/s = N / wall time of daemon() alone; worker us CPU/job = the worker process's user+sys\n";
echo "(getrusage) over daemon() / N; redis us CPU/job = redis-server's used_cpu_user+used_cpu_sys\n";
echo "delta over the same span / N. 'x Lara.' = side median / Laravel median of the same placement.\n\n";
$busy = [];
foreach ($runs as $placement => $bySide) {
    foreach ($bySide as $side => $rs) {
        foreach ($rs as $r) {
            $other = max(0.0, $r['machine_busy'] - $r['user'] - $r['sys'] - $r['redis_cpu']);
            if ($r['secs'] >= 1.0 && ($other / $r['secs'] > 0.10 || $r['steal'] / $r['secs'] > 0.05)) {
                $busy[] = sprintf('%s %s (%s): other processes %.0f%% of a CPU, steal %.0f%%',
                    $placement, $side, $r['queue'], $other / $r['secs'] * 100, $r['steal'] / $r['secs'] * 100);
            }
        }
    }
}
if ($busy) {
    echo "warning: the machine was not quiet during some runs (their numbers may be low):\n";
    foreach ($busy as $b) {
        echo "  $b\n";
    }
    echo "\n";
}
// Redis against its floor: a worker side's Redis CPU per job over the floor's, round by round
// (the same round's runs follow each other, so they share the machine's state), and the median.
$floors = [['fq-p1', 'floor-single'], ['fq-p1', 'floor-single-charged'], ['fq-p32', 'floor-batch32-start'],
    ['fq-p32', 'floor-script32-start'], ['fq-p32', 'floor-script32-start-each'],
    ['floor-script32-start', 'floor-batch32-start'], ['floor-script32-start-each', 'floor-batch32-start']];
$floorLines = [];
foreach ($runs as $placement => $bySide) {
    foreach ($floors as [$side, $floor]) {
        if (!isset($bySide[$side], $bySide[$floor])) {
            continue;
        }
        $floorOf = [];
        foreach ($bySide[$floor] as $r) {
            $floorOf[$r['rep']] = $r['redis_cpu'] / $r['n'];
        }
        $ratios = [];
        foreach ($bySide[$side] as $r) {
            if (isset($floorOf[$r['rep']]) && $floorOf[$r['rep']] > 0) {
                $ratios[] = $r['redis_cpu'] / $r['n'] / $floorOf[$r['rep']];
            }
        }
        if ($ratios) {
            sort($ratios);
            $floorLines[] = sprintf('%-6s %s / %s: median %.2fx (rounds: %s)', "$placement:", $side, $floor, median($ratios),
                implode(' ', array_map(fn($x) => sprintf('%.2f', $x), $ratios)));
        }
    }
}
if ($floorLines) {
    echo "Redis CPU per job against its floor (per round, the same round's floor run):\n";
    foreach ($floorLines as $l) {
        echo "  $l\n";
    }
    echo "\n";
}
echo "Summary (medians):\n";
foreach ($summaries as $s) {
    echo $s, "\n";
}
$anyFailed = array_sum(array_map('array_sum', $failed)) > 0;
if ($anyFailed) {
    echo "\n!!! Some runs FAILED their checks; see the messages above. They are excluded from the table.\n";
}
exit($anyFailed ? 1 : 0);
