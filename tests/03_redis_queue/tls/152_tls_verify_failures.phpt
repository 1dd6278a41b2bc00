--TEST--
TLS verification: a wrong CA, an expired certificate and a name mismatch are ConnectionExceptions naming the cause, on every reconnect too; verify_peer false and verify_peer_name false each waive their own check only; the password never appears
--EXTENSIONS--
fastqueue
posix
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/tls.inc';
if (fq_tls_built()) {
    $dir = fq_tls_certs('rq152');
    [$port] = fq_tls_redis('rq152', $dir);
    [$expiredPort] = fq_tls_redis('rq152', $dir, 'expired');
} else {
    $dir = fq_tls_dir('rq152');
    $port = $expiredPort = 6390;
}
$other = ['cafile' => "$dir/other-ca.crt"];
$cases = [
    // [label, port, tls, pattern of the failure or null for a working connection]
    ['wrong CA', $port, $other, '/^FastQueue\\\\ConnectionException: TLS to Redis at 127\.0\.0\.1:\d+ failed: the server\'s certificate failed verification: (self-signed certificate in certificate chain|unable to get local issuer certificate)/'],
    ['wrong CA, verify_peer false', $port, $other + ['verify_peer' => false], null],
    ['expired', $expiredPort, [], '/failed verification: certificate has expired/'],
    ['expired, verify_peer false', $expiredPort, ['verify_peer' => false], null],
    ['name mismatch', $port, ['peer_name' => 'redis.example.org'], '/certificate does not match the name "redis\.example\.org"/'],
    ['name mismatch, verify_peer_name false', $port, ['peer_name' => 'redis.example.org', 'verify_peer_name' => false], null],
    ['IP mismatch', $port, ['peer_name' => '127.0.0.2'], '/does not match the name "127\.0\.0\.2"/'],
    ['wrong CA and name, verify_peer false: the name is still checked', $port, $other + ['verify_peer' => false, 'peer_name' => 'x.example'], '/does not match the name "x\.example"/'],
    ['both checks off', $port, $other + ['verify_peer' => false, 'verify_peer_name' => false, 'peer_name' => 'x.example'], null],
];
// Timeouts of 30 s: a failed verification must fail the call at once, not when one runs out
// (the default connect_timeout, 2 s, was the old bound itself).
foreach ($cases as [$label, $p, $tls, $pattern]) {
    $options = fq_tls_options($dir, $p, $tls, ['connect_timeout' => 30, 'read_timeout' => 30]);
    fq_tls_case($label, $options, function () use ($options, $pattern) {
        $q = new FastQueue\RedisQueue($options);
        if ($pattern === null) {
            return fq_tls_roundtrip($q, 'rq152');
        }
        // Every call fails the same way, quickly: each reconnect runs the handshake again.
        $first = fq_tls_expect_failure(fn() => $q->push('J'), $pattern, $secs);
        $again = fq_tls_expect_failure(fn() => $q->size('rq152'), $pattern);
        return $first !== 'ok' ? $first : ($again !== 'ok' ? "second call: $again" : ($secs < fq_bound(5) ? 'ok' : "took $secs s"));
    });
}

fq_stop_tracked('rq152');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('rq152'); ?>
--EXPECT--
wrong CA: ok
wrong CA, verify_peer false: ok
expired: ok
expired, verify_peer false: ok
name mismatch: ok
name mismatch, verify_peer_name false: ok
IP mismatch: ok
wrong CA and name, verify_peer false: the name is still checked: ok
both checks off: ok
