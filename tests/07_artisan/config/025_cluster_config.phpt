--TEST--
fastqueue:work maps Laravel's Redis Cluster configuration (database.redis.clusters.NAME: phpredis arrays and URLs, predis URL strings and arrays with options.cluster redis; the global, clusters.options and per-cluster options; tls nodes; the password from the nodes or the options; the prefix) to RedisQueue's cluster option, refuses Predis's client-side sharding and nodes that differ, and never prints a secret
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php
require __DIR__ . '/../../inc/laravel.inc';
$dir = fq_laravel_dir();
if ($dir === null || !is_file("$dir/Illuminate/autoload.php") || !is_file("$dir/Illuminate/Redis/RedisManager.php")) {
    die('skip Laravel\'s framework is not installed (Debian: php-laravel-framework)');
}
if (fq_laravel_redis_client() === 'phpredis' && !extension_loaded('redis')) die('skip phpredis is not loaded');
if (fq_laravel_redis_client() === 'predis' && fq_predis_autoloader() === null) die('skip predis is not installed (Debian: php-predis), and this PHP has no phpredis');
require __DIR__ . '/../../inc/cluster.inc';
fq_skip_unless_cluster();
?>
--INI--
openssl.cafile=
openssl.capath=
--FILE--
<?php
// What RedisQueue receives is what RedisQueueFactory::redisOptions() returns for the app's
// config, resolved by Laravel's own RedisManager (the running version's) and, for phpredis,
// its own PhpRedisConnector::connectToCluster().
require __DIR__ . '/../../inc/laravel.inc';
require __DIR__ . '/../../inc/cluster.inc';
require_once fq_laravel_dir() . '/Illuminate/autoload.php';
fq_predis_load();
require_once __DIR__ . '/../../../laravel/autoload.php';

const PW = 'Cluster-Secret-Pw-25';
const PW2 = 'Other-Secret-Pw-25';

function show(array $redis, array $names): void
{
    $f = new FastQueue\Laravel\RedisQueueFactory(new Illuminate\Config\Repository(['database' => ['redis' => $redis]]));
    foreach ($names as $name) {
        try {
            $out = json_encode($f->redisOptions($name), JSON_UNESCAPED_SLASHES);
        } catch (Throwable $e) {
            $out = get_class($e) . ': ' . $e->getMessage();
            foreach ([PW, PW2] as $secret) {
                if (str_contains($out, $secret)) {
                    $out = "A SECRET LEAKED: $out";
                }
            }
        }
        echo "  $name: ", str_replace([PW, PW2], ['PW', 'PW2'], $out), "\n";
    }
}

echo "phpredis:\n";
show([
    'client' => 'phpredis',
    'options' => ['prefix' => 'app_', 'cluster' => 'redis', 'read_timeout' => 9],
    'clusters' => [
        // clusters.options: under each cluster's own options, over the global ones.
        'options' => ['timeout' => 2.5, 'read_timeout' => 4],
        // Laravel's shipped layout. phpredis authenticates with the options' password only: a
        // node's password is not read (RedisCluster ignores it), so none is mapped.
        'arrays' => [
            ['host' => '10.0.0.1', 'port' => 7000, 'password' => PW, 'database' => 0],
            ['host' => '10.0.0.2', 'port' => '7001'],
        ],
        'password' => [
            ['url' => 'redis://10.0.0.1:7000'],
            ['url' => 'tcp://10.0.0.2:7001/0'],
            'options' => ['password' => PW, 'prefix' => 'own_', 'timeout' => 0.5],
        ],
        'acl_user' => [['host' => '10.0.0.1', 'port' => 7000], 'options' => ['password' => ['queue-user', PW]]],
        'tls' => [
            ['url' => 'rediss://10.0.0.1:7000'],
            ['host' => 'redis.example', 'port' => 7001, 'scheme' => 'tls'],
            ['host' => 'tls://::1', 'port' => 7002],
            'options' => ['password' => PW, 'context' => ['cafile' => '/certs/ca.crt', 'peer_name' => 'redis.internal']],
        ],
        'tls_stream' => [['host' => '10.0.0.1', 'port' => 7000, 'scheme' => 'tls'], 'options' => ['context' => ['stream' => ['cafile' => '/c']]]],
        'mixed_tls' => [['host' => '10.0.0.1', 'port' => 7000, 'scheme' => 'tls'], ['host' => '10.0.0.2', 'port' => 7001]],
        'no_port' => [['host' => '10.0.0.1']],
        'not_a_node' => [['host' => '10.0.0.1', 'port' => 7000], 'prefix' => 'x_'],
        'empty' => [],
        'string' => 'tcp://10.0.0.1:7000',
        // A connection and a cluster of one name: the connection, as RedisManager::resolve().
        'both' => [['host' => '10.9.9.9', 'port' => 7000]],
    ],
    'both' => ['host' => '10.0.0.5', 'port' => 6379],
], ['arrays', 'password', 'acl_user', 'tls', 'tls_stream', 'mixed_tls', 'no_port', 'not_a_node', 'empty', 'string', 'both', 'nosuch']);

echo "predis:\n";
show([
    'client' => 'predis',
    'options' => ['prefix' => 'app_', 'cluster' => 'redis'],
    'clusters' => [
        // The password in each node's URL.
        'urls' => ['tcp://10.0.0.1:7000?password=' . PW . '&timeout=1.5', 'redis://10.0.0.2:7001?password=' . PW . '&timeout=1.5', 'tcp://10.0.0.3:7002?timeout=1.5&password=' . PW],
        // The password in the client option "parameters", which fills every node's.
        'parameters' => [
            ['host' => '10.0.0.1', 'port' => 7000],
            ['host' => '10.0.0.2', 'port' => 7001],
            'options' => ['parameters' => ['password' => PW, 'username' => 'queue-user', 'read_timeout' => 3]],
        ],
        'tls' => [
            'tls://10.0.0.1:7000?password=' . PW,
            'rediss://10.0.0.2:7001?password=' . PW,
            ['host' => '10.0.0.3', 'port' => 7002, 'scheme' => 'tls', 'password' => PW],
            'options' => ['parameters' => ['ssl' => ['cafile' => '/certs/ca.crt', 'verify_peer_name' => false]]],
        ],
        // The cluster's own options' prefix over the global one. A "prefix" entry beside the
        // nodes, which PredisConnector would read, is parsed as a node URL by RedisManager first.
        'own_prefix' => ['tcp://10.0.0.1:7000', 'options' => ['prefix' => 'opt_']],
        'prefix_entry' => ['tcp://10.0.0.1:7000', 'prefix' => 'cluster_'],
        'sharded' => ['tcp://10.0.0.1:7000?password=' . PW, 'tcp://10.0.0.2:7001?password=' . PW, 'options' => ['cluster' => 'predis']],
        'passwords_differ' => ['tcp://10.0.0.1:7000?password=' . PW, 'tcp://10.0.0.2:7001?password=' . PW2],
        'unix' => [['scheme' => 'unix', 'path' => '/run/redis.sock']],
    ],
], ['urls', 'parameters', 'tls', 'own_prefix', 'prefix_entry', 'sharded', 'passwords_differ', 'unix']);

// Predis shards on the client unless options.cluster says "redis": clusters.options and the
// cluster's own options override the global one.
show([
    'client' => 'predis',
    'clusters' => [
        'options' => ['cluster' => 'predis'],
        'shared_predis' => ['tcp://10.0.0.1:7000'],
        'own_redis' => ['tcp://10.0.0.1:7000', 'options' => ['cluster' => 'redis']],
    ],
], ['shared_predis', 'own_redis']);
show(['client' => 'predis', 'clusters' => ['none' => ['tcp://10.0.0.1:7000?password=' . PW]]], ['none']);

echo "a queue connection on a cluster:\n";
$config = new Illuminate\Config\Repository([
    'database' => ['redis' => ['client' => 'phpredis', 'options' => ['prefix' => 'app_'],
        'clusters' => ['queues' => [['host' => '10.0.0.1', 'port' => 7000], 'options' => ['password' => PW]]]]],
    'queue' => ['connections' => ['redis' => ['driver' => 'redis', 'connection' => 'queues', 'queue' => '{default}', 'retry_after' => 90,
        'wait_replicas' => 1, 'wait_timeout' => 2]]],
]);
echo str_replace(PW, 'PW', json_encode((new FastQueue\Laravel\RedisQueueFactory($config))->options('redis'), JSON_UNESCAPED_SLASHES)), "\n";

// Laravel's own client of the tests (phpredis, or predis where PHP has no phpredis) on a real
// cluster that needs a password: where the client reads the password, it connects and the
// mapping has the password; where it does not, neither has it.
echo "on a real cluster, beside Laravel's own client:\n";
$client = fq_laravel_redis_client();
$s = fq_cluster_start(3, 1, PW);
try {
    $nodes = [];
    foreach (array_slice($s->seeds(), 0, 2) as $seed) {
        [$host, $port] = explode(':', $seed);
        $nodes[] = ['host' => $host, 'port' => (int) $port];
    }
    $withOptionsPassword = $nodes + ['options' => ['password' => PW]];
    $withNodePasswords = array_map(fn ($n) => $n + ['password' => PW], $nodes);
    $clusters = $client === 'phpredis'
        // phpredis reads the options' password, never a node's (RedisCluster has one).
        ? ['the password it reads' => $withOptionsPassword, 'the password it ignores' => $withNodePasswords]
        // predis gives every node, the ones it is redirected to too, the options' parameters;
        // it has no "password" option, and a node's own password reaches that node only.
        : ['the password it reads' => $nodes + ['options' => ['parameters' => ['password' => PW]]],
            'the password it ignores' => $withOptionsPassword];
    $redis = ['client' => $client, 'options' => ['prefix' => 'p025_'] + ($client === 'predis' ? ['cluster' => 'redis'] : []),
        'clusters' => $clusters];
    $f = new FastQueue\Laravel\RedisQueueFactory(new Illuminate\Config\Repository(['database' => ['redis' => $redis]]));
    unset($redis['client']);
    foreach (array_keys($redis['clusters']) as $name) {
        $mapped = $f->redisOptions($name);
        try {
            (new Illuminate\Redis\RedisManager(null, $client, $redis))->connection($name)->set('{k025}x', $name);
            $key = $mapped['prefix'] . '{k025}x';
            $laravel = 'wrote ' . $s->nodeFor($key)->cmd('GET', $key) . ' under the mapped prefix';
        } catch (RedisClusterException|Predis\PredisException) {
            $laravel = 'cannot connect';
        }
        $seeds = $mapped['cluster'] === array_map(fn ($n) => "$n[host]:$n[port]", $nodes) ? 'the seeds' : 'OTHER SEEDS';
        echo "  $name: Laravel's client $laravel; mapped: $seeds, ", isset($mapped['password']) && $mapped['password'] === PW ? 'the password' : 'no password', "\n";
    }
} finally {
    fq_cluster_stop($s);
}
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/cluster.inc'; fq_cluster_clean(); ?>
--EXPECT--
phpredis:
  arrays: {"cluster":["10.0.0.1:7000","10.0.0.2:7001"],"prefix":"app_","connect_timeout":2.5,"read_timeout":4}
  password: {"cluster":["10.0.0.1:7000","10.0.0.2:7001"],"password":"PW","prefix":"own_","connect_timeout":0.5,"read_timeout":4}
  acl_user: {"cluster":["10.0.0.1:7000"],"password":"PW","username":"queue-user","prefix":"app_","connect_timeout":2.5,"read_timeout":4}
  tls: {"cluster":["10.0.0.1:7000","redis.example:7001","[::1]:7002"],"scheme":"tls","tls":{"cafile":"/certs/ca.crt","peer_name":"redis.internal"},"password":"PW","prefix":"app_","connect_timeout":2.5,"read_timeout":4}
  tls_stream: InvalidArgumentException: Redis connection [tls_stream]: the SSL option [stream] in [options.context] is not supported by fastqueue:work (supported: cafile, capath, local_cert, local_pk, peer_name, verify_peer, verify_peer_name).
  mixed_tls: InvalidArgumentException: Redis cluster [mixed_tls]: node [1] differs from the first in [scheme]: fastqueue:work reaches every node of a cluster with the same settings.
  no_port: InvalidArgumentException: Redis connection [no_port]: the cluster's node [0] has no port
  not_a_node: InvalidArgumentException: Redis connection [not_a_node]: the cluster's node [prefix] has no host
  empty: InvalidArgumentException: Redis cluster [empty] lists no node.
  string: InvalidArgumentException: Redis cluster [string] must be a list of nodes, string given.
  both: {"host":"10.0.0.5","port":6379,"prefix":"app_","read_timeout":9}
  nosuch: InvalidArgumentException: Redis connection [nosuch] not configured.
predis:
  urls: {"cluster":["10.0.0.1:7000","10.0.0.2:7001","10.0.0.3:7002"],"password":"PW","prefix":"app_","connect_timeout":1.5}
  parameters: {"cluster":["10.0.0.1:7000","10.0.0.2:7001"],"password":"PW","username":"queue-user","prefix":"app_","read_timeout":3}
  tls: {"cluster":["10.0.0.1:7000","10.0.0.2:7001","10.0.0.3:7002"],"scheme":"tls","tls":{"cafile":"/certs/ca.crt","verify_peer_name":false},"password":"PW","prefix":"app_"}
  own_prefix: {"cluster":["10.0.0.1:7000"],"prefix":"opt_"}
  prefix_entry: InvalidArgumentException: Redis connection [prefix_entry]: the cluster's [prefix] entry reaches the connector as array (Laravel reads it as a node URL): set the prefix in the cluster's options.
  sharded: InvalidArgumentException: Redis connection [sharded]: this cluster is sharded by Predis itself (options.cluster [predis]): fastqueue:work needs Redis Cluster, options.cluster [redis].
  passwords_differ: InvalidArgumentException: Redis cluster [passwords_differ]: node [1] differs from the first in [password]: fastqueue:work reaches every node of a cluster with the same settings.
  unix: InvalidArgumentException: Redis cluster [unix]: node [0] is a Unix socket; the nodes of a cluster are reached over TCP.
  shared_predis: InvalidArgumentException: Redis connection [shared_predis]: this cluster is sharded by Predis itself (options.cluster [predis]): fastqueue:work needs Redis Cluster, options.cluster [redis].
  own_redis: {"cluster":["10.0.0.1:7000"],"prefix":""}
  none: InvalidArgumentException: Redis connection [none]: this cluster is sharded by Predis itself (no options.cluster): fastqueue:work needs Redis Cluster, options.cluster [redis].
a queue connection on a cluster:
{"cluster":["10.0.0.1:7000"],"password":"PW","prefix":"app_","queue":"{default}","retry_after":90,"block_for":null,"wait_replicas":1,"wait_timeout":2}
on a real cluster, beside Laravel's own client:
  the password it reads: Laravel's client wrote the password it reads under the mapped prefix; mapped: the seeds, the password
  the password it ignores: Laravel's client cannot connect; mapped: the seeds, no password
