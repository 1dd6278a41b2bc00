<?php
// Does a flood of scrapes slow the jobs? One worker drains N no-op jobs with metrics_listen on,
// once with nobody scraping and once while a client scrapes the endpoint (--rate scrapes a second,
// 0: as fast as it can), in interleaved rounds; each build given is run both ways. Prints each
// round's jobs/s and scrapes/s, the medians, and the flood's cost as the ratio quiet/flooded
// (1.00: none).
//
//   php bench/scrape-flood.php [--n 20000] [--rounds 5] [--rate 0] BUILD.so [BUILD2.so ...]
//
// Placement (2 CPUs): redis-server and the scraping client on CPU 0, the worker (its PHP thread
// and the endpoint's thread) on CPU 1, with taskset. A private redis-server on a free port.
declare(strict_types=1);

$n = 20000;
$rounds = 5;
$rate = 0;
$builds = [];
for ($i = 1; $i < $argc; $i++) {
    match ($argv[$i]) {
        '--n' => $n = (int) $argv[++$i],
        '--rounds' => $rounds = (int) $argv[++$i],
        '--rate' => $rate = (int) $argv[++$i],
        '-h', '--help' => exit(implode('', array_map(fn ($l) => preg_replace('~^// ?~', '', $l),
            array_slice(file(__FILE__), 1, 10)))),
        default => $builds[] = realpath($argv[$i]) ?: exit("no such build: {$argv[$i]}\n"),
    };
}
if (!$builds) {
    exit("usage: php bench/scrape-flood.php [--n N] [--rounds R] BUILD.so [...]\n");
}

function free_port(): int
{
    $s = stream_socket_server('tcp://127.0.0.1:0');
    $port = (int) substr(strrchr(stream_socket_get_name($s, false), ':'), 1);
    fclose($s);
    return $port;
}

$redisPort = free_port();
$dir = sys_get_temp_dir() . '/scrape-flood.' . getmypid();
@mkdir($dir);
$redis = proc_open(['taskset', '-c', '0', 'redis-server', '--port', (string) $redisPort, '--save', '', '--appendonly', 'no',
    '--dir', $dir], [1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes);
for ($t = 0; $t < 100 && !@fsockopen('127.0.0.1', $redisPort); $t++) {
    usleep(50000);
}

// One run: push n jobs, then time the worker's drain (inside the child, daemon() alone).
function run(string $so, int $redisPort, int $n, bool $flood, int $rate, ?float &$scrapes): float
{
    $listen = free_port();
    $code = <<<'PHP'
        [$port, $listen, $n] = [(int) $argv[1], (int) $argv[2], (int) $argv[3]];
        $q = new FastQueue\RedisQueue(['port' => $port, 'queue' => 'flood']);
        $q->clear('flood');
        $payloads = [];
        for ($i = 0; $i < $n; $i++) {
            $payloads[] = json_encode(['uuid' => "u$i", 'job' => 'noop', 'data' => [], 'attempts' => 0, 'id' => "i$i"]);
        }
        foreach (array_chunk($payloads, 1000) as $chunk) {
            foreach ($chunk as $p) { $q->pushRaw($p, 'flood'); }
        }
        $w = new FastQueue\Worker($q, fn ($job) => null, ['metrics' => true, 'metrics_listen' => "127.0.0.1:$listen",
            'stop_when_empty' => true, 'sleep' => 0.01]);
        file_put_contents('php://stderr', "ready\n");
        usleep(300000); // the flood, when there is one, is under way
        $t = hrtime(true);
        $w->daemon('flood');
        echo (hrtime(true) - $t) / 1e9, "\n";
        PHP;
    $worker = proc_open(['taskset', '-c', '1', PHP_BINARY, '-n', '-d', "extension=$so", '-r', $code, '--', (string) $redisPort,
        (string) $listen, (string) $n], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $wp);
    fgets($wp[2]); // "ready": the endpoint listens
    $client = null;
    if ($flood) {
        // Counts the scrapes answered, and says how many a second when told to stop.
        $scrape = <<<'PHP'
            [$port, $rate] = [(int) $argv[1], (int) $argv[2]];
            $k = 0;
            $t0 = microtime(true);
            pcntl_async_signals(true);
            pcntl_signal(SIGTERM, function () use (&$k, $t0) { echo $k / (microtime(true) - $t0), "\n"; exit(0); });
            for (;;) {
                if ($rate > 0 && $k >= $rate * (microtime(true) - $t0)) { usleep(200); continue; }
                $s = @stream_socket_client("tcp://127.0.0.1:$port", $e, $m, 1);
                if (!$s) { usleep(1000); continue; }
                fwrite($s, "GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
                if (str_contains((string) stream_get_contents($s), 'fastqueue_')) { $k++; }
                fclose($s);
            }
            PHP;
        $client = proc_open(['taskset', '-c', '0', PHP_BINARY, '-n', '-r', $scrape, '--', (string) $listen, (string) $rate],
            [1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']], $cp);
    }
    $secs = (float) stream_get_contents($wp[1]);
    proc_close($worker);
    $scrapes = null;
    if ($client) {
        proc_terminate($client, SIGTERM);
        $scrapes = (float) stream_get_contents($cp[1]);
        proc_close($client);
    }
    return $n / $secs;
}

function median(array $a): float
{
    sort($a);
    return $a[intdiv(count($a), 2)];
}

printf("scrape-flood %s: N=%d no-op jobs, %d interleaved rounds, scrapes %s; redis and the scraper on CPU 0, the worker on CPU 1\n",
    gmdate('Y-m-d H:i:s') . ' UTC', $n, $rounds, $rate > 0 ? "at most $rate/s" : 'as fast as they come');
$rates = $served = [];
for ($r = 0; $r < $rounds; $r++) {
    foreach ($builds as $so) {
        foreach ([false, true] as $flood) {
            $jobs = run($so, $redisPort, $n, $flood, $rate, $scrapes);
            $rates[$so][$flood ? 'flooded' : 'quiet'][] = $jobs;
            if ($flood) {
                $served[$so][] = $scrapes;
            }
            printf("round %d %s %s: %.0f jobs/s%s\n", $r + 1, basename($so), $flood ? 'flooded' : 'quiet  ', $jobs,
                $flood ? sprintf(', %.0f scrapes/s answered', $scrapes) : '');
        }
    }
}
foreach ($builds as $so) {
    $quiet = median($rates[$so]['quiet']);
    $flooded = median($rates[$so]['flooded']);
    printf("%s: quiet %.0f jobs/s, flooded %.0f jobs/s with %.0f scrapes/s answered (medians): the flood costs x%.2f\n",
        basename($so), $quiet, $flooded, median($served[$so]), $quiet / $flooded);
}
proc_terminate($redis);
proc_close($redis);
