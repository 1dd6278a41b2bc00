--TEST--
metrics_listen: an idle worker with a silent client connected (it sends nothing) still stops within 1 s of SIGTERM, and a slow client is cut off
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
$name = 'w112';
fq_clean($name);
$port = fq_free_port();

// A client that sends part of a request and then nothing: it is closed after the read timeout
// (2 s), and the endpoint serves the next one.
$c = fqm_worker($name, ['metrics_listen' => (string) $port, 'sleep' => 3]);
fqm_ready($c);
$slow = stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 5);
fwrite($slow, "GET /metr");
stream_set_timeout($slow, 10);
$t = fq_sig_now();
$got = stream_get_contents($slow);
fq_sig_time('slow client closed', fq_sig_now() - $t, 1.5, 3.0);
echo 'it got: ', var_export($got, true), "\n";
echo 'next scrape: ', fqm_whole((string) fqm_get($port)) ? 'whole' : 'failed', "\n";

// A silent client holds the thread in its read; SIGTERM must still end the worker within 1 s.
$silent = stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 5);
usleep(300000);
$t = fq_sig_now();
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(6));
fq_sig_time('exit after SIGTERM', fq_sig_now() - $t, 0, 1.0);
echo fq_sig_status($r), "\n", trim($r['stdout']), "\n", $r['stderr'];
fclose($silent);
fclose($slow);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w112'); ?>
--EXPECT--
slow client closed: ok
it got: ''
next scrape: whole
exit after SIGTERM: ok
status 0
ready
stopped 0
