--TEST--
The Redis Cluster of the tests (tests/inc/cluster.inc), with raw clients only: 3 masters with a replica each, a key served by its slot's master and MOVED elsewhere, a slot migrated with ASK seen mid-migration, a master killed and its replica promoted, everything stopped
--EXTENSIONS--
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/cluster.inc'; fq_skip_unless_cluster(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/cluster.inc';

// "MOVED 1234 127.0.0.1:20001" with the port named after the server it is.
function redirect(Throwable $e, array $names): string
{
    return preg_replace_callback('/127\.0\.0\.1:(\d+)/', fn ($m) => $names[(int) $m[1]] ?? 'AN UNKNOWN NODE', $e->getMessage());
}

function attempt(callable $f, array $names): string
{
    try {
        return var_export($f(), true);
    } catch (RuntimeException $e) {
        return redirect($e, $names);
    }
}

$t0 = microtime(true);
$s = fq_cluster_start(3, 1, 'cluster-secret-170');
try {
    echo "-- topology --\n";
    $masters = $s->masters();
    $topology = $s->topology();
    echo count($s->seeds()), ' seeds, ', count($masters), ' masters, replicas per master: ',
        implode(' ', array_map(fn ($m) => count($s->replicasOf($m)), $masters)), "\n";
    echo 'every seed is 127.0.0.1:port: ', count(preg_grep('/^127\.0\.0\.1:\d+$/', $s->seeds())) === 6 ? 'yes' : 'no', "\n";
    echo 'every server sees 6 nodes, none failed: ',
        count(array_filter(array_keys($s->servers), fn ($p) => count(array_filter($s->topology($p), fn ($n) => !$n['failed'])) === 6)) === 6 ? 'yes' : 'no', "\n";
    $cover = 0;
    foreach ($s->node($masters[0])->cmd('CLUSTER', 'SLOTS') as $range) {
        $cover += $range[1] - $range[0] + 1;
    }
    echo "slots covered: $cover\n";
    $names = [];
    foreach ($masters as $i => $m) {
        $names[$m] = "master$i";
        $names[$s->replicasOf($m)[0]] = "replica$i";
    }

    echo "-- slots: CLUSTER KEYSLOT, hash tags --\n";
    // 12182 is the slot of "foo" in the cluster specification's examples.
    var_dump($s->slotOf('foo'), $s->slotOf('{fq170}a') === $s->slotOf('fq170'), $s->slotOf('{fq170}b') === $s->slotOf('{fq170}a'));

    echo "-- a key through its master; MOVED from the others --\n";
    $slot = $s->slotOf('{fq170}a');
    $owner = $s->masterOf('{fq170}a');
    $other = array_values(array_diff($masters, [$owner]))[0];
    $ownerReplica = $s->replicasOf($owner)[0];
    echo 'owner: ', $names[$owner], ', other: ', $names[$other], "\n";
    foreach (['a', 'b', 'c'] as $k) {
        $s->node($owner)->cmd('SET', "{fq170}$k", "v$k");
    }
    echo 'GET on the owner: ', attempt(fn () => $s->nodeFor('{fq170}a')->cmd('GET', '{fq170}a'), $names), "\n";
    $wrong = attempt(fn () => $s->node($other)->cmd('SET', '{fq170}a', 'x'), $names);
    echo 'SET on another master: ', str_replace((string) $slot, 'SLOT', $wrong), "\n";
    echo 'GET on its replica: ', str_replace((string) $slot, 'SLOT', attempt(fn () => $s->node($ownerReplica)->cmd('GET', '{fq170}a'), $names)), "\n";
    echo 'without AUTH: ', attempt(fn () => (new FqRaw('127.0.0.1', $owner))->cmd('GET', '{fq170}a'), $names), "\n";

    echo "-- the slot migrated to another master, one key per batch --\n";
    $target = $other;
    $batches = 0;
    $moved = $s->migrateSlot($slot, $owner, $target, function (string $stage, array $keys, FqClusterSetup $s) use ($owner, $target, $slot, $names, &$batches) {
        $show = fn (callable $f) => str_replace((string) $slot, 'SLOT', attempt($f, $names));
        $t = $s->node($target);
        if ($stage === 'open') {
            echo "  slot open, no key moved yet:\n";
            // Keys still on the source are served there; a key it lacks is sent on with ASK.
            echo '    GET a key on the source: ', $show(fn () => $s->node($owner)->cmd('GET', '{fq170}a')), "\n";
            echo '    SET a new key on the source: ', $show(fn () => $s->node($owner)->cmd('SET', '{fq170}new', 'vnew')), "\n";
            echo '    the same on the target, without ASKING: ', $show(fn () => $t->cmd('SET', '{fq170}new', 'vnew')), "\n";
            echo '    the same on the target, after ASKING: ', $show(function () use ($t) {
                $t->cmd('ASKING');
                return $t->cmd('SET', '{fq170}new', 'vnew');
            }), "\n";
            return;
        }
        if (++$batches > 1) {
            return;
        }
        [$k] = $keys;
        echo '  one key moved (', count($keys), " in the batch):\n";
        echo '    GET it on the source: ', $show(fn () => $s->node($owner)->cmd('GET', $k)), "\n";
        echo '    GET it on the target after ASKING: ', $show(function () use ($t, $k) {
            $t->cmd('ASKING');
            return $t->cmd('GET', $k) === 'v' . substr($k, -1);
        }), "\n";
        echo '    GET it on the target without ASKING: ', $show(fn () => $t->cmd('GET', $k)), "\n";
    }, 1);
    echo "batches: $batches\n";
    sort($moved);
    echo 'moved: ', implode(' ', $moved), "\n";
    echo 'every server sees the slot on the target: ',
        count(array_filter(array_keys($s->servers), fn ($p) => $s->ownerOf($slot, $p) === $target)) === 6 ? 'yes' : 'no', "\n";
    echo 'GET on the former owner: ', str_replace((string) $slot, 'SLOT', attempt(fn () => $s->node($owner)->cmd('GET', '{fq170}a'), $names)), "\n";
    echo 'GET through masterOf(): ', attempt(fn () => $s->nodeFor('{fq170}a')->cmd('GET', '{fq170}a'), $names), "\n";
    echo 'all keys: ', implode(' ', $s->allKeys()), "\n";

    echo "-- the target master killed: its replica takes over --\n";
    $replica = $s->replicasOf($target)[0];
    // The replica has every key before the kill.
    var_dump($s->node($target)->cmd('WAIT', '1', '5000'));
    $s->killMaster($target);
    $t = microtime(true);
    $new = $s->waitFailover($target);
    echo 'the new master is ', $names[$new], ' (the ', $names[$target], "'s replica)\n";
    echo 'masters now: ', implode(' ', array_map(fn ($m) => $names[$m], $s->masters())), "\n";
    echo 'cluster_state:ok on every running server: ',
        count(array_filter(array_keys($s->servers), fn ($p) => str_contains($s->node($p)->cmd('CLUSTER', 'INFO'), 'cluster_state:ok'))) . ' of ' . count($s->servers), "\n";
    echo 'the killed master is marked failed: ', var_export($s->topology()[$target]['failed'], true), "\n";
    echo 'GET through masterOf(): ', attempt(fn () => $s->nodeFor('{fq170}a')->cmd('GET', '{fq170}a'), $names), "\n";
    echo 'all keys: ', implode(' ', $s->allKeys()), "\n";
    $s->flushAll();
    echo 'after flushAll: ', json_encode($s->allKeys()), "\n";
    if (microtime(true) - $t0 > fq_bound(20)) {
        printf("slow: %.1f s (failover %.1f s)\n", microtime(true) - $t0, microtime(true) - $t);
    }
} finally {
    $pids = $s->servers + $s->killed;
    $dirs = $s->dirs;
    fq_cluster_stop($s);
}
echo "-- stopped --\n";
echo 'servers running: ', count(array_filter($pids, 'fq_is_redis_server')), "\n";
echo 'directories left: ', count(array_filter($dirs, 'file_exists')), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/cluster.inc'; fq_cluster_clean(); ?>
--EXPECT--
-- topology --
6 seeds, 3 masters, replicas per master: 1 1 1
every seed is 127.0.0.1:port: yes
every server sees 6 nodes, none failed: yes
slots covered: 16384
-- slots: CLUSTER KEYSLOT, hash tags --
int(12182)
bool(true)
bool(true)
-- a key through its master; MOVED from the others --
owner: master2, other: master0
GET on the owner: 'va'
SET on another master: Redis error: MOVED SLOT master2
GET on its replica: Redis error: MOVED SLOT master2
without AUTH: Redis error: NOAUTH Authentication required.
-- the slot migrated to another master, one key per batch --
  slot open, no key moved yet:
    GET a key on the source: 'va'
    SET a new key on the source: Redis error: ASK SLOT master0
    the same on the target, without ASKING: Redis error: MOVED SLOT master2
    the same on the target, after ASKING: 'OK'
  one key moved (1 in the batch):
    GET it on the source: Redis error: ASK SLOT master0
    GET it on the target after ASKING: true
    GET it on the target without ASKING: Redis error: MOVED SLOT master2
batches: 3
moved: {fq170}a {fq170}b {fq170}c
every server sees the slot on the target: yes
GET on the former owner: Redis error: MOVED SLOT master0
GET through masterOf(): 'va'
all keys: {fq170}a {fq170}b {fq170}c {fq170}new
-- the target master killed: its replica takes over --
int(1)
the new master is replica0 (the master0's replica)
masters now: replica0 master1 master2
cluster_state:ok on every running server: 5 of 5
the killed master is marked failed: true
GET through masterOf(): 'va'
all keys: {fq170}a {fq170}b {fq170}c {fq170}new
after flushAll: []
-- stopped --
servers running: 0
directories left: 0
