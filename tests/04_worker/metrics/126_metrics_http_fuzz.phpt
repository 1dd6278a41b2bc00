--TEST--
metrics_listen under a fuzz of requests, many at once: oversized heads, malformed request lines, heads without end, binary garbage, a byte at a time, half-closed and reset connections (SO_LINGER 0); each gets its right answer or none, while real scrapes stay whole and jobs run, and the worker never crashes (seeded: FASTQUEUE_FUZZ_SEED)
--EXTENSIONS--
fastqueue
posix
sockets
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/metrics_export.inc';
$name = 'w126';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$port = fq_free_port();
$seed = (int) (getenv('FASTQUEUE_FUZZ_SEED') ?: random_int(1, PHP_INT_MAX));
mt_srand($seed);
$faults = [];
$fault = function (string $what) use (&$faults) { $faults[] = $what; };

// What each kind sends, how (all at once, or $step bytes every 20 ms), what it does after
// (read, shut its side, or reset), and which answers are right ('' = closed unanswered;
// null = anything: it reset the connection itself).
function fuzz_case(string $kind): array
{
    $get = "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n";
    $malformed = ["GET\r\n\r\n", "GET /metrics HTTP/1.1 x\r\n\r\n", "get /metrics HTTP/1.1\r\n\r\n",
        "GET metrics HTTP/1.1\r\n\r\n", " GET / HTTP/1.1\r\n\r\n", "GET  / HTTP/1.1\r\n\r\n",
        "GET /\0 HTTP/1.1\r\n\r\n", "GET / HTTX/1.1\r\n\r\n", "\r\n\r\n", "GET /metrics\r\n\r\n"];
    $garbage = '';
    for ($i = mt_rand(1, 3000); $i > 0; $i--) {
        $garbage .= chr(mt_rand(0, 255));
    }
    return match ($kind) {
        'oversized' => [str_repeat('A', mt_rand(8192, 20000)), 0, 'read', ['400']],
        'malformed' => [$malformed[mt_rand(0, count($malformed) - 1)], 0, 'read', ['400']],
        'endless' => ["GET /metrics HTTP/1.1\r\nHost: x\r\nX-A: " . str_repeat('b', mt_rand(0, 500)) . "\r\n", 0, 'read', ['']],
        'garbage' => [$garbage, 0, 'read', ['', '400']],
        'garbage_shut' => [$garbage, 0, 'shut', ['', '400']],
        'slow' => [$get, 1, 'read', ['200']],
        'slow_garbage' => [substr($garbage, 0, 40), mt_rand(1, 3), 'read', ['', '400']],
        'half_closed' => [$get, 0, 'shut', ['200']],
        'half_closed_no_blank' => ["GET /metrics HTTP/1.1\r\n", 0, 'shut', ['200']],
        'pipelined' => [$get . $garbage, 0, 'read', ['200']],
        'reset_early' => [substr($get, 0, mt_rand(0, 20)), 0, 'reset', [null]],
        'reset_after_request' => [$get, 0, 'reset', [null]],
    };
}

function connect_nb(int $port): Socket
{
    $s = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
    socket_set_nonblock($s);
    @socket_connect($s, '127.0.0.1', $port);
    return $s;
}

// Runs the clients side by side until each is done or $limit seconds pass; fills in 'got'.
function run_clients(array &$clients, float $limit): void
{
    $start = microtime(true);
    while (microtime(true) - $start < $limit) {
        $open = 0;
        foreach ($clients as &$c) {
            if ($c['done']) continue;
            $open++;
            if ($c['sent'] < strlen($c['out']) && microtime(true) >= $c['next']) {
                $n = $c['step'] ?: strlen($c['out']) - $c['sent'];
                $w = @socket_write($c['s'], substr($c['out'], $c['sent'], $n));
                if ($w > 0) $c['sent'] += $w;
                $c['next'] = microtime(true) + 0.02;
            }
            if ($c['sent'] >= strlen($c['out']) && !$c['after_done']) {
                $c['after_done'] = true;
                $c['sent_in'] = microtime(true) - $c['born'];
                if ($c['after'] === 'shut') socket_shutdown($c['s'], 1);
                if ($c['after'] === 'reset') {
                    socket_set_option($c['s'], SOL_SOCKET, SO_LINGER, ['l_onoff' => 1, 'l_linger' => 0]);
                    socket_close($c['s']);
                    $c['done'] = true;
                    continue;
                }
            }
            $r = @socket_read($c['s'], 65536);
            $err = socket_last_error($c['s']);
            socket_clear_error($c['s']);
            if ($r === '' || ($r === false && !in_array($err, [SOCKET_EAGAIN, SOCKET_EINPROGRESS, 0], true))) {
                $c['done'] = true; // closed, or reset under us
                socket_close($c['s']);
            } elseif ($r !== false) {
                $c['got'] .= $r;
            }
        }
        unset($c);
        if ($open === 0) return;
        usleep(5000);
    }
}

function status_of(string $got): string
{
    return $got === '' ? '' : (preg_match('#^HTTP/1\.1 (\d{3}) #', $got, $m) ? $m[1] : 'junk');
}

$c = fqm_worker($name, ['metrics_listen' => (string) $port, 'metrics_interval' => 3600]);
fqm_ready($c);
$kinds = ['oversized', 'malformed', 'endless', 'garbage', 'garbage_shut', 'slow', 'slow_garbage', 'half_closed',
    'half_closed_no_blank', 'pipelined', 'reset_early', 'reset_after_request'];
$clients = [];
for ($i = 0; $i < 60; $i++) {
    $kind = $i < count($kinds) ? $kinds[$i] : $kinds[mt_rand(0, count($kinds) - 1)];
    [$out, $step, $after, $want] = fuzz_case($kind);
    $clients[] = ['kind' => $kind, 'born' => microtime(true), 's' => connect_nb($port), 'out' => $out, 'step' => $step, 'after' => $after,
        'want' => $want, 'sent' => 0, 'next' => 0.0, 'after_done' => false, 'done' => false, 'got' => ''];
}
fqm_push($q, $name, 20, 0);

// Real scrapes meanwhile, from another process so that they are not paced by this loop.
$scraper = fq_child(sprintf('
    require %s;
    $bad = 0; $n = 0;
    for ($t = microtime(true); microtime(true) - $t < 2.5; usleep(100000), $n++) {
        $s = hrtime(true);
        $body = fqm_get(%d);
        $bad += $body === false || !fqm_whole($body) || (hrtime(true) - $s) / 1e9 > (fq_slow() ? 3 : 1);
    }
    echo "$bad of $n\n";', var_export(__DIR__ . '/../../inc/metrics_export.inc', true), $port));
run_clients($clients, fq_slow() ? 15 : 5);
foreach ($clients as $i => $cl) {
    $st = status_of($cl['got']);
    if (!$cl['done']) {
        $fault("client $i ({$cl['kind']}) still open");
    } elseif ($st === '' && $cl['step'] && ($cl['sent_in'] ?? INF) > 1.5) {
        // A byte at a time, on a machine so busy that the request took longer than the
        // endpoint gives a client (2 s from its accept): closed unanswered is right then.
    } elseif ($cl['want'] !== [null] && !in_array($st, $cl['want'], true)) {
        $fault(sprintf("client %d (%s) got %s, wanted %s: %s", $i, $cl['kind'], $st === '' ? 'nothing' : $st,
            implode(' or ', array_map(fn($w) => $w === '' ? 'nothing' : $w, $cl['want'])), json_encode(substr($cl['got'], 0, 80))));
    } elseif ($st === '200' && !fqm_whole(explode("\r\n\r\n", $cl['got'], 2)[1] ?? '')) {
        $fault("client $i ({$cl['kind']}) got a 200 that is not whole");
    }
}
$r = $scraper->wait(fq_slow() ? 60 : 20);
if (!preg_match('/^0 of \d+$/', trim($r['stdout']))) {
    $fault('real scrapes that failed or took over 1 s: ' . trim($r['stdout'] . $r['stderr']));
}

// A burst of 50 real scrapes at once, all whole (they share renders; 50 stays under the cap of a
// process whose fd limit is as low as 256).
$burst = [];
for ($i = 0; $i < 50; $i++) {
    $burst[] = ['kind' => 'burst', 'born' => microtime(true), 's' => connect_nb($port), 'out' => "GET /metrics HTTP/1.0\r\n\r\n", 'step' => 0,
        'after' => 'read', 'want' => ['200'], 'sent' => 0, 'next' => 0.0, 'after_done' => false, 'done' => false, 'got' => ''];
}
run_clients($burst, fq_slow() ? 15 : 5);
$whole = count(array_filter($burst, fn($b) => fqm_whole(explode("\r\n\r\n", $b['got'], 2)[1] ?? '')));
if ($whole !== 50) $fault("burst: $whole of 50 whole");

$done = 0;
for ($t = microtime(true); microtime(true) - $t < (fq_slow() ? 20 : 5) && $done < 20; usleep(50000)) {
    $done = (int) fqm_sample((string) fqm_get($port), 'fastqueue_jobs_total', ['outcome' => 'processed']);
}
if ($done !== 20) $fault("jobs processed: $done of 20");

$c->signal(SIGTERM);
$r = $c->wait(20);
if (trim($r['stdout']) !== "ready\nstopped 0" || $r['stderr'] !== '') {
    $fault('the worker: ' . var_export($r, true));
}
echo $faults ? "fuzz failed (FASTQUEUE_FUZZ_SEED=$seed):\n" . implode("\n", $faults) . "\n" : "fuzz: every answer right, scrapes whole, jobs run, worker stopped cleanly\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w126'); ?>
--EXPECT--
fuzz: every answer right, scrapes whole, jobs run, worker stopped cleanly
