--TEST--
TLS with server authentication (cafile) to a TLS-only redis-server: push/pop in each form (scheme tls, rediss:// url with password and database, tls://host, peer_name localhost against IP 127.0.0.1); a bad cafile names the file; no message carries the password
--EXTENSIONS--
fastqueue
posix
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/tls.inc';
$pw = FQ_TLS_PASSWORD;
if (fq_tls_built()) {
    $dir = fq_tls_certs('rq151');
    [$port] = fq_tls_redis('rq151', $dir);
} else {
    $dir = fq_tls_dir('rq151');
    fq_empty_dir($dir);
    $port = 6390;
}
$ca = ['cafile' => "$dir/ca.crt"];

$forms = [
    'scheme tls' => fq_tls_options($dir, $port),
    'rediss url, password, database 2' => ['url' => "rediss://:$pw@127.0.0.1:$port/2", 'tls' => $ca],
    'rediss url with ACL user default' => ['url' => "rediss://default:$pw@127.0.0.1:$port", 'tls' => $ca],
    'tls:// host' => ['host' => "tls://127.0.0.1", 'port' => $port, 'password' => $pw, 'tls' => $ca],
    'peer_name localhost (DNS SAN)' => fq_tls_options($dir, $port, ['peer_name' => 'localhost']),
    'host localhost' => fq_tls_options($dir, $port, [], ['host' => 'localhost']),
];
foreach ($forms as $label => $options) {
    fq_tls_case($label, $options, fn() => fq_tls_roundtrip(new FastQueue\RedisQueue($options), 'rq151'));
}

// The database of the url is selected over TLS: the job is in db 2 only.
fq_tls_case('database 2 selected', ['url' => "rediss://:$pw@127.0.0.1:$port/2", 'tls' => $ca], function () use ($pw, $port, $ca) {
    $in2 = new FastQueue\RedisQueue(['url' => "rediss://:$pw@127.0.0.1:$port/2", 'tls' => $ca, 'queue' => 'rq151db']);
    $in0 = new FastQueue\RedisQueue(['url' => "rediss://:$pw@127.0.0.1:$port", 'tls' => $ca, 'queue' => 'rq151db']);
    $in2->push('J');
    $sizes = [$in2->size(), $in0->size()];
    $in2->clear();
    return $sizes === [1, 0] ? 'ok' : 'sizes ' . json_encode($sizes);
});

// A wrong password over TLS: refused by Redis, the password not echoed.
$wrong = fq_tls_options($dir, $port, [], ['password' => "$pw-wrong"]);
fq_tls_case('wrong password', $wrong,
    fn() => fq_tls_expect_failure(fn() => (new FastQueue\RedisQueue($wrong))->size('rq151'), '/refused authentication/'));

// CA files that do not load: named, with the reason; the second one is not a certificate.
file_put_contents("$dir/not-a-cert.pem", "hello\n");
foreach (['missing cafile' => ["$dir/missing.crt", '/tls\.cafile "[^"]*missing\.crt": No such file or directory/'],
          'cafile not a certificate' => ["$dir/not-a-cert.pem", '/tls\.cafile "[^"]*not-a-cert\.pem": \S/']] as $label => [$file, $re]) {
    $options = fq_tls_options($dir, $port, ['cafile' => $file]);
    fq_tls_case($label, $options, fn() => fq_tls_expect_failure(fn() => (new FastQueue\RedisQueue($options))->size('rq151'), $re));
}
// The same RedisQueue object keeps failing the same way (its TLS context is made per attempt
// until one loads), and works with nothing but a push once the file is there.
fq_tls_case('cafile appears later', fq_tls_options($dir, $port, ['cafile' => "$dir/late.crt"]), function () use ($dir, $port) {
    $q = new FastQueue\RedisQueue(fq_tls_options($dir, $port, ['cafile' => "$dir/late.crt"]));
    $first = fq_tls_expect_failure(fn() => $q->size('rq151'), '/No such file/');
    copy("$dir/ca.crt", "$dir/late.crt");
    return $first === 'ok' ? fq_tls_roundtrip($q, 'rq151') : $first;
});
fq_stop_tracked('rq151');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('rq151'); ?>
--EXPECT--
scheme tls: ok
rediss url, password, database 2: ok
rediss url with ACL user default: ok
tls:// host: ok
peer_name localhost (DNS SAN): ok
host localhost: ok
database 2 selected: ok
wrong password: ok
missing cafile: ok
cafile not a certificate: ok
cafile appears later: ok
