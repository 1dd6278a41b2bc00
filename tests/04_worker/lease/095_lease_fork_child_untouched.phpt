--TEST--
Lease renewal in a job's fork: the child has no lease thread, so it neither waits for the parent's thread nor reports its counts; it ends at once through the worker, and the parent's renewals go on
--EXTENSIONS--
fastqueue
pcntl
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/lease.inc';
$name = 'w095';
fq_clean($name);
$q = fq_queue(['queue' => $name, 'retry_after' => 2]);
$q->push('J', 'forks');
$w = null;
// After a second (two renewals: the thread waits on its condition variable), the job forks;
// the child reads stats() and exit()s, which ends the run in the child. Were the child to stop
// the lease as its owner, it would wait on the parent's thread and condition variable, which
// are not in the child: it would hang.
$w = fqw_worker($q, function ($job) use (&$w, $name) {
    sleep(1);
    // Forked 0.1 s after a renewal (its score moved), never during one: a child copied while
    // the thread was inside hiredis leaves that connection alone, and LeakSanitizer then counts
    // it, or a context the thread was still making, as leaked (the asan/ubsan pass failed so).
    fql_after_renewal(fq_raw(), $name);
    usleep(100000);
    $pid = pcntl_fork();
    if ($pid === 0) {
        $s = $w->stats();
        echo "child: lease counts ", $s['lease_renewals'], ' ', $s['leases_lost'], ' ', $s['lease_failures'], "\n";
        exit(0);
    }
    $limit = fq_slow() ? 20 : 5;
    for ($t = microtime(true); microtime(true) - $t < $limit; usleep(20000)) {
        if (pcntl_waitpid($pid, $st, WNOHANG) === $pid) {
            echo "parent: child exited ", pcntl_wexitstatus($st), "\n";
            sleep(2);
            return;
        }
    }
    echo "parent: child still running after {$limit} s\n";
    posix_kill($pid, SIGKILL);
    pcntl_waitpid($pid, $st);
}, ['lease_renewal' => true, 'timeout' => 0]);
$w->daemon($name);
$s = $w->stats();
echo 'parent: processed ', $s['processed'], ', renewals ', $s['lease_renewals'] >= 2 ? 'at least 2' : $s['lease_renewals'], "\n";
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w095'); ?>
--EXPECT--
child: lease counts 0 0 0
parent: child exited 0
parent: processed 1, renewals at least 2
pending=0 delayed=0 reserved=0
