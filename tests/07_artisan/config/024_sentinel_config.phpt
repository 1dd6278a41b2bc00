--TEST--
fastqueue:work maps Laravel's predis Sentinel configuration (replication sentinel: the sentinels as URIs or arrays, options.service, options.parameters for the servers, the sentinels' own password) to RedisQueue's sentinel option, and a queue built from it works against real sentinels; wait_replicas and wait_timeout come from the queue connection
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php
require __DIR__ . '/../../inc/laravel.inc';
fq_skip_unless_redis();
$dir = fq_laravel_dir();
if ($dir === null || !is_file("$dir/Illuminate/autoload.php") || !is_file("$dir/Illuminate/Redis/RedisManager.php")) {
    die('skip Laravel\'s framework is not installed (Debian: php-laravel-framework)');
}
if (!function_exists('posix_kill')) die('skip posix');
?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel.inc';
require __DIR__ . '/../../inc/sentinel.inc';
require_once fq_laravel_dir() . '/Illuminate/autoload.php';
require_once __DIR__ . '/../../../laravel/autoload.php';

function mapped(array $connection, array $options = []): string
{
    $config = new Illuminate\Config\Repository(['database' => ['redis' => ['client' => 'predis', 'options' => $options, 'default' => $connection]]]);
    try {
        return json_encode((new FastQueue\Laravel\RedisQueueFactory($config))->redisOptions('default'), JSON_UNESCAPED_SLASHES);
    } catch (Throwable $e) {
        return get_class($e) . ': ' . $e->getMessage();
    }
}

echo "URIs, the sentinels' password in them, the servers' in options.parameters:\n";
echo mapped(['tcp://10.0.0.1:26379?password=sentinel-pw&timeout=0.1', 'tcp://10.0.0.2:26380',
    'options' => ['replication' => 'sentinel', 'service' => 'queue-master', 'parameters' => ['password' => 'server-pw', 'database' => 2]]]), "\n";
echo "arrays, the default service, the prefix from the global options:\n";
echo mapped([['host' => '10.0.0.3', 'port' => 5000], ['host' => '::1'], 'options' => ['replication' => 'sentinel']], ['prefix' => 'app_']), "\n";
echo "a sentinel over tls, and none at all:\n";
echo mapped(['tls://10.0.0.1:26379', 'options' => ['replication' => 'sentinel']]), "\n";
echo mapped(['options' => ['replication' => 'sentinel']]), "\n";

echo "a queue built from the mapping, on real sentinels:\n";
$setup = fq_sentinel_start(1, 3, 'server-pw-7', 'sentinel-pw-9');
try {
    $uris = array_map(fn ($n) => "tcp://$n?password=sentinel-pw-9", $setup->nodes());
    $config = new Illuminate\Config\Repository([
        'database' => ['redis' => ['client' => 'predis', 'options' => [],
            'default' => $uris + ['options' => ['replication' => 'sentinel', 'service' => FQ_SENTINEL_SERVICE, 'parameters' => ['password' => 'server-pw-7']]]]],
        'queue' => ['connections' => ['redis' => ['driver' => 'redis', 'connection' => 'default', 'queue' => 'sn024',
            'wait_replicas' => 1, 'wait_timeout' => 2]]],
    ]);
    $factory = new FastQueue\Laravel\RedisQueueFactory($config);
    echo 'from the queue connection: ', json_encode(array_intersect_key($factory->options('redis'), ['wait_replicas' => 1, 'wait_timeout' => 1])), "\n";
    $q = $factory->make('redis');
    $id = $q->push('J', ['n' => 1]);
    $replica = $setup->server(array_keys($setup->servers)[1]);
    var_dump($setup->server($setup->masterPort)->cmd('LLEN', 'queues:sn024'), $replica->cmd('LLEN', 'queues:sn024'), $q->pop()->getJobId() === $id);
} finally {
    fq_sentinel_stop($setup);
}
?>
--EXPECT--
URIs, the sentinels' password in them, the servers' in options.parameters:
{"sentinel":{"nodes":["10.0.0.1:26379","10.0.0.2:26380"],"service":"queue-master","password":"sentinel-pw"},"password":"server-pw","database":2,"prefix":""}
arrays, the default service, the prefix from the global options:
{"sentinel":{"nodes":["10.0.0.3:5000","[::1]:26379"],"service":"mymaster"},"prefix":"app_"}
a sentinel over tls, and none at all:
InvalidArgumentException: Redis connection [default]: A sentinel of this connection uses the [tls] scheme: fastqueue:work reaches sentinels over tcp only.
InvalidArgumentException: Redis connection [default]: This connection asks for Sentinel replication but lists no sentinel.
a queue built from the mapping, on real sentinels:
from the queue connection: {"wait_replicas":1,"wait_timeout":2}
int(1)
int(1)
bool(true)