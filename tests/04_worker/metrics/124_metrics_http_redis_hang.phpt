--TEST--
metrics_listen with metrics_publish: a Redis that stops answering (replies lost) holds the publication, never the scrapes, which are answered at once throughout
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/signals.inc';
require __DIR__ . '/../../inc/metrics_export.inc';
$name = 'w124';
fq_clean($name);
$raw = fq_raw();
$key = 'fastqueue:metrics:{workers}:w124';
$raw->cmd('DEL', 'fastqueue:metrics:{workers}', $key);
$port = fq_free_port();
$blackhole = sys_get_temp_dir() . '/fq-w124-' . getmypid() . '.blackhole';
@unlink($blackhole);
register_shutdown_function(fn() => @unlink($blackhole));

// The worker reaches Redis through a proxy that, while $blackhole exists, passes requests on
// and throws every reply away: the publication (every 0.1 s) then waits out its 1 s timeout,
// again and again (the queue's 2 s read timeout, capped at 1 s), and the worker's reserve waits its 2 s.
[$proxy, $proxyPort] = fq_sig_proxy($blackhole);
$GLOBALS['fqm_queue_options'] = ['read_timeout' => 2];
$testPort = fq_test_port();
putenv("FASTQUEUE_TEST_REDIS_PORT=$proxyPort"); // the child's queue (and publication) go through it
$c = fqm_worker($name, ['metrics_listen' => (string) $port, 'metrics_publish' => true, 'metrics_interval' => 0.1,
    'metrics_worker' => 'w124']);
putenv("FASTQUEUE_TEST_REDIS_PORT=$testPort");
fqm_ready($c);
$published = false;
for ($t = microtime(true); !$published && microtime(true) - $t < fq_sig_t(5); usleep(50000)) {
    $published = $raw->cmd('EXISTS', $key) == 1;
}
echo 'published before the hang: ', $published ? 'yes' : 'no', "\n";

touch($blackhole);
usleep(300000); // the publication is inside its wait by now
$slowest = 0.0;
$failed = 0;
for ($t = microtime(true); microtime(true) - $t < 2.5; usleep(100000)) {
    $s = hrtime(true);
    $body = fqm_get($port);
    $slowest = max($slowest, (hrtime(true) - $s) / 1e9);
    $failed += $body === false || !fqm_whole($body);
}
// Unanswered Redis replies cost 1 s each; a scrape waiting behind one would take about that.
$bound = fq_slow() ? 1.5 : 0.5;
echo 'scrapes while Redis hangs: ', $failed ? "$failed failed" : 'all whole', ', ',
    $slowest <= $bound ? 'each within 0.5 s' : sprintf('the slowest took %.3f s', $slowest), "\n";

unlink($blackhole);
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(20));
echo fq_sig_status($r), "\n", trim($r['stdout']), "\n";
$proxy->signal(SIGKILL);
$proxy->wait(5);
$raw->cmd('DEL', 'fastqueue:metrics:{workers}', $key);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w124'); fq_raw()->cmd('DEL', 'fastqueue:metrics:{workers}', 'fastqueue:metrics:{workers}:w124'); } ?>
--EXPECT--
published before the hang: yes
scrapes while Redis hangs: all whole, each within 0.5 s
status 0
ready
stopped 0
