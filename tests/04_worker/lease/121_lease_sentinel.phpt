--TEST--
Lease renewal through Sentinel: with retry_after 6, a 10 s job runs exactly once while a second worker keeps reserving and runs a job pushed meanwhile; the job's score in :reserved moves forward; the master is killed (SIGKILL) in the middle of the job: the lease's connection asks the sentinels again and renews on the new master before the reservation ends, and no lease is lost
--ENV--
TEST_TIMEOUT=600
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/sentinel.inc';
require __DIR__ . '/../../inc/lease.inc';
$name = 'w121';
fql_clean($name);
$setup = fq_sentinel_start(1, 3);
try {
    $qopts = ['sentinel' => ['nodes' => $setup->nodes(), 'service' => FQ_SENTINEL_SERVICE],
        'connect_timeout' => 1, 'read_timeout' => 2];
    $old = $setup->masterPort;
    $failedOver = null;
    $score = fn () => $setup->server($setup->masterPort)->cmd('ZRANGE', "queues:$name:reserved", '0', '-1', 'WITHSCORES');
    // The failover takes about 2.5 s (the sentinels' down-after is 1 s). retry_after 6 leaves a
    // reservation renewed just before the kill 5 s or more: the kill comes right after a
    // renewal, so that the margin does not depend on where in its step the lease was.
    $kill = function () use ($setup, $score, $old, &$failedOver) {
        $before = $score();
        for ($i = 0; $i < 100 && $score() === $before; $i++) {
            usleep(50000);
        }
        posix_kill($setup->servers[$old], SIGKILL);
        $setup->waitForMasterOtherThan($old, microtime(true) + 30);
        $failedOver = microtime(true);
    };
    $r = fql_topology($name, $qopts, 6, 10, $score, $kill, 1.0);
    foreach (FQL_TOPOLOGY_CHECKS as $check) {
        echo "$check: {$r[$check]}\n";
    }
    echo 'failed over: ', $failedOver !== null && $setup->masterPort !== $old ? 'yes' : 'no', "\n";
    // Read on the new master after the failover: the renewals went on there.
    $after = array_values(array_filter($r['scores'], fn ($s) => $s[1] > $failedOver));
    $moved = $after ? max(array_column($after, 0)) - $after[0][0] : 0;
    echo 'renewed on the new master: ', count($after) >= 3 && $moved >= 1 ? 'yes' : sprintf('%d reads, moved %.1f s', count($after), $moved), "\n";
    // The workers' stderr: the lease said it could not renew, then that it could again; no
    // reservation ended before a renewal got through.
    $err = $r['stderr'];
    echo 'the lease failed, then worked again: ', preg_match('/lease renewal failed \(queues:w121:reserved\).*\n(.*\n)*.*lease renewal works again/', $err) ? 'yes' : "no:\n$err", "\n";
    echo 'a reservation that ended: ', preg_match('/was taken back|after it had ended/', $err) ? "yes:\n$err" : 'none', "\n";
} finally {
    fq_sentinel_stop($setup);
}
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w121'); fq_raw()->cmd('DEL', 'w121:runs'); } ?>
--EXPECT--
ran once: ok
the other worker kept reserving: ok
reservation renewed: ok
stats: ok
left behind: ok
failed over: yes
renewed on the new master: yes
the lease failed, then worked again: yes
a reservation that ended: none
