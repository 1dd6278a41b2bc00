--TEST--
Figures in a Redis Cluster: each key read from the node that serves it (a queue without hash tag has its list and delayed set on two masters), and a reading during a resharding follows ASK and then MOVED
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php
if (!extension_loaded('fastqueue')) die('skip fastqueue extension not loaded');
require __DIR__ . '/../../inc/config.inc';
require __DIR__ . '/../../inc/cluster.inc';
fq_skip_unless_redis();
fq_skip_unless_cluster();
?>
--FILE--
<?php
require __DIR__ . '/../../inc/supervisor.inc';
require __DIR__ . '/../../inc/cluster.inc';
fq_reaper_list();

$setup = fq_cluster_start(3, 0);
try {
    $tagged = '{sv43}t';
    // A name whose list and delayed set hash to two masters.
    for ($i = 0; $setup->masterOf("queues:sv43p$i") === $setup->masterOf("queues:sv43p$i:delayed"); $i++);
    $plain = "sv43p$i";
    $pushed = time();
    $job = fn(string $uuid, int $created) => json_encode(['uuid' => $uuid, 'job' => 'J', 'data' => [], 'attempts' => 0,
        'createdAt' => $created, 'delay' => null]);
    $setup->nodeFor("queues:$tagged")->cmd('RPUSH', "queues:$tagged", $job('t1', $pushed - 20), $job('t2', $pushed));
    $setup->nodeFor("queues:$tagged:delayed")->cmd('ZADD', "queues:$tagged:delayed", (string) ($pushed - 8), $job('t3', $pushed),
        (string) ($pushed + 100), $job('t4', $pushed));
    $setup->nodeFor("queues:$plain")->cmd('RPUSH', "queues:$plain", $job('p1', $pushed - 5));
    $setup->nodeFor("queues:$plain:delayed")->cmd('ZADD', "queues:$plain:delayed", (string) ($pushed - 30), $job('p2', $pushed));
    $start = microtime(true);
    $slot = $setup->slotOf("queues:$tagged");
    $from = $setup->ownerOf($slot);
    $to = current(array_diff($setup->masters(), [$from]));

    $show = function (array $st) use ($tagged, $plain, $start): string {
        $within = fn(?float $w, float $low) => $w !== null && $w >= $low && $w <= $low + (microtime(true) - $start) + 1
            ? "wait within [$low, $low + elapsed + 1]" : 'wait ' . var_export($w, true);
        $t = $st['queues'][$tagged];
        $p = $st['queues'][$plain];
        return "figures {$st['figures']}; tagged: backlog {$t['backlog']}, " . $within($t['wait'], 20)
            . "; plain: backlog {$p['backlog']}, " . $within($p['wait'], 30) . "\n";
    };
    $phase = 0;
    $ticks = 0;
    $until = microtime(true) + fq_sig_t(60);
    $q = new FastQueue\RedisQueue(['cluster' => $setup->seeds(), 'queue' => '{default}']);
    $s = new FastQueue\Supervisor(['queue' => $q, 'stop_timeout' => fq_sig_t(5),
        'log' => function (string $line, array $ev) use (&$s, &$phase, &$ticks, &$until, $show, $setup, $slot, $from, $to, $tagged) {
            if ($ev['event'] === 'figures') {
                echo "log: $line\n";
            }
            if ($ev['event'] !== 'exited' || $ev['pool'] !== 'clock') {
                return;
            }
            $st = $s->status();
            $ticks++;
            if ($phase === 0 && $st['queues'][$tagged]['backlog'] !== null) {
                echo "before: ", $show($st);
                // Half-way through a resharding: one of the queue's two keys is on the new master.
                $setup->beginMigration($slot, $from, $to);
                $setup->migrateSome($slot, $from, $to, 1);
                [$phase, $ticks] = [1, 0];
            } elseif ($phase === 1 && $ticks >= 2) {
                echo "during (ASK): ", $show($st);
                $setup->migrateSlot($slot, $from, $to);
                [$phase, $ticks] = [2, 0];
            } elseif ($phase === 2 && $ticks >= 2) {
                echo "after (MOVED): ", $show($st);
                $phase = 3;
            }
            if ($phase === 3 || microtime(true) > $until) {
                $s->stop();
            }
        }]);
    $s->addGroup('g', ['balance' => 'auto', 'strategy' => 'size', 'max_processes' => 4, 'cooldown' => 0.3]);
    foreach ([$tagged, $plain] as $name) {
        $s->addPool($name, ['sleep', '30'], 1, ['group' => 'g', 'queues' => [$name], 'min_processes' => 1, 'max_processes' => 1]);
    }
    $s->addPool('clock', fq_sup_php_cmd('usleep(1100000);'), 1);
    $rc = $s->run();
    echo "run returned $rc, phase $phase\n";
    echo "the slot moved: ", $setup->ownerOf($slot) === $to ? 'yes' : 'no', "\n";
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
before: figures ok; tagged: backlog 3, wait within [20, 20 + elapsed + 1]; plain: backlog 2, wait within [30, 30 + elapsed + 1]
during (ASK): figures ok; tagged: backlog 3, wait within [20, 20 + elapsed + 1]; plain: backlog 2, wait within [30, 30 + elapsed + 1]
after (MOVED): figures ok; tagged: backlog 3, wait within [20, 20 + elapsed + 1]; plain: backlog 2, wait within [30, 30 + elapsed + 1]
run returned 0, phase 3
the slot moved: yes
