--TEST--
TLS options: every way to ask for TLS (rediss:// and tls:// urls, scheme "tls", tls://host, option "tls") is accepted by a TLS build and refused at construction by one without (ConnectionException naming the missing support, never plain text instead); bad tls values are ValueError/TypeError naming the key
--EXTENSIONS--
fastqueue
--FILE--
<?php
require __DIR__ . '/../../inc/tls.inc';

// The constant and phpinfo() agree.
ob_start();
(new ReflectionExtension('fastqueue'))->info();
$info = ob_get_clean();
$shown = preg_match('/TLS support => (enabled|disabled)/', $info, $m) ? $m[1] : 'missing';
echo 'constant and phpinfo agree: ', var_export($shown === (fq_tls_built() ? 'enabled' : 'disabled'), true), "\n";

// Each form: constructed (lazily, no connection) with TLS, refused without.
$forms = [
    'rediss url' => ['url' => 'rediss://user:pw@127.0.0.1:6390/3'],
    'tls url' => ['url' => 'tls://127.0.0.1:6390'],
    'scheme tls' => ['host' => '127.0.0.1', 'port' => 6390, 'scheme' => 'tls'],
    'scheme TLS, upper case' => ['scheme' => 'TLS'],
    'scheme rediss' => ['scheme' => 'rediss'],
    'tls:// host' => ['host' => 'tls://127.0.0.1', 'port' => 6390],
    'tls true' => ['tls' => true],
    'tls empty array' => ['tls' => []],
    'tls array' => ['tls' => ['cafile' => '/nonexistent/ca.crt', 'verify_peer' => false, 'peer_name' => 'redis.example']],
    'redis url and option tls' => ['url' => 'redis://127.0.0.1', 'tls' => ['verify_peer_name' => false]],
];
foreach ($forms as $label => $options) {
    fq_tls_case($label, $options, fn() => fq_try(fn() => new FastQueue\RedisQueue($options)) === 'OK' ? 'ok' : 'refused');
}

// Not TLS, in every build: tls false/null, scheme tcp, an explicit scheme over the url's.
foreach ([
    'tls false' => ['tls' => false],
    'tls null' => ['tls' => null],
    'scheme tcp' => ['scheme' => 'tcp'],
    'scheme redis over a rediss url' => ['url' => 'rediss://127.0.0.1', 'scheme' => 'redis'],
] as $label => $options) {
    echo "$label: ", fq_try(fn() => new FastQueue\RedisQueue($options)), "\n";
}

// Bad values: checked in every build, before the TLS support is.
foreach ([
    ['tls' => ['cafile' => 'x', 'verfy_peer' => false]],
    ['tls' => ['CAfile' => 'x']],
    ['tls' => ['ciphers' => 'HIGH']],
    ['tls' => ['x']],
    ['tls' => 'yes'],
    ['tls' => 1],
    ['tls' => ['verify_peer' => 'no']],
    ['tls' => ['verify_peer_name' => 0]],
    ['tls' => ['cafile' => '']],
    ['tls' => ['local_cert' => 5]],
    ['tls' => ['local_pk' => '/k.pem']],
    ['scheme' => 'ssl'],
    ['scheme' => 1],
    ['scheme' => 'tcp', 'tls' => true],
    ['scheme' => 'tcp', 'host' => 'tls://127.0.0.1'],
    ['host' => 'tls://'],
    ['socket' => '/tmp/r.sock', 'tls' => true],
    ['url' => 'unix:///tmp/r.sock', 'scheme' => 'tls'],
    ['url' => 'rediss://'],
] as $options) {
    echo str_replace("\n", '', var_export($options, true)), "\n    ", fq_try(fn() => new FastQueue\RedisQueue($options)), "\n";
}
?>
--EXPECT--
constant and phpinfo agree: true
rediss url: ok
tls url: ok
scheme tls: ok
scheme TLS, upper case: ok
scheme rediss: ok
tls:// host: ok
tls true: ok
tls empty array: ok
tls array: ok
redis url and option tls: ok
tls false: OK
tls null: OK
scheme tcp: OK
scheme redis over a rediss url: OK
array (  'tls' =>   array (    'cafile' => 'x',    'verfy_peer' => false,  ),)
    ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "tls" contains unknown key "verfy_peer" (known: cafile, capath, local_cert, local_pk, peer_name, verify_peer, verify_peer_name)
array (  'tls' =>   array (    'CAfile' => 'x',  ),)
    ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "tls" contains unknown key "CAfile" (known: cafile, capath, local_cert, local_pk, peer_name, verify_peer, verify_peer_name)
array (  'tls' =>   array (    'ciphers' => 'HIGH',  ),)
    ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "tls" contains unknown key "ciphers" (known: cafile, capath, local_cert, local_pk, peer_name, verify_peer, verify_peer_name)
array (  'tls' =>   array (    0 => 'x',  ),)
    ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "tls" must be an array with string keys
array (  'tls' => 'yes',)
    TypeError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "tls" must be of type array|bool|null, string given
array (  'tls' => 1,)
    TypeError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "tls" must be of type array|bool|null, int given
array (  'tls' =>   array (    'verify_peer' => 'no',  ),)
    TypeError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "tls.verify_peer" must be of type bool, string given
array (  'tls' =>   array (    'verify_peer_name' => 0,  ),)
    TypeError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "tls.verify_peer_name" must be of type bool, int given
array (  'tls' =>   array (    'cafile' => '',  ),)
    ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "tls.cafile" must not be empty
array (  'tls' =>   array (    'local_cert' => 5,  ),)
    TypeError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "tls.local_cert" must be of type ?string, int given
array (  'tls' =>   array (    'local_pk' => '/k.pem',  ),)
    ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "tls.local_pk" needs "tls.local_cert" too
array (  'scheme' => 'ssl',)
    ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "scheme" must be "tcp" or "tls"
array (  'scheme' => 1,)
    TypeError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "scheme" must be of type string, int given
array (  'scheme' => 'tcp',  'tls' => true,)
    ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "scheme" is "tcp" but option "tls" asks for TLS
array (  'scheme' => 'tcp',  'host' => 'tls://127.0.0.1',)
    ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "scheme" is "tcp" but option "host" asks for TLS
array (  'host' => 'tls://',)
    ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "host" names no host after tls://
array (  'socket' => '/tmp/r.sock',  'tls' => true,)
    ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) asks for TLS (option "tls") over a unix socket: TLS needs host and port
array (  'url' => 'unix:///tmp/r.sock',  'scheme' => 'tls',)
    ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) asks for TLS (option "scheme" "tls") over a unix socket: TLS needs host and port
array (  'url' => 'rediss://',)
    ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "url" must look like redis[s]://[user:pass@]host[:port][/db] or unix:///path.sock
