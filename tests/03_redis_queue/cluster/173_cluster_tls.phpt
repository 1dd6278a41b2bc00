--TEST--
Redis Cluster over TLS only (tls-cluster, tls-replication, a password, client certificates required): the slot map names the TLS ports; RedisQueue with tls:// or rediss:// seeds, or scheme tls and host:port seeds, with the CA and a client certificate, pushes and pops on queues on 3 masters; a slot moved to a master met later is followed (MOVED) over TLS; a worker runs; without the client certificate, with another CA or a name the certificates lack, each failure is a clear ConnectionException naming the node; a build without TLS refuses these settings
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php
require __DIR__ . '/../../inc/config.inc';
require __DIR__ . '/../../inc/cluster.inc';
fq_skip_unless_redis();
fq_skip_unless_cluster();
?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/tls.inc';
require __DIR__ . '/../../inc/cluster.inc';

$setup = null;
if (fq_tls_built()) {
    $dir = fq_tls_certs('rq173');
    $setup = fq_cluster_start(3, 1, FQ_TLS_PASSWORD, tls: ['dir' => $dir, 'auth_clients' => true]);
    // One queue on each master: hash tags tried until every master holds one.
    $names = [];
    for ($i = 0; count($names) < 3 && $i < 1000; $i++) {
        $name = "{fq173-$i}";
        $names[$setup->masterOf("queues:$name")] ??= $name;
    }
    $masterOf = array_flip($names);
    $names = array_values($names);
    [$seedPort, $seedPort2] = [$masterOf[$names[0]], $masterOf[$names[1]]];
    $tls = $setup->tlsOption();
} else {
    // The settings only: they are refused before any connection.
    $dir = fq_tls_dir('rq173');
    fq_empty_dir($dir);
    $names = ['{fq173-a}', '{fq173-b}', '{fq173-c}'];
    [$seedPort, $seedPort2] = [6390, 6391];
    $masterOf = [];
    $tls = ['cafile' => "$dir/ca.crt", 'local_cert' => "$dir/client.crt", 'local_pk' => "$dir/client.key"];
}
$base = ['password' => FQ_TLS_PASSWORD, 'tls' => $tls, 'queue' => $names[0],
    // valgrind slows each handshake tenfold
    'connect_timeout' => fq_under_valgrind() ? 20 : 5];

// "ok" when a job pushed to each queue lands on its own master and pops back.
function roundtrips(FastQueue\RedisQueue $q, FqClusterSetup $setup, array $names, array $masterOf): string
{
    foreach ($names as $name) {
        $id = $q->push('TlsJob', ['on' => $name], $name);
        $there = $setup->node($masterOf[$name])->cmd('LLEN', "queues:$name");
        $job = $q->pop($name);
        if ($there !== 1 || !$job || $job->getJobId() !== $id) {
            return "$name: $there on its master, popped " . var_export($job?->getJobId(), true) . ", pushed $id";
        }
        $job->delete();
        if ($q->size($name) !== 0) {
            return "$name: size " . $q->size($name);
        }
    }
    return 'ok';
}

try {
    fq_tls_case('the slot map names the TLS ports', $base + ['cluster' => ["tls://127.0.0.1:$seedPort"]], function () use ($setup) {
        $ports = [];
        foreach ($setup->node($setup->masters()[0])->cmd('CLUSTER', 'SLOTS') as $range) {
            foreach (array_slice($range, 2) as $node) {
                $ports[] = (int) $node[1];
            }
        }
        $unknown = array_diff($ports, array_keys($setup->servers));
        return count($ports) >= 3 && $unknown === [] ? 'ok' : 'ports ' . implode(',', $ports);
    });

    $forms = [
        'tls:// seed' => ['cluster' => ["tls://127.0.0.1:$seedPort"]],
        'rediss:// seeds' => ['cluster' => ["rediss://127.0.0.1:$seedPort", "rediss://127.0.0.1:$seedPort2"]],
        'scheme tls, host:port seed' => ['cluster' => ["127.0.0.1:$seedPort"], 'scheme' => 'tls'],
        'scheme tls, seed localhost' => ['cluster' => ["localhost:$seedPort"], 'scheme' => 'tls'],
        'peer_name localhost for every node' => ['cluster' => ["tls://127.0.0.1:$seedPort"],
            'tls' => $tls + ['peer_name' => 'localhost']],
    ];
    foreach ($forms as $label => $form) {
        $options = $form + $base;
        fq_tls_case($label, $options, fn () => roundtrips(new FastQueue\RedisQueue($options), $setup, $names, $masterOf));
    }

    $options = $base + ['cluster' => ["tls://127.0.0.1:$seedPort"]];
    fq_tls_case('MOVED to a master met later', $options, function () use ($options, $setup, $names, &$masterOf) {
        $q = new FastQueue\RedisQueue($options);
        $q->push('TlsJob', ['n' => 'before'], $names[0]);
        $new = $setup->addMaster();
        $setup->migrateSlot($setup->slotOf("queues:{$names[0]}"), $masterOf[$names[0]], $new);
        // The slot map still names the old master: it answers MOVED, to a node not met before.
        $q->push('TlsJob', ['n' => 'after'], $names[0]);
        $there = $setup->node($new)->cmd('LLEN', "queues:{$names[0]}");
        $popped = [];
        while ($job = $q->pop($names[0])) {
            $popped[] = json_decode($job->getRawBody(), true)['data']['n'];
            $job->delete();
        }
        $masterOf[$names[0]] = $new;
        return $there === 2 && $popped === ['before', 'after'] ? 'ok' : "$there on the new master, popped " . implode(',', $popped);
    });

    fq_tls_case('worker over TLS', $options, function () use ($options, $names) {
        $q = new FastQueue\RedisQueue($options);
        foreach ($names as $name) {
            $q->bulk(['A', 'B', 'C'], ['on' => $name], $name);
        }
        $ran = [];
        $w = new FastQueue\Worker($q, function ($job) use (&$ran) { $ran[] = $job->getName(); },
            ['stop_when_empty' => true, 'sleep' => 0.01]);
        $rc = $w->daemon(implode(',', $names));
        $left = array_sum(array_map(fn ($n) => $q->size($n), $names));
        return $rc === 0 && count($ran) === 9 && $left === 0 ? 'ok' : "rc $rc, ran " . count($ran) . ", left $left";
    });

    // Failures: the node named, the cause given, the password never.
    $node = '127\.0\.0\.1:' . $seedPort;
    $failures = [
        // Refused in the handshake: the server's "certificate required" alert, or a reset when
        // that alert comes too late, on the first command (153 tells more).
        'no client certificate' => [['cafile' => "$dir/ca.crt"], "/Redis connection to $node lost while authentication: /"],
        'another CA' => [['cafile' => "$dir/other-ca.crt"] + $tls,
            "/TLS to Redis at $node failed: the server's certificate failed verification/"],
        'a name the certificates lack' => [['peer_name' => 'other.example'] + $tls,
            "/TLS to Redis at $node failed: the server's certificate does not match the name \"other\\.example\"/"],
    ];
    foreach ($failures as $label => [$t, $re]) {
        $bad = ['tls' => $t] + $options;
        fq_tls_case($label, $bad, fn () => fq_tls_expect_failure(fn () => (new FastQueue\RedisQueue($bad))->size($names[1]), $re));
    }
    $bad = ['password' => FQ_TLS_PASSWORD . '-wrong'] + $options;
    fq_tls_case('wrong password', $bad, fn () => fq_tls_expect_failure(fn () => (new FastQueue\RedisQueue($bad))->size($names[1]),
        "/Redis at $node refused authentication: WRONGPASS/"));
} finally {
    if ($setup) {
        fq_cluster_stop($setup);
    }
}
?>
--CLEAN--
<?php
require __DIR__ . '/../../inc/cluster.inc';
fq_cluster_clean();
?>
--EXPECT--
the slot map names the TLS ports: ok
tls:// seed: ok
rediss:// seeds: ok
scheme tls, host:port seed: ok
scheme tls, seed localhost: ok
peer_name localhost for every node: ok
MOVED to a master met later: ok
worker over TLS: ok
no client certificate: ok
another CA: ok
a name the certificates lack: ok
wrong password: ok
