--TEST--
Worker backoff: a throwing job is released to :delayed at now + backoff[attempts-1] (the last value repeats); the job's own backoff wins over the worker's
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w008';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$raw = fq_raw();

// Runs the job $times times through runNextJob(), making it due after each release; prints, per
// attempt, the delay the released event got and how far in the future :delayed scores it.
function attempts_of(FastQueue\RedisQueue $q, string $name, array $options, int $times): void
{
    $raw = fq_raw();
    $line = [];
    $w = fqw_worker($q, function ($job) { throw new RuntimeException('again'); }, $options + ['tries' => 0]);
    $w->on('released', function ($job, $delay) use (&$line, $raw, $name, &$before) {
        $score = $raw->cmd('ZSCORE', "queues:$name:delayed", $job->getReservedJob());
        $due = $score === null ? 'NOT IN :delayed' : (int) $score;
        // The score is the clock at release + delay: between the clocks around the run (C's
        // time() reads a coarse clock that may lag PHP's by a few ms, hence the - 1).
        $ok = is_int($due) && $due >= $before - 1 + $delay && $due <= time() + $delay;
        $line[] = "#{$job->attempts()}:$delay" . ($ok ? '' : " (score $due, now " . time() . ')');
    });
    for ($i = 0; $i < $times; $i++) {
        $before = time();
        if (!$w->runNextJob($name)) {
            $line[] = 'NO JOB';
        }
        fqw_make_due($name);
    }
    echo implode(' ', $line), ' | ', fqw_counts($name), "\n";
    fq_clean($name);
}

// The worker's backoff, an int: every retry waits that long.
$q->push('J');
attempts_of($q, $name, ['backoff' => 7], 3);

// The worker's backoff, a list: by attempt, the last value repeats.
$q->push('J');
attempts_of($q, $name, ['backoff' => [2, 5, 9]], 5);

// The job's own backoff (Laravel's "3,4" string) wins over the worker's list.
$q->push('J', null, null, ['backoff' => '3,4']);
attempts_of($q, $name, ['backoff' => [2, 5, 9]], 4);

// ... also when given as a list at push time, and a one-value list repeats.
$q->push('J', null, null, ['backoff' => [11]]);
attempts_of($q, $name, ['backoff' => [2, 5, 9]], 3);

// ... and a bare integer in the payload (as a raw Laravel payload may carry).
fqw_push_raw($name, json_encode(['uuid' => 'u-w008', 'displayName' => 'J', 'job' => 'J', 'maxTries' => null,
    'maxExceptions' => null, 'failOnTimeout' => false, 'backoff' => 6, 'timeout' => null, 'data' => '',
    'id' => 'id-w008', 'attempts' => 0]));
attempts_of($q, $name, ['backoff' => 1], 2);

// A backoff of 0 in the job's list means "at once", not "use the worker's".
$q->push('J', null, null, ['backoff' => '0,8']);
attempts_of($q, $name, ['backoff' => 5], 3);

// With the job's backoff null, the worker's applies.
$q->push('J', null, null, ['backoff' => null]);
attempts_of($q, $name, ['backoff' => [4, 1]], 3);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w008'); ?>
--EXPECT--
#1:7 #2:7 #3:7 | pending=0 delayed=1 reserved=0
#1:2 #2:5 #3:9 #4:9 #5:9 | pending=0 delayed=1 reserved=0
#1:3 #2:4 #3:4 #4:4 | pending=0 delayed=1 reserved=0
#1:11 #2:11 #3:11 | pending=0 delayed=1 reserved=0
#1:6 #2:6 | pending=0 delayed=1 reserved=0
#1:0 #2:8 #3:8 | pending=0 delayed=1 reserved=0
#1:4 #2:1 #3:1 | pending=0 delayed=1 reserved=0
