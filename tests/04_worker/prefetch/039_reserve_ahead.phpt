--TEST--
Worker reserve ahead (prefetch 1, overlap on): the next job's reserve goes out with the finished job's ack as the job ends, so during 'processed' listeners it is already reserved (charged, as every reserve of one job) and the finished one acknowledged; with overlap off the queue is untouched until the loop's checks are done. A stop or a round that may not run a job hands it back to the head of its queue as pushed; none is sent when the run ends after the job (max_jobs); one that waited too long in a slow listener goes back and is reserved anew
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--CONFLICTS--
commandstats
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w039';
$raw = fq_raw();
$q = fq_queue(['queue' => $name, 'retry_after' => 90]);
$data = fn(string $payload) => json_decode($payload, true)['job'] . ':' . json_decode($payload, true)['attempts'];
$reserved = fn() => implode(',', array_map($data, $raw->cmd('ZRANGE', "queues:$name:reserved", '0', '-1')));

// 1. What Redis holds while J1's 'processed' listeners run.
foreach ([true, false] as $overlap) {
    fq_clean($name);
    $q->bulk(['J1', 'J2', 'J3', 'J4']);
    $seen = null;
    $w = fqw_worker($q, fn() => null, ['overlap' => $overlap]);
    $w->on('processed', function ($job) use (&$seen, $raw, $name, $reserved) {
        if ($job->getName() !== 'J1') {
            return;
        }
        // The reserve sent ahead runs in Redis meanwhile: give it up to 2 s.
        for ($t = 0; $t < 200 && $raw->cmd('LLEN', "queues:$name") > 2; $t++) {
            usleep(10000);
        }
        $seen = fqw_counts($name) . ' [' . $reserved() . ']';
    });
    $w->daemon($name);
    echo 'overlap ', var_export($overlap, true), ": during J1's processed listener: $seen; after: ", fqw_counts($name), "\n";
}

// 2. stop() in J2's 'processed' listener: J3, reserved ahead, goes back byte for byte, in
// front of J4; nothing stays reserved.
fq_clean($name);
$q->bulk(['J1', 'J2', 'J3', 'J4']);
$pushed = fqw_pending($name);
$w = fqw_worker($q, fn() => null);
$w->on('processed', function ($job) use (&$w, $raw, $name, $reserved) {
    if ($job->getName() === 'J2') {
        for ($t = 0; $t < 200 && $raw->cmd('LLEN', "queues:$name") > 1; $t++) {
            usleep(10000);
        }
        echo 'at stop: ', fqw_counts($name), ' [', $reserved(), "]\n";
        $w->stop();
    }
});
$status = $w->daemon($name);
echo "status $status, after stop: ", fqw_counts($name), "\n";
var_dump(fqw_pending($name) === array_slice($pushed, 2));

// 3. A round that may not run a job (a 'looping' listener's false, as in maintenance) hands
// the job reserved ahead back before it sleeps; the next round takes it again.
fq_clean($name);
$q->bulk(['J1', 'J2', 'J3']);
$rounds = 0;
$ran = [];
$w = fqw_worker($q, function ($job) use (&$ran, &$w) {
    $ran[] = $job->getName() . '#' . $job->attempts();
    if ($job->getName() === 'J3') {
        $w->stop();
    }
}, ['sleep' => 0.1, 'stop_when_empty' => false]);
$w->on('looping', function () use (&$rounds, $name, $reserved) {
    if (++$rounds === 2) {
        return false;
    }
    if ($rounds === 3) {
        echo 'during the skipped round: ', fqw_counts($name), ' [', $reserved(), "]\n";
    }
    return true;
});
$w->daemon($name);
echo 'ran ', implode(',', $ran), '; ', fqw_counts($name), "\n";

// 4. max_jobs: the run ends after J1, so no reserve goes ahead (one reserve call, no hand
// back); J2 and J3 stay as pushed.
fq_clean($name);
$q->bulk(['J1', 'J2', 'J3']);
$pushed = fqw_pending($name);
$w = fqw_worker($q, fn() => null, ['max_jobs' => 1]);
$raw->cmd('CONFIG', 'RESETSTAT');
$w->daemon($name);
preg_match_all('/^cmdstat_([a-z|]+):calls=(\d+)/m', $raw->cmd('INFO', 'commandstats'), $m);
$calls = array_combine($m[1], array_map('intval', $m[2]));
echo 'max_jobs 1: reserve calls ', $calls['evalsha'] ?? 0, ', lpush ', $calls['lpush'] ?? 0, ', ', fqw_counts($name), "\n";
var_dump(fqw_pending($name) === array_slice($pushed, 1));

// 5. A slow 'processed' listener: J2 was reserved ahead as J1 ended, 3 s before it could
// start. With retry_after 4, timeout 1 and timeout_grace 1 its reservation no longer
// outlasts a run, so it goes back (uncounted) and is reserved anew: J2 runs on attempt 1 with
// a fresh reservation (the old one had 1 s left).
fq_clean($name);
$slow = fq_queue(['queue' => $name, 'retry_after' => 4]);
$slow->bulk(['J1', 'J2']);
$left = [];
$w = fqw_worker($slow, function ($job) use (&$left, $raw, $name) {
    $score = $raw->cmd('ZSCORE', "queues:$name:reserved", $job->getReservedJob());
    $left[] = $job->getName() . '#' . $job->attempts() . (($score - time()) >= 2 ? ' with 2 s or more left' : ' with ' . ($score - time()) . ' s left');
}, ['timeout' => 1, 'timeout_grace' => 1.0]);
$w->on('processed', function ($job) {
    if ($job->getName() === 'J1') {
        usleep(3000000);
    }
});
$raw->cmd('CONFIG', 'RESETSTAT');
$w->daemon($name);
preg_match_all('/^cmdstat_([a-z|]+):calls=(\d+)/m', $raw->cmd('INFO', 'commandstats'), $m);
$calls = array_combine($m[1], array_map('intval', $m[2]));
echo implode('; ', $left), '; handed back (lpush) ', $calls['lpush'] ?? 0, '; ', fqw_counts($name), "\n";
fq_clean($name);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w039'); } ?>
--EXPECT--
overlap true: during J1's processed listener: pending=2 delayed=0 reserved=1 [J2:1]; after: pending=0 delayed=0 reserved=0
overlap false: during J1's processed listener: pending=3 delayed=0 reserved=1 [J1:1]; after: pending=0 delayed=0 reserved=0
at stop: pending=1 delayed=0 reserved=1 [J3:1]
status 0, after stop: pending=2 delayed=0 reserved=0
bool(true)
during the skipped round: pending=2 delayed=0 reserved=0 []
ran J1#1,J2#1,J3#1; pending=0 delayed=0 reserved=0
max_jobs 1: reserve calls 1, lpush 0, pending=2 delayed=0 reserved=0
bool(true)
J1#1 with 2 s or more left; J2#1 with 2 s or more left; handed back (lpush) 1; pending=0 delayed=0 reserved=0
