<?php
// What one job costs Redis in traffic and command time under FastQueue's worker: bytes sent and
// received per job (INFO stats) and the usec per job of all commands (INFO commandstats), for
// prefetch 1 and 32. Bytes do not depend on how busy the machine is, so they compare builds
// exactly; the usec are noisy on shared machines.
//
//   php -d extension=modules/fastqueue.so bench/bytes.php [--n N] [--port P]
//
// Starts its own redis-server on a free port unless --port names a running one.
$opts = getopt('', ['n:', 'port:']);
$n = (int) ($opts['n'] ?? 20000);
$port = isset($opts['port']) ? (int) $opts['port'] : 0;
$server = null;
if ($port === 0) {
    $sock = stream_socket_server('tcp://127.0.0.1:0');
    $port = (int) substr(strrchr(stream_socket_get_name($sock, false), ':'), 1);
    fclose($sock);
    $server = proc_open(['redis-server', '--port', (string) $port, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        [1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes);
    for ($i = 0; $i < 100 && !@fsockopen('127.0.0.1', $port); $i++) {
        usleep(20000);
    }
}
$redis = new Redis();
$redis->connect('127.0.0.1', $port);
$q = new FastQueue\RedisQueue(['port' => $port, 'queue' => 'bytes', 'retry_after' => 90]);
foreach ([1, 32] as $prefetch) {
    $q->clear();
    for ($i = 0; $i < $n; $i += 500) {
        $q->bulk(array_fill(0, min(500, $n - $i), 'Job'), ['i' => $i]);
    }
    $redis->rawCommand('CONFIG', 'RESETSTAT');
    $w = new FastQueue\Worker($q, function () {}, ['prefetch' => $prefetch, 'timeout' => 10, 'stop_when_empty' => true, 'sleep' => 0.01]);
    $w->daemon('bytes');
    $stats = $redis->info('stats');
    $usec = 0;
    foreach ($redis->info('commandstats') as $line) {
        if (preg_match('/usec=(\d+)/', $line, $m)) {
            $usec += (int) $m[1];
        }
    }
    printf("prefetch %2d: Redis sends %4.0f B/job, receives %4.0f B/job; commands take %5.2f us/job (%d jobs)\n",
        $prefetch, $stats['total_net_output_bytes'] / $n, $stats['total_net_input_bytes'] / $n, $usec / $n, $n);
}
$q->clear();
if ($server) {
    proc_terminate($server);
    proc_close($server);
}
