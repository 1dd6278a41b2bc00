--TEST--
TLS and plain ports mixed up never hang: a plain client on a TLS port fails at once; a TLS client on a plain port fails when connect_timeout bounds the handshake; both ConnectionExceptions, within their timeouts
--EXTENSIONS--
fastqueue
posix
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/tls.inc';
if (fq_tls_built()) {
    $dir = fq_tls_certs('rq154');
    [$tlsPort] = fq_tls_redis('rq154', $dir);
    [$plainPort] = fq_private_redis('rq154');
} else {
    $dir = fq_tls_dir('rq154');
    $tlsPort = $plainPort = 6390;
}

// Plain client, TLS port: the server drops what is not a TLS record, and the call fails at once
// (timeouts of 30 s: it must not wait one out).
$plain = ['host' => '127.0.0.1', 'port' => $tlsPort, 'password' => FQ_TLS_PASSWORD, 'connect_timeout' => 30, 'read_timeout' => 30];
$q = new FastQueue\RedisQueue($plain);
$out = fq_tls_built() ? fq_tls_expect_failure(fn() => $q->size('rq154'), '/lost while authentication/', $secs) : 'ok';
echo 'plain client on the TLS port: ', $out, "\n";
if (fq_tls_built()) {
    fq_check_time('plain client on the TLS port', $secs, 0, 5);
} else {
    echo "plain client on the TLS port: ok\n";
}

// TLS client, plain port: Redis waits for a line that never comes; connect_timeout ends it.
foreach ([1, 0.5] as $timeout) {
    $options = fq_tls_options($dir, $plainPort, [], ['connect_timeout' => $timeout, 'read_timeout' => 30]);
    fq_tls_case("TLS client on the plain port, connect_timeout $timeout", $options, function () use ($options, $timeout) {
        $q = new FastQueue\RedisQueue($options);
        $out = fq_tls_expect_failure(fn() => $q->size('rq154'), '/failed: the handshake timed out \(connect_timeout\)/', $secs);
        if ($out !== 'ok') {
            return $out;
        }
        return $secs >= $timeout * 0.9 && $secs <= fq_bound($timeout + 1) ? 'ok' : sprintf('took %.2f s', $secs);
    });
}
fq_stop_tracked('rq154');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('rq154'); ?>
--EXPECT--
plain client on the TLS port: ok
plain client on the TLS port: ok
TLS client on the plain port, connect_timeout 1: ok
TLS client on the plain port, connect_timeout 0.5: ok
