--TEST--
The supervisor over TLS, through Sentinel and in a Redis Cluster, wherever the worker goes: it reads a queue's backlog over the RedisQueue's connection (a pool at zero wakes for the jobs pushed), its named registry writes the status record on the server that holds it, and a graceful stop removes it
--ENV--
TEST_TIMEOUT=300
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php
require __DIR__ . '/../inc/config.inc';
require __DIR__ . '/../inc/cluster.inc';
fq_skip_unless_redis();
fq_skip_unless_cluster();
?>
--FILE--
<?php
require __DIR__ . '/../inc/tls.inc';
require __DIR__ . '/../inc/sentinel.inc';
require __DIR__ . '/../inc/cluster.inc';
require __DIR__ . '/../inc/supervisor.inc';
fq_reaper_list();

// One supervisor on $options: a pool at zero on $queue, three jobs pushed before the run. What
// it saw, or what went wrong; $record() reads the registry's record from the server.
function sup_case(array $options, string $queue, callable $record): string
{
    $q = new FastQueue\RedisQueue($options + ['queue' => $queue]);
    $q->clear($queue);
    for ($i = 0; $i < 3; $i++) {
        $q->push('J', [], $queue);
    }
    $seen = [];
    $s = new FastQueue\Supervisor(['queue' => $q, 'name' => 'fq013', 'host' => 'h1', 'heartbeat' => 0.2,
        'stop_timeout' => 5, 'log' => function (string $line, array $ev) use (&$s, &$seen, $queue, $record) {
            if ($ev['event'] === 'scaled' && $ev['pool'] === 'p' && !isset($seen['woke'])) {
                $seen['woke'] = preg_match('/^backlog (\d+),/', (string) $ev['reason'], $m) ? (int) $m[1] : $ev['reason'];
                $seen['figures'] = $s->status()['figures'];
            }
            // The worker ends by design after 2 s: ten heartbeats later, the loop free meanwhile.
            if ($ev['event'] === 'exited' && !isset($seen['record'])) {
                $seen['record'] = $record();
                $s->stop();
            }
        }]);
    $s->addGroup('g', ['balance' => 'auto', 'max_processes' => 1, 'cooldown' => 60]);
    $s->addPool('p', ['sleep', '2'], 0, ['group' => 'g', 'queues' => [$queue]]);
    $rc = $s->run();
    $q->clear($queue);
    $json = json_decode((string) ($seen['record'] ?? ''), true);
    $problems = [];
    if (($seen['woke'] ?? null) !== 3) {
        $problems[] = 'the pool at zero did not wake for a backlog of 3: ' . json_encode($seen);
    }
    if (($seen['figures'] ?? null) !== 'ok') {
        $problems[] = 'figures: ' . json_encode($seen['figures'] ?? null);
    }
    if (($json['name'] ?? null) !== 'fq013' || ($json['pools']['p']['processes'] ?? null) !== 1) {
        $problems[] = 'record: ' . ($seen['record'] ?? 'none');
    }
    if ($record() !== null) {
        $problems[] = 'the record stayed after the stop';
    }
    if ($rc !== 0) {
        $problems[] = "run returned $rc";
    }
    return $problems ? implode('; ', $problems) : 'ok';
}

$key = 'fastqueue:{supervisors}:fq013/h1';

// TLS: the test CA, a password, a TLS-only server.
if (fq_tls_built()) {
    $dir = fq_tls_certs('s013');
    [$port] = fq_tls_redis('s013', $dir);
} else {
    $dir = fq_tls_dir('s013');
    $port = 6390;
}
$options = fq_tls_options($dir, $port, [], ['connect_timeout' => fq_under_valgrind() ? 20 : 5]);
fq_tls_case('TLS', $options, function () use ($options, $dir, $port, $key) {
    $raw = new FqRaw('127.0.0.1', $port, ['cafile' => "$dir/ca.crt", 'verify_peer' => true, 'verify_peer_name' => true]);
    $raw->cmd('AUTH', FQ_TLS_PASSWORD);
    return sup_case($options, 's013', fn () => $raw->cmd('GET', $key));
});
fq_stop_tracked('s013');

// Sentinel: the master found through three sentinels.
$setup = fq_sentinel_start(1, 3);
try {
    $options = ['sentinel' => ['nodes' => $setup->nodes(), 'service' => FQ_SENTINEL_SERVICE], 'connect_timeout' => 2];
    echo 'Sentinel: ', sup_case($options, 's013', fn () => $setup->server($setup->masterPort)->cmd('GET', $key)), "\n";
} finally {
    fq_sentinel_stop($setup);
}

// Cluster: the queue's keys and the registry's on whichever masters own their slots.
$cluster = fq_cluster_start(3, 0);
try {
    echo 'Cluster: ', sup_case(['cluster' => $cluster->seeds()], '{s013}', fn () => $cluster->nodeFor($key)->cmd('GET', $key)), "\n";
} finally {
    fq_cluster_stop($cluster);
}
?>
--CLEAN--
<?php
require __DIR__ . '/../inc/errors.inc';
require __DIR__ . '/../inc/cluster.inc';
fq_stop_tracked('s013');
fq_cluster_clean();
?>
--EXPECT--
TLS: ok
Sentinel: ok
Cluster: ok
