--TEST--
fastqueue:work's RedisQueue options come from the app's config as Laravel reads it (queue connection, Redis connection, url, options.prefix precedence checked against the app's own Redis client (phpredis, or predis where PHP has no phpredis), sockets, auth, TLS); the package is PSR-4 and discoverable
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$composer = json_decode(file_get_contents(FQ_APP_PACKAGE_DIR . '/composer.json'), true);
echo $composer['name'], ' ', json_encode($composer['autoload']['psr-4']), ' ', json_encode($composer['extra']['laravel']['providers']), "\n";

$app = new FqLaravelApp();
echo $app->run(<<<'PHP'
use FastQueue\Laravel\RedisQueueFactory;

$config = $app['config'];
$f = new RedisQueueFactory($config);
$testRedis = [$config->get('database.redis'), $config->get('queue.connections')];
$show = function (string $label, callable $fn) {
    try {
        $value = json_encode($fn());
        echo "$label: $value\n";
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
};
// The application's client (phpredis, or predis where PHP has no phpredis).
$clientName = $testRedis[0]['client'];
$config->set('database.redis', [
    'client' => $clientName,
    // predis: Redis Cluster, not predis's own sharding, for the cluster below.
    'options' => ['prefix' => 'global_'] + ($clientName === 'predis' ? ['cluster' => 'redis'] : []),
    'default' => ['host' => '10.0.0.1', 'port' => '6380', 'database' => '2', 'password' => null],
    'own' => ['host' => 'h', 'port' => 1, 'options' => ['prefix' => 'own_']],
    'url' => ['url' => 'redis://user:secret@r.example:6390/5', 'read_timeout' => 3, 'timeout' => 1.5],
    'socket' => ['host' => '/run/redis.sock', 'port' => 0, 'password' => 'pw', 'username' => 'u'],
    'unix' => ['host' => 'unix:///run/r.sock'],
    'tls' => ['url' => 'tls://h:6379'],
    'clusters' => ['c1' => [['host' => 'a', 'port' => 7000]]],
]);
$config->set('queue.connections', [
    'redis' => ['driver' => 'redis', 'connection' => 'default', 'queue' => 'jobs', 'retry_after' => 90, 'block_for' => 5],
    'nulls' => ['driver' => 'redis', 'queue' => 'default', 'retry_after' => null, 'block_for' => null],
    'own' => ['driver' => 'redis', 'connection' => 'own', 'queue' => 'q'],
    'url' => ['driver' => 'redis', 'connection' => 'url', 'queue' => 'q'],
    'socket' => ['driver' => 'redis', 'connection' => 'socket', 'queue' => 'q'],
    'unix' => ['driver' => 'redis', 'connection' => 'unix', 'queue' => 'q'],
    'tls' => ['driver' => 'redis', 'connection' => 'tls', 'queue' => 'q'],
    'cluster' => ['driver' => 'redis', 'connection' => 'c1', 'queue' => '{q}'],
    'database' => ['driver' => 'database', 'table' => 'jobs', 'queue' => 'q'],
]);
foreach (['redis', 'nulls', 'own', 'url', 'socket', 'unix', 'tls', 'cluster', 'database', 'missing'] as $c) {
    $show($c, fn () => $f->options($c));
}
// Where a connection sets both "prefix" and options.prefix, which one wins depends on the
// Laravel version (8.83: options.prefix; 10 and later: prefix): the prefix must be the one the
// app's own client gets, asked of a connection Laravel itself makes.
echo "prefix as the app's own Redis client has it:\n";
$real = ['host' => getenv('FASTQUEUE_TEST_REDIS_HOST') ?: '127.0.0.1', 'port' => (int) getenv('FASTQUEUE_TEST_REDIS_PORT')];
foreach ([
    'global options.prefix' => $real,
    'connection prefix' => $real + ['prefix' => 'conn_'],
    'connection options.prefix' => $real + ['options' => ['prefix' => 'connopt_']],
    'both' => $real + ['prefix' => 'conn_', 'options' => ['prefix' => 'connopt_']],
] as $label => $connection) {
    $config->set('database.redis.real', $connection);
    $redis = $config->get('database.redis');
    unset($redis['client']);
    $client = (new Illuminate\Redis\RedisManager($app, $clientName, $redis))->connection('real')->client();
    if ($clientName === 'phpredis') {
        $laravel = $client->getOption(Redis::OPT_PREFIX);
        $client->close();
    } else {
        $laravel = (string) $client->getOptions()->prefix?->getPrefix();
        $client->disconnect();
    }
    $ours = $f->redisOptions('real')['prefix'];
    echo "  $label: ", $laravel === $ours ? 'the same' : "Laravel's client has \"$laravel\", fastqueue:work \"$ours\"", "\n";
}

// The options are accepted by FastQueue\RedisQueue (no connection is made before use).
$show('RedisQueue', fn () => get_class(new FastQueue\RedisQueue($f->options('url'))));

echo "restart key read by the native worker:\n";
// Cache stores on the test's Redis. Where the native worker would read the key itself, the
// key it would read (under the queue connection's prefix, on its database) must be the one
// the store's repository writes.
[$redis, $queues] = $testRedis;
$config->set('database.redis', $redis + [
    'same' => $redis['default'],
    'prefixed' => $redis['default'] + ['options' => ['prefix' => 'elsewhere_']],
]);
$config->set('queue.connections', $queues);
$config->set('cache.prefix', 'app_cache');
$queuePrefix = $f->options('redis')['prefix'];
// The keys as they are in Redis: Laravel's client on database 0, without a prefix.
$raw = (new Illuminate\Redis\RedisManager($app, $clientName, ['default' => ['database' => 0] + $redis['default']]))->connection('default');
$n = 0;
foreach ([
    'file store' => ['driver' => 'file', 'path' => storage_path('framework/cache/data')],
    'redis store, same connection' => ['driver' => 'redis', 'connection' => 'default'],
    'redis store, same settings' => ['driver' => 'redis', 'connection' => 'same'],
    'redis store, own prefix' => ['driver' => 'redis', 'connection' => 'default', 'prefix' => 'mine'],
    'redis store, empty prefix' => ['driver' => 'redis', 'connection' => 'default', 'prefix' => ''],
    'redis store, other database' => ['driver' => 'redis', 'connection' => 'cache'],
    'redis store, other Redis prefix' => ['driver' => 'redis', 'connection' => 'prefixed'],
] as $label => $store) {
    $config->set('cache.stores.restart' . ++$n, $store);
    $repository = $app['cache']->store('restart' . $n);
    $key = $f->nativeRestartKey('redis', $repository);
    if ($key === null) {
        echo "  $label: polled through the cache\n";
        continue;
    }
    $repository->forever('illuminate:queue:restart', 1700000000 + $n);
    $value = $raw->get($queuePrefix . $key);
    echo "  $label: read natively, ", $value == 1700000000 + $n ? 'the key queue:restart writes' : 'NOT the key queue:restart writes: ' . var_export($value, true), "\n";
    $repository->forget('illuminate:queue:restart');
}
PHP);
?>
--EXPECT--
fastqueue/laravel {"FastQueue\\Laravel\\":"src\/"} ["FastQueue\\Laravel\\FastQueueServiceProvider"]
redis: {"host":"10.0.0.1","port":6380,"database":2,"prefix":"global_","queue":"jobs","retry_after":90,"block_for":5}
nulls: {"host":"10.0.0.1","port":6380,"database":2,"prefix":"global_","queue":"default","retry_after":60,"block_for":null}
own: {"host":"h","port":1,"prefix":"own_","queue":"q","retry_after":60,"block_for":null}
url: {"host":"r.example","port":6390,"password":"secret","username":"user","database":5,"prefix":"global_","connect_timeout":1.5,"read_timeout":3,"queue":"q","retry_after":60,"block_for":null}
socket: {"socket":"\/run\/redis.sock","password":"pw","username":"u","prefix":"global_","queue":"q","retry_after":60,"block_for":null}
unix: {"socket":"\/run\/r.sock","prefix":"global_","queue":"q","retry_after":60,"block_for":null}
tls: {"host":"h","port":6379,"scheme":"tls","prefix":"global_","queue":"q","retry_after":60,"block_for":null}
cluster: {"cluster":["a:7000"],"prefix":"global_","queue":"{q}","retry_after":60,"block_for":null}
database: InvalidArgumentException: The [database] queue connection uses the [database] driver: fastqueue:work works Redis queue connections only.
missing: InvalidArgumentException: The [missing] queue connection has not been configured.
prefix as the app's own Redis client has it:
  global options.prefix: the same
  connection prefix: the same
  connection options.prefix: the same
  both: the same
RedisQueue: "FastQueue\\RedisQueue"
restart key read by the native worker:
  file store: polled through the cache
  redis store, same connection: read natively, the key queue:restart writes
  redis store, same settings: read natively, the key queue:restart writes
  redis store, own prefix: read natively, the key queue:restart writes
  redis store, empty prefix: read natively, the key queue:restart writes
  redis store, other database: polled through the cache
  redis store, other Redis prefix: polled through the cache
