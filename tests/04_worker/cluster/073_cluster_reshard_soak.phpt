--TEST--
Redis Cluster resharding under load: 3 workers (prefetch 1, 8, 32) serve 50,000 jobs (3,000 under valgrind) on two queues on different masters while one queue's slot migrates to the other master (IMPORTING/MIGRATING, MIGRATE in batches of 2 keys, SETSLOT NODE) and stays there; the workers follow MOVED and ASK, ride out TRYAGAIN, and every job runs, none is failed or left behind
--ENV--
TEST_TIMEOUT=600
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
require __DIR__ . '/../../inc/cluster_soak.inc';

$setup = fq_cluster_start(3, 1);
try {
    $queues = fq_soak_queues($setup, 'fq073');
    $from = $setup->masterOf("queues:{$queues[0]}");
    $to = $setup->masterOf("queues:{$queues[1]}");
    $slot = $setup->slotOf("queues:{$queues[0]}");
    $moves = [];
    $notes = fq_cluster_soak($setup, $queues, fq_slow() ? 3000 : 50000, function () use ($setup, $queues, $slot, $from, $to, &$moves) {
        // Fast workers may have emptied the queue by now, and an empty queue has no key to
        // move: jobs delayed past the migration keep queues:NAME:delayed in the slot.
        $q = new FastQueue\RedisQueue(['cluster' => $setup->seeds(), 'queue' => $queues[0]]);
        $own = [];
        for ($i = 0; $i < 20; $i++) {
            $own[] = $q->later(5, 'J');
        }
        // Small batches, so that the migration takes several steps while jobs flow.
        $moves[] = count($setup->migrateSlot($slot, $from, $to, fn () => usleep(20000), 2));
        $moves[] = $setup->ownerOf($slot) === $to ? 'moved' : 'not moved';
        // It stays there: the rest of the jobs flow through its new master.
        return $own;
    });
    echo 'slot migration: ', preg_replace('/^[1-9]\d* (moved)$/', 'keys $1', implode(' ', $moves)), "\n";
    fwrite(STDERR, $notes);
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
workers stopped with: 0 0 0
jobs pushed: all, never run: 0, left in Redis: 0, failed: 0
runs of jobs from bulks that threw: accounted
slot migration: keys moved
%A
