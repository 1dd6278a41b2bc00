--TEST--
Worker reserve: due delayed jobs are looked for on every reserve (a delay-0 release, by this worker or by Laravel's release script, is taken by the next one), expired reservations once per queue and second (reservations end on whole seconds), every time with retry_after 0; one that a skewed clock makes expired after the look is still taken within about a second; without the look, a :reserved of the wrong type is found by the ZADD and nothing is taken
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--CONFLICTS--
commandstats
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w043';
$raw = fq_raw();

// Redis's count of one command (calls from scripts included) since the last RESETSTAT.
function calls(string $command): int
{
    preg_match('/^cmdstat_' . $command . ':calls=(\d+)/m', fq_raw()->cmd('INFO', 'commandstats'), $m);
    return (int) ($m[1] ?? 0);
}

// 1. Draining 300 jobs one at a time: :delayed counted (ZCOUNT) on every reserve, and as none is
// due, never read; :reserved read (ZRANGEBYSCORE) once per second the run spans (+1: the look of
// the call that finds the queue empty may be the first of a new second). With retry_after 0,
// both on every reserve.
foreach ([90, 0] as $retryAfter) {
    fq_clean($name);
    $q = fq_queue(['queue' => $name, 'retry_after' => $retryAfter]);
    $q->bulk(array_fill(0, 300, 'J'));
    $raw->cmd('CONFIG', 'RESETSTAT');
    $t0 = time();
    $w = fqw_worker($q, fn() => null, ['prefetch' => 1]);
    $w->daemon($name);
    $seconds = time() - $t0 + 1;
    $reserves = calls('evalsha');
    $delayedLooks = calls('zcount');
    $expiredLooks = calls('zrangebyscore');
    echo "retry_after $retryAfter: ", $reserves, " reserves, delayed looked at each: ", var_export($delayedLooks === $reserves, true),
        ", expired looks ", $retryAfter ? ($expiredLooks >= 1 && $expiredLooks <= $seconds + 1 ? 'at most one per second' : "$expiredLooks in $seconds s")
        : ($expiredLooks === $reserves ? 'one per reserve' : "$expiredLooks"), ", ", fqw_counts($name), "\n";
}

// 2. A delay-0 release is taken by the next reserve, in the same second: the worker's own release,
// and one written as Laravel's release script writes it (another worker of a mixed fleet), while
// this worker's job runs. stop_when_empty: a release the reserve missed would be left behind.
fq_clean($name);
$q = fq_queue(['queue' => $name, 'retry_after' => 90]);
$q->push('A');
$other = json_encode(['uuid' => 'u-other', 'displayName' => 'B', 'job' => 'B', 'maxTries' => null, 'timeout' => null,
    'data' => [], 'id' => 'id-other', 'attempts' => 1]);
$ran = [];
$w = fqw_worker($q, function (FastQueue\Job $job) use (&$ran, $raw, $name, $other) {
    $ran[] = $job->getName() . '#' . $job->attempts();
    if ($job->getName() === 'A' && $job->attempts() === 1) {
        $raw->cmd('ZADD', "queues:$name:delayed", (string) time(), $other); // Laravel's release, delay 0
        $job->release(0);
    }
}, ['prefetch' => 1, 'tries' => 3]);
$w->daemon($name);
sort($ran);
echo 'ran ', implode(' ', $ran), ', ', fqw_counts($name), "\n";

// 3. An expired reservation made after this second's look (its maker's clock 100 s behind) is
// moved back and run within about a second.
fq_clean($name);
$q->push('C');
$q->push('X');
$took = null;
$w = fqw_worker($q, function (FastQueue\Job $job) use ($raw, $name, &$took) {
    if ($job->getName() === 'C') {
        $x = $raw->cmd('LPOP', "queues:$name");
        $raw->cmd('LPOP', "queues:$name:notify");
        $raw->cmd('ZADD', "queues:$name:reserved", (string) (time() - 100), $x);
        $took = microtime(true);
    } else {
        $took = microtime(true) - $took;
        echo 'ran ', $job->getName(), "\n";
    }
}, ['prefetch' => 1, 'stop_when_empty' => false, 'max_jobs' => 2, 'max_time' => 5, 'sleep' => 0.05]);
$w->daemon($name);
echo 'within 2 s: ', var_export($took < 2.0, true), ', ', fqw_counts($name), "\n";

// 4. Without the look (retry_after null here), :reserved of the wrong type is found by the ZADD:
// the jobs just taken go back as they were, with their notifications.
require_once __DIR__ . '/../../inc/errors.inc';
fq_clean($name);
$n = fq_queue(['queue' => $name, 'retry_after' => null]);
$n->push('D');
$raw->cmd('SET', "queues:$name:reserved", 'not a zset');
$before = fq_snapshot($name);
$e = fq_try(fn() => $n->pop());
echo str_contains($e, 'WRONGTYPE') ? 'WRONGTYPE' : $e, ', unchanged: ', var_export(fq_snapshot($name) === $before, true), "\n";
$raw->cmd('DEL', "queues:$name:reserved");
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w043'); ?>
--EXPECT--
retry_after 90: 302 reserves, delayed looked at each: true, expired looks at most one per second, pending=0 delayed=0 reserved=0
retry_after 0: 302 reserves, delayed looked at each: true, expired looks one per reserve, pending=0 delayed=0 reserved=0
ran A#1 A#2 B#2, pending=0 delayed=0 reserved=0
ran X
within 2 s: true, pending=0 delayed=0 reserved=0
WRONGTYPE, unchanged: true
