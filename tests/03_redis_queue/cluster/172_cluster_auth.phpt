--TEST--
Redis Cluster whose nodes require a password, with an ACL user set on every node (ACLs are not replicated): RedisQueue with username and password reaches queues on 3 masters, each node's connection logs in as that user, a worker runs the jobs, and a master met later through a MOVED logs in too; a wrong password, a password one master no longer takes, or none at all is a ConnectionException that names the node and never a password
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
--FILE--
<?php
require __DIR__ . '/../../inc/cluster.inc';

// Distinct and easy to spot: a message that leaks one is caught.
const PW = 'secret-Cl172-requirepass-4b9e';
const USER_PW = 'Us3r-Cl172-acl-d07c';
const WRONG_PW = 'Wr0ng-Cl172-5a1f';

function attempt(callable $f): string
{
    $msg = fq_try($f);
    foreach ([PW, USER_PW, WRONG_PW] as $secret) {
        if (str_contains($msg, $secret)) {
            return "A PASSWORD LEAKED: $msg";
        }
    }
    return $msg;
}

// The ACL user, on one server.
function set_user(FqClusterSetup $setup, int $port, string $password): void
{
    $setup->node($port)->cmd('ACL', 'SETUSER', 'fq172', 'reset', 'on', ">$password", '~*', '&*', '+@all');
}

// The users FastQueue's connections to the server on $port are logged in as: every client but
// the helper's own (running CLIENT LIST), replicas (flag S) and MIGRATE's (RESTORE-ASKING).
function users_on(FqClusterSetup $setup, int $port): string
{
    $users = [];
    foreach (explode("\n", trim($setup->node($port)->cmd('CLIENT', 'LIST'))) as $line) {
        preg_match_all('/(\w+)=(\S*)/', $line, $m);
        $c = array_combine($m[1], $m[2]);
        if (!in_array($c['cmd'], ['client|list', 'restore-asking'], true) && !str_contains($c['flags'], 'S')) {
            $users[$c['user']] = true;
        }
    }
    ksort($users);
    return implode(',', array_keys($users)) ?: 'none';
}

$setup = fq_cluster_start(3, 1, PW);
try {
    foreach (array_keys($setup->servers) as $port) {
        set_user($setup, $port, USER_PW);
    }
    $names = [];
    for ($i = 0; count($names) < 3 && $i < 1000; $i++) {
        $name = "{fq172-$i}";
        $names[$setup->masterOf("queues:$name")] ??= $name;
    }
    echo 'queues on distinct masters: ', count($names), "\n";
    $masterOf = array_flip($names);
    $names = array_values($names);
    // The seed: the first queue's master, which keeps the password throughout.
    $seed = "127.0.0.1:{$masterOf[$names[0]]}";
    $user = ['cluster' => [$seed], 'username' => 'fq172', 'password' => USER_PW, 'queue' => $names[0]];

    echo "-- username and password\n";
    $q = new FastQueue\RedisQueue($user);
    foreach ($names as $name) {
        $id = $q->push('Job', ['on' => $name], $name);
        $job = $q->pop($name);
        $master = $masterOf[$name];
        echo "$name: popped ", var_export($job?->getJobId() === $id, true), ', users on its master: ', users_on($setup, $master), "\n";
        $job->delete();
    }
    echo "-- the requirepass of the default user\n";
    $d = new FastQueue\RedisQueue(['cluster' => [$seed], 'password' => PW, 'queue' => $names[0]]);
    foreach ($names as $name) {
        $d->push('Job', [], $name);
        echo "$name: size ", $d->size($name), ', cleared ', $d->clear($name), "\n";
    }
    unset($d);

    echo "-- a worker\n";
    foreach ($names as $name) {
        $q->bulk(['A', 'B', 'C'], ['on' => $name], $name);
    }
    $ran = [];
    $w = new FastQueue\Worker($q, function ($job) use (&$ran) { $ran[] = $job->getName(); },
        ['stop_when_empty' => true, 'sleep' => 0.01]);
    echo 'rc ', $w->daemon(implode(',', $names)), ', ran ', count($ran), ', left ',
        array_sum(array_map(fn ($n) => $q->size($n), $names)), "\n";

    echo "-- a master met through a MOVED logs in as the user\n";
    $new = $setup->addMaster();
    set_user($setup, $new, USER_PW);
    $slot = $setup->slotOf("queues:{$names[0]}");
    $setup->migrateSlot($slot, $masterOf[$names[0]], $new);
    $id = $q->push('Job', ['n' => 'moved'], $names[0]);
    echo 'on the new master: ', $setup->node($new)->cmd('LLEN', "queues:{$names[0]}"), ', users there: ', users_on($setup, $new), "\n";
    $job = $q->pop($names[0]);
    echo 'popped: ', var_export($job?->getJobId() === $id, true), "\n";
    $job->delete();
    $masterOf[$names[0]] = $new;

    echo "-- a wrong password\n";
    $msg = attempt(fn () => (new FastQueue\RedisQueue(['password' => WRONG_PW] + $user))->push('Job', [], $names[1]));
    echo $msg, "\n";
    echo 'names the seed: ', var_export(str_contains($msg, "Redis at $seed refused authentication"), true), "\n";

    echo "-- a master that no longer takes the password\n";
    $other = $masterOf[$names[2]];
    set_user($setup, $other, 'changed-' . USER_PW);
    $fresh = new FastQueue\RedisQueue($user);
    echo "{$names[1]}: ", attempt(fn () => $fresh->push('Job', [], $names[1])), "\n";
    $msg = attempt(fn () => $fresh->push('Job', [], $names[2]));
    echo "{$names[2]}: ", $msg, "\n";
    echo 'names its master: ', var_export(str_contains($msg, "Redis at 127.0.0.1:$other refused authentication"), true), "\n";
    // The user's password restored there: the same object goes on.
    set_user($setup, $other, USER_PW);
    echo "{$names[2]} again: ", attempt(fn () => $fresh->push('Job', [], $names[2])), ', size ', $fresh->size($names[2]), "\n";

    echo "-- no password\n";
    $msg = attempt(fn () => (new FastQueue\RedisQueue(['cluster' => [$seed], 'queue' => $names[0]]))->push('Job'));
    echo $msg, "\n";
    echo 'names the seed: ', var_export(str_contains($msg, "Redis at $seed requires authentication"), true), "\n";
} finally {
    fq_cluster_stop($setup);
}
?>
--CLEAN--
<?php
require __DIR__ . '/../../inc/cluster.inc';
fq_cluster_clean();
?>
--EXPECTF--
queues on distinct masters: 3
-- username and password
{fq172-%d}: popped true, users on its master: fq172
{fq172-%d}: popped true, users on its master: fq172
{fq172-%d}: popped true, users on its master: fq172
-- the requirepass of the default user
{fq172-%d}: size 1, cleared 1
{fq172-%d}: size 1, cleared 1
{fq172-%d}: size 1, cleared 1
-- a worker
rc 0, ran 9, left 0
-- a master met through a MOVED logs in as the user
on the new master: 1, users there: fq172
popped: true
-- a wrong password
FastQueue\ConnectionException: Cannot read the Redis Cluster's slot map from any node: 127.0.0.1:%d: Redis at 127.0.0.1:%d refused authentication: WRONGPASS %s
names the seed: true
-- a master that no longer takes the password
{fq172-%d}: OK
{fq172-%d}: FastQueue\ConnectionException: Redis at 127.0.0.1:%d refused authentication: WRONGPASS %s
names its master: true
{fq172-%d} again: OK, size 1
-- no password
FastQueue\ConnectionException: Cannot read the Redis Cluster's slot map from any node: 127.0.0.1:%d: Redis at 127.0.0.1:%d requires authentication: NOAUTH %s
names the seed: true
