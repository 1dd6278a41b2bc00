<?php
// Scaling on Redis Cluster: jobs/s, Redis CPU per job and worker CPU per job against the number
// of masters, with K FastQueue worker processes over one queue per master.
//
//   php -d extension=modules/fastqueue.so bench/cluster.php [--masters 1,2,3] [--workers 4]
//       [--n 100000] [--prefetch 32] [--repeat 5] [--timeout 600]
//
// --workers takes a list too (e.g. 1,4). Each master count gets its own cluster of that many
// redis-server masters (no replicas) on loopback ports >= 31000, all started once and kept for
// the whole bench, so that repeats can be interleaved (rep 1: M=1, M=2, M=3; rep 2: ...) and
// machine noise falls on every M alike. No taskset: the OS places every process.
// The output ends with the medians and the capacity arithmetic derived from them.

declare(strict_types=1);

require __DIR__ . '/lib/common.php';

const PHPFLAGS = ['-d', 'memory_limit=-1', '-d', 'opcache.enable_cli=0', '-d', 'zend.assertions=-1',
    '-d', 'display_errors=stderr'];
const SLOTS = 16384;

if (($argv[1] ?? '') === '--child') {
    child(json_decode($argv[2], true));
}

$opt = getopt('', ['masters:', 'workers:', 'n:', 'prefetch:', 'repeat:', 'timeout:']);
$list = fn (string $s) => array_map('intval', explode(',', $s));
$mastersList = $list($opt['masters'] ?? '1,2,3');
$workersList = $list($opt['workers'] ?? '4');
$n = (int) ($opt['n'] ?? 100000);
$prefetch = (int) ($opt['prefetch'] ?? 32);
$repeat = (int) ($opt['repeat'] ?? 5);
$timeout = (float) ($opt['timeout'] ?? 600);
if (min([...$mastersList, ...$workersList]) < 1 || $n < 1 || $prefetch < 1 || $repeat < 1) {
    fwrite(STDERR, "bench/cluster.php: --masters, --workers, --n, --prefetch and --repeat must be positive\n");
    exit(2);
}
if (!class_exists('FastQueue\Worker')) {
    fwrite(STDERR, "bench/cluster.php: load the extension: php -d extension=modules/fastqueue.so ...\n");
    exit(2);
}
// The children must load the very file this process loaded, whatever path -d was given.
$ext = preg_match('~\s(/\S*fastqueue\.so)$~m', file_get_contents('/proc/self/maps'), $m) ? $m[1] : null;
if ($ext === null) {
    fwrite(STDERR, "bench/cluster.php: cannot find the loaded fastqueue.so in /proc/self/maps\n");
    exit(2);
}

// Every server and worker is killed on any way out: the end, an exception, Ctrl-C or SIGTERM
// (a worker left behind would retry its dead servers for ever).
$tmp = sys_get_temp_dir() . '/fastqueue-cluster-bench.' . getmypid();
@mkdir($tmp);
$procs = [];  // port or "worker N" => proc_open handle, while it runs
register_shutdown_function(function () use (&$procs, $tmp) {
    foreach ($procs as $proc) {
        try {
            proc_terminate($proc, SIGKILL);
            proc_close($proc);
        } catch (TypeError) {
            // closed already: a signal came between a worker's end and its removal from $procs
        }
    }
    array_map('unlink', glob("$tmp/*") ?: []);
    @rmdir($tmp);
});
pcntl_async_signals(true);
foreach ([SIGINT, SIGTERM] as $sig) {
    pcntl_signal($sig, function () { fwrite(STDERR, "bench/cluster.php: interrupted\n"); exit(130); });
}

printf("FastQueue cluster scaling benchmark  %s\n", gmdate('Y-m-d H:i:s \U\T\C'));
$model = preg_match('/^model name\s*:\s*(.*)$/m', file_get_contents('/proc/cpuinfo'), $m) ? $m[1] : '?';
printf("machine:   %s, %d CPUs, %s; load average %s\n", $model, (int) shell_exec('nproc'), php_uname('s') . ' ' . php_uname('r'), implode(' ', array_slice(explode(' ', file_get_contents('/proc/loadavg')), 0, 3)));
printf("software:  PHP %s, %s, FastQueue %s (%s, md5 %s), git %s\n", PHP_VERSION, trim(shell_exec('redis-server --version')),
    phpversion('fastqueue'), $ext, substr(md5_file($ext), 0, 12), trim((string) shell_exec('git -C ' . escapeshellarg(__DIR__) . ' rev-parse --short HEAD')));
printf("runs:      N=%d no-op jobs per run, prefetch %d, masters %s, workers %s, %d repeats interleaved;\n"
    . "           placement: none (no taskset, the OS places redis-servers and workers); no replicas, no WAIT\n\n",
    $n, $prefetch, implode(',', $mastersList), implode(',', $workersList), $repeat);

$clusters = [];
foreach ($mastersList as $m) {
    $clusters[$m] ??= start_cluster($m, $tmp, $procs);
    printf("cluster of %d master(s): %s; queues %s\n", $m, implode(' ', array_map(fn ($n) => "127.0.0.1:{$n['port']} (pid {$n['pid']}, slots {$n['slots'][0]}-{$n['slots'][1]})", $clusters[$m]['nodes'])),
        implode(',', $clusters[$m]['queues']));
}
// Redis CPU per job includes what a node burns at rest (serverCron, cluster bus pings); shown
// here so that it can be told apart from the cost of the jobs.
$all = array_merge(...array_map(fn ($c) => $c['nodes'], array_values($clusters)));
$idle0 = nodes_cpu($all);
sleep(2);
$idle = array_map(fn ($a, $b) => ($b - $a) / 2, $idle0, nodes_cpu($all));
printf("idle:      each node at rest uses %.2f%% of a CPU (median over the %d nodes, measured over 2 s)\n\n", 100 * median($idle), count($all));

$runs = [];
$failures = 0;
for ($rep = 1; $rep <= $repeat; $rep++) {
    foreach ($mastersList as $m) {
        foreach ($workersList as $k) {
            $r = run_once($clusters[$m], $k, $n, $prefetch, $ext, $timeout, $procs);
            $label = sprintf('rep %d/%d  M=%d K=%-2d', $rep, $repeat, $m, $k);
            if ($r['problems']) {
                $failures++;
                echo "!!! $label: ", implode('; ', $r['problems']), "\n";
                continue;
            }
            $runs["$m $k"][] = $r;
            printf("%s %7.2f s %8.0f jobs/s  redis %5.1f us/job  worker %5.1f us/job (+ run queue %5.1f, blocked %5.1f)  nodes busy %s  others %3.0f%%\n",
                $label, $r['secs'], $r['rate'], $r['redis_us'], $r['worker_us'], $r['runq_us'], $r['blocked_us'],
                implode('/', array_map(fn ($b) => sprintf('%.0f%%', $b * 100), $r['busy'])), $r['others'] * 100);
        }
    }
}

echo "\nMedians over the repeats (us = microseconds of CPU per job; busy = a node's CPU seconds / wall seconds;\n"
    . "share = the node's part of all Redis CPU; run queue / blocked = worker wall time per job spent\n"
    . "waiting for a CPU / off CPU waiting for Redis, summed over workers; others = CPU used by other processes)\n\n";
printf("| masters | workers | jobs/s | Redis CPU/job | worker CPU/job | worker run queue/job | worker blocked/job | nodes busy | nodes share | others |\n");
printf("|---|---|---|---|---|---|---|---|---|---|\n");
$med = [];
foreach ($runs as $key => $rs) {
    [$m, $k] = array_map('intval', explode(' ', $key));
    $col = fn (string $f) => median(array_column($rs, $f));
    $node = fn (string $f) => implode(' / ', array_map(fn ($i) => sprintf('%.0f%%', 100 * median(array_map(fn ($r) => $r[$f][$i], $rs))), range(0, $m - 1)));
    $med[$key] = ['m' => $m, 'k' => $k] + array_combine(['rate', 'redis_us', 'worker_us', 'runq_us', 'blocked_us'],
        array_map($col, ['rate', 'redis_us', 'worker_us', 'runq_us', 'blocked_us']));
    printf("| %d | %d | %s | %.1f us | %.1f us | %.1f us | %.1f us | %s | %s | %.0f%% |\n", $m, $k, number_format($med[$key]['rate']),
        $med[$key]['redis_us'], $med[$key]['worker_us'], $med[$key]['runq_us'], $med[$key]['blocked_us'], $node('busy'), $node('share'), 100 * $col('others'));
}

capacity($med, $prefetch);

printf("\ncommand: php -d extension=modules/fastqueue.so bench/cluster.php --masters %s --workers %s --n %d --prefetch %d --repeat %d\n",
    implode(',', $mastersList), implode(',', $workersList), $n, $prefetch, $repeat);
if ($failures) {
    echo "\n!!! FAILED: $failures run(s) failed their checks; see above.\n";
    exit(1);
}
exit(0);

/** Starts $m cluster-enabled masters and joins them by hand (redis-cli --cluster create wants 3+). */
function start_cluster(int $m, string $tmp, array &$procs): array
{
    $nodes = [];
    foreach (array_chunk(free_ports(2 * $m), 2) as [$port, $bus]) {
        $proc = proc_open(['redis-server', '--port', (string) $port, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no',
            '--daemonize', 'no', '--dir', $tmp, '--logfile', "$tmp/redis-$port.log", '--cluster-enabled', 'yes',
            '--cluster-config-file', "$tmp/nodes-$port.conf", '--cluster-port', (string) $bus], [], $pipes);
        $procs[$port] = $proc;
        $nodes[] = ['port' => $port, 'bus' => $bus, 'pid' => proc_get_status($proc)['pid']];
    }
    foreach ($nodes as $j => &$node) {
        $node['redis'] = connect_when_up($node['port']);
        // Slots in equal ranges; distinct config epochs spare the nodes an epoch collision round.
        $node['slots'] = [intdiv(SLOTS * $j, $m), intdiv(SLOTS * ($j + 1), $m) - 1];
        $node['redis']->rawCommand('CLUSTER', 'SET-CONFIG-EPOCH', (string) ($j + 1));
        $node['redis']->rawCommand('CLUSTER', 'ADDSLOTSRANGE', (string) $node['slots'][0], (string) $node['slots'][1]);
    }
    unset($node);
    foreach (array_slice($nodes, 1) as $node) {
        $nodes[0]['redis']->rawCommand('CLUSTER', 'MEET', '127.0.0.1', (string) $node['port'], (string) $node['bus']);
    }
    $deadline = microtime(true) + 30;
    foreach ($nodes as $node) {
        while (!preg_match('/cluster_state:ok.*cluster_known_nodes:' . $m . '\b/s', $node['redis']->rawCommand('CLUSTER', 'INFO'))) {
            if (microtime(true) > $deadline) {
                throw new RuntimeException("cluster of $m did not reach cluster_state:ok: " . $node['redis']->rawCommand('CLUSTER', 'INFO'));
            }
            usleep(50000);
        }
    }
    // One queue per master: try tags until each master's slot range holds one.
    $queues = [];
    for ($i = 0; count($queues) < $m; $i++) {
        $slot = (int) $nodes[0]['redis']->rawCommand('CLUSTER', 'KEYSLOT', "queues:{b$m-$i}");
        foreach ($nodes as $j => $node) {
            if ($slot >= $node['slots'][0] && $slot <= $node['slots'][1]) {
                $queues[$j] ??= "{b$m-$i}";
            }
        }
    }
    ksort($queues);
    return ['nodes' => $nodes, 'queues' => array_values($queues), 'seeds' => array_map(fn ($n) => "127.0.0.1:{$n['port']}", $nodes)];
}

/** Ports >= 31000 nobody listens on (tests use 20000-29999). */
function free_ports(int $count): array
{
    static $next = 31000;
    $ports = [];
    for (; count($ports) < $count && $next < 40000; $next++) {
        if ($s = @stream_socket_server("tcp://127.0.0.1:$next")) {
            fclose($s);
            $ports[] = $next;
        }
    }
    return $ports;
}

function connect_when_up(int $port): Redis
{
    for ($i = 0; $i < 200; $i++) {
        try {
            $r = new Redis();
            if (@$r->connect('127.0.0.1', $port, 1.0) && $r->ping()) {
                return $r;
            }
        } catch (RedisException) {
        }
        usleep(25000);
    }
    throw new RuntimeException("redis-server on $port did not come up");
}

/** One timed run: push N jobs over the queues, let K workers drain them, check, measure. */
function run_once(array $c, int $k, int $n, int $prefetch, string $ext, float $timeout, array &$procs): array
{
    $m = count($c['nodes']);
    $q = new FastQueue\RedisQueue(['cluster' => $c['seeds'], 'queue' => $c['queues'][0], 'retry_after' => 90]);
    foreach ($c['queues'] as $j => $queue) {
        $share = intdiv($n, $m) + ($j < $n % $m ? 1 : 0);
        for ($i = 0; $i < $share; $i += 1000) {
            $q->bulk(array_fill(0, min(1000, $share - $i), 'BenchNoopJob@handle'), ['i' => $i], $queue);
        }
    }
    // Workers start all at once, after PHP's start-up; worker w takes the queues from w on, so
    // every master is first choice for some of them.
    $children = [];
    for ($w = 0; $w < $k; $w++) {
        $order = array_merge(array_slice($c['queues'], $w % $m), array_slice($c['queues'], 0, $w % $m));
        $cfg = ['seeds' => $c['seeds'], 'queues' => implode(',', $order), 'prefetch' => $prefetch];
        $proc = proc_open([PHP_BINARY, ...PHPFLAGS, '-d', "extension=$ext", __FILE__, '--child', json_encode($cfg)],
            [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes);
        $children[] = ['proc' => $proc, 'in' => $pipes[0], 'out' => $pipes[1], 'line' => ''];
        $procs["worker $w"] = $proc;
    }
    foreach ($children as $ch) {
        if (trim((string) fgets($ch['out'])) !== 'ready') {
            throw new RuntimeException('a worker did not start');
        }
    }
    $cpu0 = nodes_cpu($c['nodes']);
    $machine0 = bench_machine_cpu()[0];
    $t0 = hrtime(true);
    foreach ($children as $ch) {
        fwrite($ch['in'], "go\n");
    }
    $results = collect($children, $timeout);
    foreach (array_keys($children) as $w) {
        unset($procs["worker $w"]);
    }
    $cpu1 = nodes_cpu($c['nodes']);
    $machine1 = bench_machine_cpu()[0];

    $problems = [];
    $sum = fn (string $f) => array_sum(array_column($results, $f));
    if (count($results) !== $k) {
        $problems[] = count($results) . " of $k workers reported";
    }
    if ($sum('jobs') !== $n) {
        $problems[] = 'the handlers ran ' . $sum('jobs') . " times, expected $n";
    }
    if (array_filter(array_column($results, 'status'))) {
        $problems[] = 'a daemon() returned non-zero: ' . implode(',', array_column($results, 'status'));
    }
    // The handler counts plus empty keys mean each job ran once: a job run twice would need a
    // job lost for the count to match, and a lost job would still sit in its list or :reserved.
    foreach ($c['queues'] as $queue) {
        if (($left = $q->size($queue)) !== 0) {
            $problems[] = "$queue still holds $left jobs";
        }
        $q->clear($queue);  // :notify too, so the servers stay as they were for the next run
    }
    $secs = max(1e-9, (max(array_column($results, 'end') ?: [$t0]) - $t0) / 1e9);  // the last worker's end
    $redis = array_map(fn ($a, $b) => $b - $a, $cpu0, $cpu1);
    $workerCpu = $sum('user') + $sum('sys');
    return [
        'problems' => $problems,
        'secs' => $secs,
        'rate' => $n / $secs,
        'redis_us' => array_sum($redis) / $n * 1e6,
        'worker_us' => $workerCpu / $n * 1e6,
        'runq_us' => $sum('runq') / $n * 1e6,
        'blocked_us' => max(0, $sum('wall') - $workerCpu - $sum('runq')) / $n * 1e6,
        'busy' => array_map(fn ($x) => $x / $secs, $redis),
        'share' => array_map(fn ($x) => $x / max(1e-9, array_sum($redis)), $redis),
        'others' => max(0, ($machine1 - $machine0) - array_sum($redis) - $workerCpu) / $secs,
    ];
}

/** Each node's used_cpu_sys + used_cpu_user. */
function nodes_cpu(array $nodes): array
{
    return array_map(fn ($node) => bench_redis_cpu($node['redis']), $nodes);
}

/** Reads every worker's RESULT line and reaps it; kills what is still running at the deadline. */
function collect(array $children, float $timeout): array
{
    $deadline = microtime(true) + $timeout;
    $results = [];
    $open = $children;
    while ($open && microtime(true) < $deadline) {
        $read = array_column($open, 'out');
        $w = $e = null;
        if (!stream_select($read, $w, $e, 1)) {
            continue;
        }
        foreach ($open as $i => $ch) {
            if (!in_array($ch['out'], $read, true)) {
                continue;
            }
            $chunk = fread($ch['out'], 8192);
            $open[$i]['line'] .= $chunk;
            if ($chunk === '' || $chunk === false) {
                if (preg_match('/^RESULT (.*)$/m', $open[$i]['line'], $mm)) {
                    $results[] = json_decode($mm[1], true);
                }
                unset($open[$i]);
            }
        }
    }
    foreach ($children as $ch) {
        if (proc_get_status($ch['proc'])['running'] && $open) {
            proc_terminate($ch['proc'], SIGKILL);
        }
        proc_close($ch['proc']);
    }
    return $results;
}

/** Seconds this process waited on a run queue, from /proc/self/schedstat (ns on CPU, ns waiting, slices). */
function runq_secs(): float
{
    return (int) (explode(' ', (string) @file_get_contents('/proc/self/schedstat'))[1] ?? 0) / 1e9;
}

/** A worker process: waits for "go", drains its queues once and prints what it measured. */
function child(array $cfg): never
{
    $jobs = 0;
    $first = explode(',', $cfg['queues'])[0];
    $q = new FastQueue\RedisQueue(['cluster' => $cfg['seeds'], 'queue' => $first, 'retry_after' => 90]);
    // The same settings as bench/lib/fastqueue-worker.php (Laravel's shipped defaults).
    $w = new FastQueue\Worker($q, function (FastQueue\Job $job) use (&$jobs) {
        $jobs++;
    }, ['sleep' => 0, 'tries' => 1, 'timeout' => 60, 'memory' => 512, 'stop_when_empty' => true, 'prefetch' => $cfg['prefetch']]);
    $q->size($first);  // connects and learns the slot map before the clock starts
    echo "ready\n";
    fgets(STDIN);
    [$u0, $s0] = bench_rusage();
    $r0 = runq_secs();
    $t0 = hrtime(true);
    $status = $w->daemon($cfg['queues']);
    $t1 = hrtime(true);
    [$u1, $s1] = bench_rusage();
    echo 'RESULT ', json_encode(['jobs' => $jobs, 'status' => $status, 'end' => $t1, 'wall' => ($t1 - $t0) / 1e9,
        'user' => $u1 - $u0, 'sys' => $s1 - $s0, 'runq' => runq_secs() - $r0]), "\n";
    exit(0);
}

function median(array $xs): float
{
    sort($xs);
    $c = count($xs);
    return $c % 2 ? $xs[intdiv($c, 2)] : ($xs[$c / 2 - 1] + $xs[$c / 2]) / 2;
}

/** What the measured CPU per job means for 100k and 1M jobs/s on machines with cores to spare. */
function capacity(array $med, int $prefetch): void
{
    // CPU per job is read from the runs with the most workers (every master kept busy), and the
    // worst master count is taken to stay on the safe side (on 2 CPUs the spread over M is
    // mostly contention: more processes than CPUs).
    $kmax = max(array_column($med, 'k'));
    $full = array_filter($med, fn ($r) => $r['k'] === $kmax);
    $redisUs = max(array_column($full, 'redis_us'));
    $workerUs = max(array_column($full, 'worker_us'));
    // A lone worker's blocked time is its wait for Redis's replies (with more workers than CPUs
    // it would also hold their wait for each other). On this busy machine Redis itself waits for
    // a CPU at times, so this is an upper bound.
    $lone = array_values(array_filter($med, fn ($r) => $r['k'] === 1 && $r['m'] === 1));
    $blockedUs = $lone ? $lone[0]['blocked_us'] : min(array_column($med, 'blocked_us'));
    // The same 70% headroom for Redis cores, worker cores and worker processes alike.
    $target = 0.70;
    $perMaster = 1e6 / $redisUs * $target;
    $perWorker = 1e6 / ($workerUs + $blockedUs) * $target;
    printf("\nCapacity, from the medians above (K=%d rows for CPU per job, the worst over M; %.0f%% busy targeted)\n", $kmax, $target * 100);
    printf("  Redis CPU per job  r = %.1f us -> one Redis core serves 1/r = %s jobs/s; at %.0f%%, %s jobs/s per master\n",
        $redisUs, number_format(1e6 / $redisUs), $target * 100, number_format($perMaster));
    printf("  worker CPU per job w = %.1f us -> one worker core does 1/w = %s jobs/s\n", $workerUs, number_format(1e6 / $workerUs));
    printf("  worker blocked per job b = %.1f us (%s) -> one worker process does at most 1/(w+b) = %s jobs/s; at %.0f%%, %s\n",
        $blockedUs, $lone ? 'the K=1, M=1 row' : 'the smallest row', number_format(1e6 / ($workerUs + $blockedUs)), $target * 100,
        number_format($perWorker));
    foreach ([100000, 1000000] as $goal) {
        $g = number_format($goal);
        printf("  %s jobs/s: masters = ceil(%s / %s) = %d; worker processes = ceil(%s / %s) = %d;"
            . " worker cores = ceil(%s x %.1f us / %.0f%%) = %d\n",
            $g, $g, number_format($perMaster), (int) ceil($goal / $perMaster), $g, number_format($perWorker),
            (int) ceil($goal / $perWorker), $g, $workerUs, $target * 100, (int) ceil($goal * $workerUs / 1e6 / $target));
    }
    printf("  assumptions: no-op jobs, prefetch %d, loopback network, no replicas and no WAIT, one queue per master\n", $prefetch);
}
