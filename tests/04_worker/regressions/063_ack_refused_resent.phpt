--TEST--
Worker: acknowledgements that Redis refused (here an ACL that briefly forbids ZREM, as LOADING does after a restart) are sent again with the next call, so the finished job leaves :reserved and never runs again
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--CONFLICTS--
acl
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w063';
$raw = fq_raw();
fq_clean($name);
$raw->cmd('ACL', 'SETUSER', 'w063', 'reset', 'on', '>pw063', '~*', '&*', '+@all');
$q = fq_queue(['queue' => $name, 'username' => 'w063', 'password' => 'pw063', 'retry_after' => 90]);
$q->bulk(['J1', 'J2', 'J3']);
// J1 forbids ZREM once it has started: its acknowledgement (sent as J2 starts) is refused.
// J2 allows it again: the refused acknowledgement must go again. J2 first makes a call on the
// worker's own connection, so that Redis has run what the worker sent as J2 started (J1's
// acknowledgement) before ZREM is allowed again: the worker does not wait for that write's
// reply, and on a busy machine it could otherwise reach Redis after the ACL change.
$ran = [];
$w = fqw_worker($q, function ($job) use ($raw, $q, &$ran) {
    $ran[] = $job->getName();
    if ($job->getName() === 'J1') {
        $raw->cmd('ACL', 'SETUSER', 'w063', '-zrem');
    } elseif ($job->getName() === 'J2') {
        $q->size();
        $raw->cmd('ACL', 'SETUSER', 'w063', '+zrem');
    }
}, ['prefetch' => 3]);
var_dump($w->daemon($name));
echo 'ran ', implode(',', $ran), "\n";
echo fqw_counts($name), "\n";
$raw->cmd('ACL', 'DELUSER', 'w063');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w063'); fq_raw()->cmd('ACL', 'DELUSER', 'w063'); } ?>
--EXPECTF--
%AFastQueue: Redis refused marks of started and finished jobs (Redis error: %s); acknowledgements are sent again
%Aint(0)
ran J1,J2,J3
pending=0 delayed=0 reserved=0
