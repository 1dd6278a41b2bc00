--TEST--
fastqueue:work maps Laravel's Redis TLS settings (phpredis: scheme tls/ssl, rediss:// url, tls:// host, context.stream; predis: scheme tls, ssl, options.parameters) to RedisQueue's tls options, refuses what it cannot honour by name, and never prints secrets
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php
require __DIR__ . '/../../inc/laravel.inc';
$dir = fq_laravel_dir();
if ($dir === null || !is_file("$dir/Illuminate/autoload.php") || !is_file("$dir/Illuminate/Redis/RedisManager.php")) {
    die('skip Laravel\'s framework is not installed (Debian: php-laravel-framework)');
}
?>
--INI--
openssl.cafile=/ini/ca.pem
openssl.capath=/ini/certs
--FILE--
<?php
// What RedisQueue receives is what RedisQueueFactory::redisOptions() returns for the app's
// config, read by Laravel's own RedisManager and connectors (the running version's). The
// openssl.* ini settings above stand for a php.ini that sets them: PHP's streams use them
// when a verified peer has no cafile/capath of its own, and so does the mapping.
require __DIR__ . '/../../inc/laravel.inc';
require __DIR__ . '/../../inc/tls.inc';
require_once fq_laravel_dir() . '/Illuminate/autoload.php';
require_once __DIR__ . '/../../../laravel/autoload.php';

const PW = 'Sup3r-Secret-Pw-21';
const PASSPHRASE = 'Key-Passphrase-4e9b';

function show(string $client, array $connections, array $options = ['prefix' => 'p_']): array
{
    $config = new Illuminate\Config\Repository(['database' => ['redis' => ['client' => $client, 'options' => $options] + $connections]]);
    $f = new FastQueue\Laravel\RedisQueueFactory($config);
    $mapped = [];
    foreach (array_keys($connections) as $name) {
        try {
            $mapped[$name] = $f->redisOptions($name);
            $out = json_encode($mapped[$name], JSON_UNESCAPED_SLASHES);
        } catch (Throwable $e) {
            $out = get_class($e) . ': ' . $e->getMessage();
        }
        foreach ([PW, PASSPHRASE, '/secret/'] as $secret) {
            if (str_contains($out, $secret) && !str_starts_with($out, '{')) {
                $out = "A SECRET LEAKED: $out";
            }
        }
        echo "  $name: $out\n";
    }
    return $mapped;
}

$cert = ['local_cert' => '/certs/client.crt', 'local_pk' => '/certs/client.key'];

echo "phpredis:\n";
$php = show('phpredis', [
    'scheme' => ['host' => 'redis.example', 'port' => 6380, 'scheme' => 'tls', 'password' => PW,
        'context' => ['stream' => ['cafile' => '/certs/ca.crt', 'peer_name' => 'redis.internal'] + $cert]],
    'ssl' => ['host' => 'redis.example', 'port' => '6380', 'scheme' => 'ssl',
        'context' => ['stream' => ['verify_peer' => false, 'verify_peer_name' => 0]]],
    'url' => ['url' => 'rediss://user:' . PW . '@10.1.2.3:6390/4', 'context' => ['stream' => ['capath' => '/certs/dir', 'verify_peer_name' => '1']]],
    'host' => ['host' => 'tls://redis.example', 'port' => 6379, 'context' => ['stream' => ['cafile' => '/certs/ca.crt']]],
    'own_options' => ['host' => 'redis.example', 'port' => 6379, 'scheme' => 'tls', 'options' => ['context' => ['stream' => ['verify_peer' => true]]]],
    'plain' => ['host' => 'redis.example', 'port' => 6379, 'context' => ['stream' => ['cafile' => '/certs/ca.crt', 'crypto_method' => 9]]],
    'unsupported' => ['host' => 'redis.example', 'port' => 6379, 'scheme' => 'tls', 'password' => PW,
        'context' => ['stream' => ['cafile' => '/certs/ca.crt', 'allow_self_signed' => true]]],
    'passphrase' => ['host' => 'redis.example', 'port' => 6379, 'scheme' => 'tls', 'password' => PW,
        'context' => ['stream' => $cert + ['passphrase' => PASSPHRASE]]],
    'verify_yes' => ['host' => 'tls://redis.example', 'port' => 6379, 'context' => ['stream' => ['verify_peer' => 'yes']]],
    'verify_null' => ['host' => 'tls://redis.example', 'port' => 6379, 'context' => ['stream' => ['verify_peer_name' => null]]],
    'verify_2' => ['host' => 'tls://redis.example', 'port' => 6379, 'context' => ['stream' => ['verify_peer' => 2]]],
    'empty_cafile' => ['host' => 'tls://redis.example', 'port' => 6379, 'context' => ['stream' => ['cafile' => '']]],
    'key_material' => ['host' => 'tls://redis.example', 'port' => 6379, 'context' => ['stream' => ['local_pk' => ['/secret/' => 1]]]],
    'context_string' => ['host' => 'tls://redis.example', 'port' => 6379, 'context' => '/secret/'],
    'stream_string' => ['host' => 'tls://redis.example', 'port' => 6379, 'context' => ['stream' => '/secret/']],
    'tlsv1.2' => ['host' => 'redis.example', 'port' => 6379, 'scheme' => 'tlsv1.2'],
]);
// phpredis reads a context from the global options too (merged under the connection's).
show('phpredis', ['global' => ['host' => 'tls://redis.example', 'port' => 6379]],
    ['prefix' => 'p_', 'context' => ['stream' => ['cafile' => '/certs/global-ca.crt']]]);

// A context without "stream": Laravel versions that normalize it (13) take it as the SSL
// options; before that phpredis ignores it, so fastqueue:work refuses it rather than drop it.
ob_start();
show('phpredis', ['flat' => ['host' => 'tls://redis.example', 'port' => 6379, 'context' => ['verify_peer' => false]]]);
$flat = trim(ob_get_clean());
$want = method_exists(Illuminate\Redis\Connectors\PhpRedisConnector::class, 'normalizeContext')
    ? 'flat: {"host":"redis.example","port":6379,"scheme":"tls","tls":{"verify_peer":false},"prefix":"p_"}'
    : 'flat: InvalidArgumentException: Redis connection [flat]: the context entry [verify_peer] is not read by phpredis: SSL options go in [context.stream]';
echo '  flat: ', $flat === $want ? 'as this Laravel version reads a context without "stream"' : $flat, "\n";

echo "predis:\n";
$pre = show('predis', [
    'scheme' => ['host' => 'redis.example', 'port' => 6380, 'scheme' => 'tls', 'password' => PW,
        'ssl' => ['cafile' => '/certs/ca.crt', 'verify_peer_name' => false] + $cert],
    'url' => ['url' => 'rediss://10.1.2.3:6390/2', 'ssl' => ['peer_name' => 'redis.internal']],
    'host' => ['host' => 'tls://redis.example', 'port' => 6379, 'ssl' => ['capath' => '/certs/dir']],
    // phpredis's key means nothing to predis, as predis's means nothing to phpredis.
    'context' => ['host' => 'redis.example', 'port' => 6379, 'scheme' => 'tls', 'context' => ['stream' => ['cafile' => '/certs/ca.crt']]],
    'crypto_type' => ['host' => 'redis.example', 'port' => 6379, 'scheme' => 'tls', 'ssl' => ['crypto_type' => STREAM_CRYPTO_METHOD_TLSv1_2_CLIENT]],
    'ssl_true' => ['host' => 'redis.example', 'port' => 6379, 'scheme' => 'tls', 'ssl' => true],
]);
show('phpredis', ['phpredis_ssl_key' => ['host' => 'redis.example', 'port' => 6379, 'scheme' => 'tls', 'ssl' => ['cafile' => '/certs/ca.crt']]]);

// options.parameters: predis fills the parameters a connection does not set from them, a
// whole "ssl" array at a time; Laravel passes options.parameters.NAME when there is one.
echo "predis, options.parameters:\n";
$params = ['scheme' => 'tls', 'ssl' => ['cafile' => '/certs/params-ca.crt', 'verify_peer_name' => false]];
show('predis', [
    'bare' => ['host' => 'redis.example', 'port' => 6379],
    'own_ssl' => ['host' => 'redis.example', 'port' => 6379, 'ssl' => ['peer_name' => 'own.internal']],
    'own_scheme' => ['host' => 'redis.example', 'port' => 6379, 'scheme' => 'tcp'],
], ['prefix' => 'p_', 'parameters' => $params]);
show('predis', [
    'named' => ['host' => 'redis.example', 'port' => 6379],
    'other' => ['host' => 'redis.example', 'port' => 6379],
], ['prefix' => 'p_', 'parameters' => ['named' => $params]]);
show('predis', [
    'conn_options' => ['host' => 'redis.example', 'port' => 6379, 'options' => ['parameters' => ['scheme' => 'tls', 'ssl' => ['capath' => '/certs/own']]]],
], ['prefix' => 'p_', 'parameters' => $params]);

// RedisQueue takes the mapped options: a build with TLS constructs the queue (it connects
// lazily); a build without refuses them with its clear "lacks TLS support" exception.
echo "RedisQueue:\n";
foreach (['phpredis scheme' => $php['scheme'], 'phpredis url' => $php['url'], 'predis scheme' => $pre['scheme'], 'predis host' => $pre['host']] as $label => $options) {
    fq_tls_case("  $label", $options, function () use ($options) {
        $q = new FastQueue\RedisQueue($options);
        return $q instanceof FastQueue\RedisQueue ? 'ok' : 'not constructed';
    });
}
?>
--EXPECT--
phpredis:
  scheme: {"host":"redis.example","port":6380,"scheme":"tls","tls":{"cafile":"/certs/ca.crt","peer_name":"redis.internal","local_cert":"/certs/client.crt","local_pk":"/certs/client.key","capath":"/ini/certs"},"password":"Sup3r-Secret-Pw-21","prefix":"p_"}
  ssl: {"host":"redis.example","port":6380,"scheme":"tls","tls":{"verify_peer":false,"verify_peer_name":false},"prefix":"p_"}
  url: {"host":"10.1.2.3","port":6390,"scheme":"tls","tls":{"capath":"/certs/dir","verify_peer_name":true,"cafile":"/ini/ca.pem"},"password":"Sup3r-Secret-Pw-21","username":"user","database":4,"prefix":"p_"}
  host: {"host":"redis.example","port":6379,"scheme":"tls","tls":{"cafile":"/certs/ca.crt","capath":"/ini/certs"},"prefix":"p_"}
  own_options: {"host":"redis.example","port":6379,"scheme":"tls","tls":{"verify_peer":true,"cafile":"/ini/ca.pem","capath":"/ini/certs"},"prefix":"p_"}
  plain: {"host":"redis.example","port":6379,"prefix":"p_"}
  unsupported: InvalidArgumentException: Redis connection [unsupported]: the SSL option [allow_self_signed] in [context.stream] is not supported by fastqueue:work (supported: cafile, capath, local_cert, local_pk, peer_name, verify_peer, verify_peer_name).
  passphrase: InvalidArgumentException: Redis connection [passphrase]: the SSL option [passphrase] in [context.stream] is not supported by fastqueue:work (supported: cafile, capath, local_cert, local_pk, peer_name, verify_peer, verify_peer_name).
  verify_yes: InvalidArgumentException: Redis connection [verify_yes]: the SSL option [verify_peer] in [context.stream] must be true or false (or 1 or 0), string given.
  verify_null: InvalidArgumentException: Redis connection [verify_null]: the SSL option [verify_peer_name] in [context.stream] must be true or false (or 1 or 0), null given.
  verify_2: InvalidArgumentException: Redis connection [verify_2]: the SSL option [verify_peer] in [context.stream] must be true or false (or 1 or 0), int given.
  empty_cafile: InvalidArgumentException: Redis connection [empty_cafile]: the SSL option [cafile] in [context.stream] must be a non-empty string, an empty string given.
  key_material: InvalidArgumentException: Redis connection [key_material]: the SSL option [local_pk] in [context.stream] must be a non-empty string, array given.
  context_string: InvalidArgumentException: Redis connection [context_string]: [context] must be an array of SSL context options, string given.
  stream_string: InvalidArgumentException: Redis connection [stream_string]: [context.stream] must be an array of SSL context options, string given.
  tlsv1.2: InvalidArgumentException: Redis connection [tlsv1.2] uses the [tlsv1.2] scheme: fastqueue:work supports tcp, tls (or ssl, rediss) and unix.
  global: {"host":"redis.example","port":6379,"scheme":"tls","tls":{"cafile":"/certs/global-ca.crt","capath":"/ini/certs"},"prefix":"p_"}
  flat: as this Laravel version reads a context without "stream"
predis:
  scheme: {"host":"redis.example","port":6380,"scheme":"tls","tls":{"cafile":"/certs/ca.crt","verify_peer_name":false,"local_cert":"/certs/client.crt","local_pk":"/certs/client.key","capath":"/ini/certs"},"password":"Sup3r-Secret-Pw-21","prefix":"p_"}
  url: {"host":"10.1.2.3","port":6390,"scheme":"tls","tls":{"peer_name":"redis.internal","cafile":"/ini/ca.pem","capath":"/ini/certs"},"database":2,"prefix":"p_"}
  host: {"host":"redis.example","port":6379,"scheme":"tls","tls":{"capath":"/certs/dir","cafile":"/ini/ca.pem"},"prefix":"p_"}
  context: {"host":"redis.example","port":6379,"scheme":"tls","tls":{"cafile":"/ini/ca.pem","capath":"/ini/certs"},"prefix":"p_"}
  crypto_type: InvalidArgumentException: Redis connection [crypto_type]: the SSL option [crypto_type] in [ssl] is not supported by fastqueue:work (supported: cafile, capath, local_cert, local_pk, peer_name, verify_peer, verify_peer_name).
  ssl_true: InvalidArgumentException: Redis connection [ssl_true]: [ssl] must be an array of SSL context options, bool given.
  phpredis_ssl_key: {"host":"redis.example","port":6379,"scheme":"tls","tls":{"cafile":"/ini/ca.pem","capath":"/ini/certs"},"prefix":"p_"}
predis, options.parameters:
  bare: {"host":"redis.example","port":6379,"scheme":"tls","tls":{"cafile":"/certs/params-ca.crt","verify_peer_name":false,"capath":"/ini/certs"},"prefix":"p_"}
  own_ssl: {"host":"redis.example","port":6379,"scheme":"tls","tls":{"peer_name":"own.internal","cafile":"/ini/ca.pem","capath":"/ini/certs"},"prefix":"p_"}
  own_scheme: {"host":"redis.example","port":6379,"prefix":"p_"}
  named: {"host":"redis.example","port":6379,"scheme":"tls","tls":{"cafile":"/certs/params-ca.crt","verify_peer_name":false,"capath":"/ini/certs"},"prefix":"p_"}
  other: {"host":"redis.example","port":6379,"prefix":"p_"}
  conn_options: {"host":"redis.example","port":6379,"scheme":"tls","tls":{"capath":"/certs/own","cafile":"/ini/ca.pem"},"prefix":"p_"}
RedisQueue:
  phpredis scheme: ok
  phpredis url: ok
  predis scheme: ok
  predis host: ok
