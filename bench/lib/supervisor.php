<?php
// What bench/supervisor-burst.php and bench/supervisor-idle.php share: the output (printed and
// written to --out), the header, starting and stopping a side (bench/lib/supervisor-side.php),
// reading a process's children and CPU from /proc, medians and percentiles.

declare(strict_types=1);

require_once __DIR__ . '/common.php';

// The same flags for every php process of both sides (as bench/run gives its workers).
const SUP_PHP_FLAGS = ['-d', 'memory_limit=-1', '-d', 'opcache.enable_cli=0', '-d', 'zend.assertions=-1', '-d', 'display_errors=stderr'];

/** Opens the output: --out FILE, or NAME.txt in a new folder under the temp dir; never inside the checkout. */
function sup_out_open(string $name, ?string $given): string
{
    $root = realpath(__DIR__ . '/../..');
    if ($given === null) {
        $dir = sys_get_temp_dir() . "/fastqueue-$name." . bin2hex(random_bytes(4));
        mkdir($dir);
        $path = "$dir/$name.txt";
    } else {
        @mkdir(dirname($given), 0777, true);
        $dir = realpath(dirname($given));
        if ($dir === false || str_starts_with("$dir/", "$root/")) {
            fwrite(STDERR, "bench: --out $given is inside the checkout (or its folder cannot be made); give a path outside it\n");
            exit(2);
        }
        $path = $dir . '/' . basename($given);
    }
    $GLOBALS['sup_out'] = fopen($path, 'w');
    return $path;
}

/** Prints a line and writes it to the output file. */
function out(string $line = ''): void
{
    echo $line, "\n";
    fwrite($GLOBALS['sup_out'], $line . "\n");
}

/** The extension copied once into $tmp, so a rebuild during the bench cannot mix two builds. */
function sup_copy_ext(string $ext, string $tmp): string
{
    if (!is_file($ext)) {
        fwrite(STDERR, "bench: no extension at $ext (build it, or give --ext)\n");
        exit(2);
    }
    copy($ext, "$tmp/fastqueue.so");
    return "$tmp/fastqueue.so";
}

function sup_header(string $title, string $ext, array $redisServer, array $pin): void
{
    $root = dirname(__DIR__, 2);
    $cpu = preg_match('/^model name\s*:\s*(.*)$/m', (string) @file_get_contents('/proc/cpuinfo'), $m) ? $m[1] : '?';
    $head = trim((string) shell_exec('git -C ' . escapeshellarg($root) . ' rev-parse --short HEAD 2>/dev/null')) ?: '?';
    $affinity = fn (int $pid) => trim((string) shell_exec("taskset -pc $pid 2>/dev/null | sed 's/.*: //'")) ?: '?';
    $redisPid = proc_get_status($redisServer[0])['pid'];
    out("$title  " . gmdate('Y-m-d H:i:s') . ' UTC');
    out(sprintf('machine:   %s, %d CPUs, %s %s; load average %s', $cpu, (int) shell_exec('nproc'), php_uname('s'), php_uname('r'),
        implode(' ', array_slice(explode(' ', (string) @file_get_contents('/proc/loadavg')), 0, 3))));
    out('php:       ' . PHP_VERSION . ', phpredis ' . phpversion('redis') . ', flags ' . implode(' ', SUP_PHP_FLAGS));
    out('redis:     ' . trim((string) shell_exec("redis-server --version | sed 's/^Redis server //'")));
    out(sprintf('fastqueue: %s %s (md5 %s), git HEAD %s', phpversion('fastqueue') ?: '?', $ext, substr(md5_file($ext), 0, 12), $head));
    out(sprintf('placement: redis-server pid %d affinity %s; each side (supervisor or loop, and its workers) %s',
        $redisPid, $affinity($redisPid), $pin ? implode(' ', $pin) . ' (affinity ' . $pin[2] . ')' : 'not pinned (affinity ' . $affinity(getmypid()) . ')'));
}

/** Stops the redis-server and removes its folder (the extension's copy, the settings, the logs). */
function sup_cleanup(array $server): void
{
    bench_stop_redis($server);
    array_map('unlink', glob($server[2] . '/*') ?: []);
    @rmdir($server[2]);
}

/** Writes the settings both sides read and returns the file's path. */
function sup_settings(string $tmp, array $settings): string
{
    $path = "$tmp/settings.json";
    file_put_contents($path, json_encode($settings, JSON_PRETTY_PRINT));
    return $path;
}

/** Starts one side; its stderr (the supervisor's log) goes to $log. Returns the side: [process, pid, exit status]. */
function sup_start_side(string $side, string $settingsFile, string $ext, array $pin, string $log): array
{
    $proc = proc_open([...$pin, PHP_BINARY, ...SUP_PHP_FLAGS, '-d', "extension=$ext", __DIR__ . '/supervisor-side.php', $side, $settingsFile],
        [0 => ['file', '/dev/null', 'r'], 1 => ['file', $log, 'a'], 2 => ['file', $log, 'a']], $pipes);
    // taskset execs php in the same process, so the pid is the side's own.
    return [$proc, proc_get_status($proc)['pid'], null];
}

/** Whether the side still runs; keeps its exit status once it has ended (PHP reports it once). */
function sup_side_running(array &$side): bool
{
    if ($side[2] !== null) {
        return false;
    }
    $status = proc_get_status($side[0]);
    if ($status['running']) {
        return true;
    }
    $side[2] = $status['signaled'] ? 128 + $status['termsig'] : $status['exitcode'];
    return false;
}

/** SIGTERM to the side; waits for it (and so for its workers) to end. Returns its exit status. */
function sup_stop_side(array $side, float $timeout = 60.0): int
{
    if (sup_side_running($side)) {
        posix_kill($side[1], SIGTERM);
        $deadline = microtime(true) + $timeout;
        while (sup_side_running($side) && microtime(true) < $deadline) {
            usleep(50000);
        }
        if (sup_side_running($side)) {
            foreach (array_keys(sup_children($side[1])) as $child) {
                posix_kill($child, SIGKILL);
            }
            posix_kill($side[1], SIGKILL);
            usleep(200000);
            sup_side_running($side);
        }
    }
    proc_close($side[0]);
    return $side[2] ?? -1;
}

/** The side's worker processes: pid => queue (the worker's second argument after its script). */
function sup_children(int $pid): array
{
    $list = @file_get_contents("/proc/$pid/task/$pid/children");
    $children = [];
    foreach (preg_split('/\s+/', trim((string) $list), -1, PREG_SPLIT_NO_EMPTY) as $child) {
        $argv = explode("\0", rtrim((string) @file_get_contents("/proc/$child/cmdline"), "\0"));
        foreach ($argv as $i => $arg) {
            if (str_ends_with($arg, '/supervisor-worker.php')) {
                $children[(int) $child] = $argv[$i + 2] ?? '?';
            }
        }
    }
    return $children;
}

/** Workers per queue of the side now. */
function sup_counts(int $pid): array
{
    return array_count_values(sup_children($pid));
}

/** A process's user + system CPU so far, in seconds, from /proc/PID/stat (null when gone). */
function sup_proc_cpu(int $pid): ?float
{
    $stat = @file_get_contents("/proc/$pid/stat");
    if ($stat === false) {
        return null;
    }
    // After the command's closing parenthesis: state is field 3, utime 14 and stime 15.
    $fields = explode(' ', substr($stat, strrpos($stat, ')') + 2));
    return ((int) $fields[11] + (int) $fields[12]) / 100;   // USER_HZ is 100 on Linux
}

/** A process's time on a CPU so far, in seconds, from /proc/PID/schedstat (nanoseconds; null when gone or absent). */
function sup_proc_runtime(int $pid): ?float
{
    $stat = @file_get_contents("/proc/$pid/schedstat");
    return $stat === false ? null : (int) explode(' ', $stat)[0] / 1e9;
}

function sup_median(array $v): ?float
{
    $v = array_values(array_filter($v, fn ($x) => $x !== null));
    if (!$v) {
        return null;
    }
    sort($v);
    $n = count($v);
    return $n % 2 ? (float) $v[intdiv($n, 2)] : ($v[$n / 2 - 1] + $v[$n / 2]) / 2;
}

/** The p-th percentile (nearest rank) of $v, null when empty. */
function sup_pct(array $v, float $p): ?float
{
    if (!$v) {
        return null;
    }
    sort($v);
    return (float) $v[max(0, (int) ceil($p / 100 * count($v)) - 1)];
}

function sup_fmt(?float $v, string $format = '%.2f'): string
{
    return $v === null ? '-' : sprintf($format, $v);
}

/** "b / a", or '-' when either is missing or a is 0. */
function sup_ratio(?float $b, ?float $a): string
{
    return $a === null || $b === null || $a <= 0 || $b < 0 ? '-' : sprintf('%.2fx', $b / $a);
}
