--TEST--
RedisQueue over Sentinel: the option's checks; the master found through the sentinels (a dead sentinel skipped, an unknown service named); after a failover the next call reaches the new master, never the old one; no sentinel password in any message
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); if (!function_exists('posix_kill')) die('skip posix'); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/sentinel.inc';

echo "-- option checks --\n";
foreach ([
    'not an array' => 'x',
    'no nodes' => ['service' => 'm'],
    'empty nodes' => ['nodes' => [], 'service' => 'm'],
    'no service' => ['nodes' => ['127.0.0.1:26379']],
    'a node that is not host:port' => ['nodes' => ['http://h:1'], 'service' => 'm'],
    'port out of range' => ['nodes' => ['h:70000'], 'service' => 'm'],
    'IPv6 without brackets' => ['nodes' => ['::1:26379'], 'service' => 'm'],
    'a node that is not a string' => ['nodes' => [26379], 'service' => 'm'],
    'unknown key' => ['nodes' => ['h'], 'service' => 'm', 'passwd' => 'x'],
] as $label => $value) {
    try {
        new FastQueue\RedisQueue(['sentinel' => $value]);
        echo "$label: accepted\n";
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
try {
    new FastQueue\RedisQueue(['sentinel' => ['nodes' => ['h'], 'service' => 'm'], 'socket' => '/tmp/x.sock']);
} catch (ValueError $e) {
    echo 'with socket: ', $e->getMessage(), "\n";
}

$setup = fq_sentinel_start(2, 3, 'srv-secret-4711', 'sentinel-secret-0815');
try {
    $dead = fq_free_port();
    $nodes = array_merge(["127.0.0.1:$dead"], array_map(fn ($n) => "tcp://$n", $setup->nodes()));
    $options = ['sentinel' => ['nodes' => $nodes, 'service' => FQ_SENTINEL_SERVICE, 'password' => 'sentinel-secret-0815'],
        'password' => 'srv-secret-4711',
        'queue' => 'sn160', 'read_timeout' => 5];

    echo "-- the master through the sentinels, the first one dead --\n";
    $q = new FastQueue\RedisQueue($options);
    $id = $q->push('J', ['n' => 1]);
    $master = $setup->server($setup->masterPort);
    var_dump($master->cmd('LLEN', 'queues:sn160'));
    var_dump($q->pop()->getJobId() === $id);

    echo "-- an unknown service; a wrong sentinel password; no sentinel answering --\n";
    foreach ([['nodes' => $setup->nodes(), 'service' => 'nosuch', 'password' => 'sentinel-secret-0815'],
        ['nodes' => [$setup->nodes()[0]], 'service' => FQ_SENTINEL_SERVICE, 'password' => 'wrong-secret-1234'],
        ['nodes' => ["127.0.0.1:$dead"], 'service' => 'x', 'password' => 'sentinel-secret-0815']] as $s) {
        try {
            (new FastQueue\RedisQueue(['sentinel' => $s, 'connect_timeout' => 2]))->size();
        } catch (FastQueue\ConnectionException $e) {
            echo preg_replace('/127\.0\.0\.1:\d+/', 'SENTINEL', $e->getMessage()), "\n";
            echo str_contains($e->getMessage(), 'secret') ? "a secret is in the message\n" : "no secret in the message\n";
        }
    }

    echo "-- failover --\n";
    $q->push('J', ['n' => 2]);
    // Both replicas have it before the failover (what wait_replicas is for).
    $master->cmd('WAIT', '2', '5000');
    $old = $setup->masterPort;
    $new = $setup->failover();
    var_dump($new !== $old);
    // The old master is a replica now: the first call may fail (its connection was closed, or
    // the server answers READONLY), as a call during any failover can; the next one reaches
    // the new master. Neither ever writes to the old one.
    $pushed = [];
    for ($i = 3; $i <= 5; $i++) {
        try {
            $q->push('J', ['n' => $i]);
            $pushed[] = $i;
        } catch (FastQueue\ConnectionException $e) {
            $text = preg_replace('/127\.0\.0\.1:\d+/', 'HOST', $e->getMessage());
            echo str_contains($text, 'replica now') || str_contains($text, 'lost') ? 'one call failed over: ok' : "unexpected: $text", "\n";
        }
    }
    echo count($pushed) >= 2 ? "later pushes went through\n" : "pushes failed\n";
    $newMaster = $setup->server($new);
    // Job 2 was replicated before the failover; 3 to 5 went to the new master.
    $ns = array_map(fn ($p) => json_decode($p, true)['data']['n'], $newMaster->cmd('LRANGE', 'queues:sn160', '0', '-1'));
    echo 'the new master holds job 2 and every push that returned: ', $ns === array_merge([2], $pushed) ? 'yes' : 'NO: ' . implode(',', $ns), "\n";
    var_dump($q->size() === $newMaster->cmd('LLEN', 'queues:sn160') + $newMaster->cmd('ZCARD', 'queues:sn160:reserved'));

    echo "-- the master turned into a replica behind the sentinels' back --\n";
    $q2 = new FastQueue\RedisQueue($options);
    $q2->push('J', ['n' => 6]);
    $newMaster->cmd('REPLICAOF', '127.0.0.1', (string) $dead);
    for ($i = 0; $i < 2; $i++) {
        try {
            $q2->push('J', ['n' => 7]);
            echo "pushed to a replica\n";
        } catch (FastQueue\ConnectionException $e) {
            echo preg_replace('/127\.0\.0\.1:\d+/', 'HOST', $e->getMessage()), "\n";
        }
    }
} finally {
    fq_sentinel_stop($setup);
}
?>
--EXPECTF--
-- option checks --
not an array: TypeError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "sentinel" must be of type array|null, string given
no nodes: ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "sentinel" needs "nodes", the sentinels' addresses
empty nodes: ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "sentinel.nodes" must name at least one sentinel
no service: ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "sentinel" needs "service", the master's name
a node that is not host:port: ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "sentinel.nodes" contains "http://h:1", which is not host, host:port or tcp://host:port
port out of range: ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "sentinel.nodes" contains "h:70000", which is not host, host:port or tcp://host:port
IPv6 without brackets: ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "sentinel.nodes" contains "::1:26379", which is not host, host:port or tcp://host:port
a node that is not a string: TypeError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "sentinel.nodes" must contain strings (host:port), int found
unknown key: ValueError: FastQueue\RedisQueue::__construct(): Argument #1 ($options) option "sentinel" contains unknown key "passwd" (known: nodes, service, username, password)
with socket: FastQueue\RedisQueue::__construct(): Argument #1 ($options) options "sentinel" and "socket" exclude each other: the sentinels name the master's host and port
-- the master through the sentinels, the first one dead --
int(1)
bool(true)
-- an unknown service; a wrong sentinel password; no sentinel answering --
Cannot find the master "nosuch" by Sentinel: sentinel SENTINEL knows no master named "nosuch"; sentinel SENTINEL knows no master named "nosuch"; sentinel SENTINEL knows no master named "nosuch"
no secret in the message
Cannot find the master "fqmaster" by Sentinel: sentinel SENTINEL: Redis at SENTINEL refused authentication: WRONGPASS invalid username-password pair or user is disabled.
no secret in the message
Cannot find the master "x" by Sentinel: sentinel SENTINEL: Cannot connect to Redis at SENTINEL: Connection refused
no secret in the message
-- failover --
bool(true)
%Alater pushes went through
the new master holds job 2 and every push that returned: yes
bool(true)
-- the master turned into a replica behind the sentinels' back --
Redis at HOST (master "fqmaster" by Sentinel) is a replica now: READONLY You can't write against a read only replica.%s; the sentinels will be asked again
Redis at HOST (master "fqmaster" by Sentinel) is not a master (ROLE: slave); the sentinels will be asked again
