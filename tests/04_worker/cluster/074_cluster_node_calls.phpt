--TEST--
Worker on a Redis Cluster, queues in several hash slots of one master: one reserve call serves the queues that follow each other on a master (and the restart key when that master holds it), priority order holds across masters, and a call across slots that a resharding made stale falls back to a call per slot, which follows MOVED
--EXTENSIONS--
fastqueue
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

$setup = fq_cluster_start(3, 0);
try {
    [$m1, $m2, $m3] = $setup->masters();
    // Queue names by master: a1, a2, a3 on the first master (three slots), b1 on the second.
    $pick = function (int $port, int $count, string $stem) use ($setup): array {
        $found = [];
        for ($i = 0; count($found) < $count && $i < 5000; $i++) {
            if ($setup->masterOf("queues:{{$stem}$i}") === $port) {
                $found[] = "{{$stem}$i}";
            }
        }
        return $found;
    };
    [$a1, $a2, $a3] = $pick($m1, 3, 'fq074a');
    [$b1] = $pick($m2, 1, 'fq074b');
    $restartOn1 = $pick($m1, 1, 'fq074r')[0];
    $short = [$a1 => 'a1', $a2 => 'a2', $a3 => 'a3', $b1 => 'b1'];

    // Every command each master runs, with its arguments, from the slow log (threshold 0).
    $trace = function () use ($setup) {
        foreach ($setup->masters() as $port) {
            $setup->node($port)->cmd('CONFIG', 'SET', 'slowlog-log-slower-than', '0');
            $setup->node($port)->cmd('CONFIG', 'SET', 'slowlog-max-len', '10000');
            $setup->node($port)->cmd('SLOWLOG', 'RESET');
        }
    };
    // The reserve calls each master ran, oldest first: the queues each served (+r: the restart
    // key too), and the GETs of the restart key. An EVALSHA that a node answered NOSCRIPT (its
    // first sight of the script), then sent again as EVAL, counts once.
    $calls = function () use ($setup, $short, $m1, $m2, $m3) {
        $out = [];
        foreach ([$m1 => 'm1', $m2 => 'm2', $m3 => 'm3'] as $port => $label) {
            $entries = $setup->node($port)->cmd('SLOWLOG', 'GET', '10000');
            usort($entries, fn ($x, $y) => $x[0] <=> $y[0]);
            $seen = [];
            $last = null;
            foreach ($entries as $e) {
                $args = $e[3];
                // As FastQueue sends them, in capitals: a script's own commands are logged too.
                $cmd = $args[0];
                if (getenv('FQ074_DEBUG')) {
                    fwrite(STDERR, "$label " . implode(' ', array_map(fn ($a) => substr($a, 0, 30), $args)) . "\n");
                }
                if ($cmd === 'GET' && str_contains($args[1], 'fq074')) {
                    $seen[] = 'GET';
                    $last = null;
                    continue;
                }
                if (($cmd !== 'EVALSHA' && $cmd !== 'EVAL') || !isset($args[4])
                        || !str_ends_with($args[4], ':delayed') || $args[4] !== $args[3] . ':delayed') {
                    continue;
                }
                $keys = array_slice($args, 3, (int) $args[2]);
                // pop_node's further keys follow pop.lua's 8 arguments (a node call sends them all).
                $keys = array_merge($keys, array_slice($args, 3 + (int) $args[2] + 8));
                $queues = [];
                $restart = false;
                foreach ($keys as $k) {
                    if (preg_match('/^queues:(\{[^}]*\})$/', $k, $m)) {
                        $queues[] = $short[$m[1]] ?? $m[1];
                    } elseif (!str_starts_with($k, 'queues:')) {
                        $restart = true;
                    }
                }
                $shape = implode('+', $queues) . ($restart ? '+r' : '');
                if ($cmd === 'EVAL' && $last === "EVALSHA $shape") {
                    array_pop($seen);
                }
                $seen[] = $shape;
                $last = "$cmd $shape";
            }
            $out[] = "$label: " . ($seen === [] ? '-' : implode(' ', $seen));
        }
        return implode('; ', $out);
    };

    $q = new FastQueue\RedisQueue(['cluster' => $setup->seeds(), 'queue' => $a1, 'retry_after' => 30]);
    $run = function (string $list, array $wopts = []) use ($q) {
        $order = [];
        $w = new FastQueue\Worker($q, function ($job) use (&$order) { $order[] = $job->payload()['data']['q']; },
            $wopts + ['prefetch' => 1, 'timeout' => 5, 'stop_when_empty' => true, 'sleep' => 0.01,
                'restart_key' => 'fq074-none']);
        $w->daemon($list);
        return implode(' ', $order);
    };

    echo "-- a master's queues in a row: one call per master per round\n";
    $q->push('J', ['q' => 'b1'], $b1);
    $trace();
    echo 'ran: ', $run("$a1,$a2,$a3,$b1", ['restart_key' => $restartOn1]), "\n";
    echo $calls(), "\n";

    echo "-- the restart key on another master: a GET of its own\n";
    $restartOn2 = $pick($m2, 1, 'fq074s')[0];
    $q->push('J', ['q' => 'a3'], $a3);
    $trace();
    echo 'ran: ', $run("$a1,$a2,$a3", ['restart_key' => $restartOn2]), "\n";
    echo $calls(), "\n";

    echo "-- a list that goes back and forth between masters keeps its priority order\n";
    $q->push('J', ['q' => 'a2'], $a2);
    $q->push('J', ['q' => 'a2'], $a2);
    $q->push('J', ['q' => 'b1'], $b1);
    $q->push('J', ['q' => 'b1'], $b1);
    $trace();
    echo 'ran: ', $run("$a1,$b1,$a2"), "\n";
    echo $calls(), "\n";

    echo "-- a slot moved away since the worker read the map: a call per slot, then MOVED\n";
    $slot = $setup->slotOf("queues:$a2");
    $pusher = new FastQueue\RedisQueue(['cluster' => $setup->seeds(), 'queue' => $a1]);
    $pusher->push('J', ['q' => 'a1'], $a1);
    $trace();
    $order = [];
    $w = new FastQueue\Worker($q, function ($job) use (&$order, $setup, $slot, $m1, $m3, $pusher, $a2) {
        $order[] = $job->payload()['data']['q'];
        if (count($order) === 1) {
            // The worker's map still puts a2 on the first master.
            $setup->migrateSlot($slot, $m1, $m3);
            $pusher->push('J', ['q' => 'a2 (moved)'], $a2);
        }
    }, ['prefetch' => 1, 'timeout' => 5, 'stop_when_empty' => true, 'sleep' => 0.01, 'max_time' => 30]);
    // max_time: a build that cannot get past the refused call ends here rather than hang.
    $w->daemon("$a1,$a2,$b1");
    echo 'ran: ', implode(', ', $order), "\n";
    echo 'a2 now on the third master: ', var_export($setup->masterOf("queues:$a2") === $m3, true), "\n";
    echo 'left: ', $q->size($a1) + $q->size($a2) + $q->size($b1), ', reserved: ',
        $q->reservedSize($a1) + $q->reservedSize($a2) + $q->reservedSize($b1), "\n";
    // The second a1+a2 is the call the first master refused (a2's keys are no longer there);
    // a1, then a2 on the third master, are the same round again, a call per slot.
    echo $calls(), "\n";
} finally {
    fq_cluster_stop($setup);
}
?>
--CLEAN--
<?php
require __DIR__ . '/../../inc/cluster.inc';
fq_cluster_clean();
?>
--EXPECT--
-- a master's queues in a row: one call per master per round
ran: b1
m1: GET a1+a2+a3+r a1+a2+a3+r; m2: b1 b1; m3: -
-- the restart key on another master: a GET of its own
ran: a3
m1: a1+a2+a3 a1+a2+a3; m2: GET GET GET; m3: -
-- a list that goes back and forth between masters keeps its priority order
ran: b1 b1 a2 a2
m1: a1 a1 a1 a2 a1 a2 a1 a2; m2: GET GET b1 GET b1 GET b1 GET b1 GET b1; m3: -
-- a slot moved away since the worker read the map: a call per slot, then MOVED
ran: a1, a2 (moved)
a2 now on the third master: true
left: 0, reserved: 0
m1: a1+a2 a1+a2 a1 a1; m2: b1; m3: a2 a2
