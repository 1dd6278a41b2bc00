--TEST--
metrics_listen: with 0, 20 and 200 idle connections open (connected, sending nothing), a scrape is still answered, whole, within 1 s, and jobs still run
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/metrics_export.inc';
$name = 'w123';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$port = fq_free_port();

// A scrape's own latency: from its connect to the end of the answer, nothing else timed (the
// idle connections are opened, and accepted, before the clock starts).
function scrape_seconds(int $port, ?string &$body): float
{
    $t = hrtime(true);
    $body = fqm_get($port);
    return (hrtime(true) - $t) / 1e9;
}

$c = fqm_worker($name, ['metrics_listen' => (string) $port, 'metrics_interval' => 3600]);
fqm_ready($c);
// The promise is 1 s; valgrind and ASan slow the worker, not the design.
$bound = fq_slow() ? 3.0 : 1.0;
$jobs = 0;
foreach ([0, 20, 200] as $n) {
    $idle = [];
    for ($i = 0; $i < $n; $i++) {
        $s = @stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 5);
        if (!$s) {
            echo "$n idle: connection $i failed: $errstr\n";
            break;
        }
        $idle[] = $s;
    }
    usleep(200000); // accepted by now: they sit in the endpoint's poll set, as a real idle client does
    fqm_push($q, $name, 2, 0);
    $jobs += 2;
    $secs = scrape_seconds($port, $body);
    $whole = $body !== false && fqm_whole($body);
    printf("%d idle: %s, %s\n", $n, $whole ? 'whole' : 'not whole', $secs <= $bound ? 'within 1 s' : sprintf('took %.3f s', $secs));
    foreach ($idle as $s) {
        fclose($s);
    }
}
// The jobs pushed meanwhile ran: the worker was not held up by its clients either.
$done = 0;
for ($t = microtime(true); microtime(true) - $t < (fq_slow() ? 20 : 5); usleep(50000)) {
    $done = (int) fqm_sample((string) fqm_get($port), 'fastqueue_jobs_total', ['outcome' => 'processed']);
    if ($done >= $jobs) break;
}
echo "jobs processed: ", $done === $jobs ? 'all' : "$done of $jobs", "\n";
$c->signal(SIGTERM);
$r = $c->wait(20);
echo trim($r['stdout']), "\n", $r['stderr'];
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w123'); ?>
--EXPECT--
0 idle: whole, within 1 s
20 idle: whole, within 1 s
200 idle: whole, within 1 s
jobs processed: all
ready
stopped 0
