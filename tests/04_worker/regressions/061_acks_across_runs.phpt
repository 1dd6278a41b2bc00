--TEST--
Worker acknowledgements that could not be sent at the end of a run (Redis paused past read_timeout) go with the next run, whatever its queue list: a shorter list is not wedged by them, a list of the same length does not lose them, and the finished job never runs again
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$raw = fq_raw();
foreach (['w061a', 'w061b', 'w061c', 'w061d'] as $n) {
    fq_clean($n);
}
$q = fq_queue(['read_timeout' => 0.3, 'retry_after' => 90]);

// Each case: a job on the second queue of 'w061a,w061b' pauses Redis past the read timeout,
// so the end of the run cannot acknowledge it; then runs on other lists follow.
function finish_unacknowledged(FastQueue\RedisQueue $q, FqRaw $raw): FastQueue\Worker
{
    $q->push('B', '', 'w061b');
    $w = fqw_worker($q, function ($job) use ($raw) {
        echo 'ran ', $job->getName(), "\n";
        if ($job->getName() === 'B') {
            $raw->cmd('CLIENT', 'PAUSE', '800', 'ALL');
        }
    });
    @var_dump($w->runNextJob('w061a,w061b'));
    usleep(900000);
    echo 'after the pause: w061b ', fqw_counts('w061b'), "\n";
    return $w;
}

// A shorter list: the acknowledgement named queue 2 of a list that now has one.
$w = finish_unacknowledged($q, $raw);
$q->push('C', '', 'w061c');
for ($i = 0; $i < 2; $i++) {
    try {
        var_dump($w->runNextJob('w061c'));
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
echo 'w061b ', fqw_counts('w061b'), "; w061c ", fqw_counts('w061c'), "\n";

// A list of the same length: the acknowledgement would have gone to the wrong queue.
$w = finish_unacknowledged($q, $raw);
$q->push('D', '', 'w061d');
var_dump($w->runNextJob('w061c,w061d'));
echo 'w061b ', fqw_counts('w061b'), "; w061d ", fqw_counts('w061d'), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { foreach (['w061a', 'w061b', 'w061c', 'w061d'] as $n) fq_clean($n); } ?>
--EXPECTF--
ran B
%Abool(true)
after the pause: w061b pending=0 delayed=0 reserved=1
%Aran C
bool(true)
bool(false)
w061b pending=0 delayed=0 reserved=0; w061c pending=0 delayed=0 reserved=0
ran B
%Abool(true)
after the pause: w061b pending=0 delayed=0 reserved=1
%Aran D
bool(true)
w061b pending=0 delayed=0 reserved=0; w061d pending=0 delayed=0 reserved=0
