--TEST--
TLS with required client certificates (--tls-auth-clients yes): local_cert/local_pk (or one PEM holding both) get in; without one the connection is refused (a ConnectionException, with the server's "certificate required" alert when it arrives before the reset); a key that does not match and a missing certificate file are named without their contents
--EXTENSIONS--
fastqueue
posix
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/tls.inc';
if (fq_tls_built()) {
    $dir = fq_tls_certs('rq153');
    [$port] = fq_tls_redis('rq153', $dir, 'server', ['--tls-auth-clients', 'yes']);
} else {
    $dir = fq_tls_dir('rq153');
    $port = 6390;
}
$client = ['local_cert' => "$dir/client.crt", 'local_pk' => "$dir/client.key"];
$cases = [
    ['local_cert and local_pk', $client, null],
    ['one PEM with both', ['local_cert' => "$dir/combined.pem"], null],
    ['rediss url with client certificate', $client, null],
    ['no client certificate', [], '/lost while authentication: /'],
    ['key of another certificate', ['local_cert' => "$dir/client.crt", 'local_pk' => "$dir/server.key"],
        '/cannot load the private key of tls\.local_pk \(or tls\.local_cert\), or it does not match the certificate: key values mismatch$/'],
    ['missing certificate file', ['local_cert' => "$dir/missing.crt", 'local_pk' => "$dir/client.key"],
        '/cannot load the client certificate tls\.local_cert "[^"]*missing\.crt": No such file or directory$/'],
];
$key = fq_tls_built() ? (string) file_get_contents("$dir/client.key") : '';
foreach ($cases as [$label, $tls, $pattern]) {
    $options = str_starts_with($label, 'rediss')
        ? ['url' => 'rediss://:' . FQ_TLS_PASSWORD . "@127.0.0.1:$port", 'tls' => $tls + ['cafile' => "$dir/ca.crt"]]
        : fq_tls_options($dir, $port, $tls);
    fq_tls_case($label, $options, function () use ($options, $pattern, $key) {
        $q = new FastQueue\RedisQueue($options);
        if ($pattern === null) {
            return fq_tls_roundtrip($q, 'rq153');
        }
        $out = fq_tls_expect_failure(fn() => $q->size('rq153'), $pattern);
        $msg = fq_try(fn() => $q->size('rq153'));
        // No key material: not a line of the PEM, not its header.
        foreach (array_filter(explode("\n", $key)) as $line) {
            if (str_contains($msg, $line)) {
                return "KEY MATERIAL IN: $msg";
            }
        }
        return $out;
    });
}
fq_stop_tracked('rq153');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('rq153'); ?>
--EXPECT--
local_cert and local_pk: ok
one PEM with both: ok
rediss url with client certificate: ok
no client certificate: ok
key of another certificate: ok
missing certificate file: ok
