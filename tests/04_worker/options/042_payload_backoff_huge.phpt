--TEST--
Worker: a job whose payload carries a huge backoff (a long digit string, PHP_INT_MAX, a list) is released at most ten years ahead, the most later() accepts, never at a wrapped-round negative time that would run it again at once
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w042';
$max = 10 * 365 * 86400;

function payload(string $id, mixed $backoff): string
{
    return json_encode(['uuid' => "u-$id", 'displayName' => $id, 'job' => $id, 'maxTries' => null,
        'maxExceptions' => null, 'failOnTimeout' => false, 'backoff' => $backoff, 'timeout' => null,
        'data' => '', 'id' => $id, 'attempts' => 0]);
}

$q = fq_queue(['queue' => $name]);
foreach (['99999999999999999999', PHP_INT_MAX, '5,99999999999999999999', PHP_INT_MAX - 1000] as $i => $backoff) {
    fq_clean($name);
    fqw_push_raw($name, payload("J$i", $backoff));
    $w = null;
    $runs = 0;
    // tries 0: released for ever. Three runs end the test's worker where the job came back at once.
    $w = fqw_worker($q, function ($job) use (&$w, &$runs) {
        if (++$runs >= 3) {
            $w->stop(1);
        }
        throw new RuntimeException('again');
    }, ['tries' => 0]);
    $delays = [];
    $w->on('released', function ($job, $delay) use (&$delays) { $delays[] = $delay; });
    $before = time();
    $status = $w->daemon($name);
    $after = time();
    $scores = fq_raw()->cmd('ZRANGE', "queues:$name:delayed", '0', '-1', 'WITHSCORES');
    $score = isset($scores[1]) ? (int) $scores[1] : null;
    $first = $i === 2; // "5,..." on the first attempt: 5 seconds
    $expect = $first ? 5 : $max;
    printf("%s: status %d, runs %d, released with %s, score %s, %s\n", var_export($backoff, true), $status, $runs,
        implode(',', $delays), $score === null ? 'none' : ($score >= $before - 1 + $expect && $score <= $after + $expect ? 'now + delay' : "off ($score)"),
        fqw_counts($name));
}

// The same job on its second attempt takes the huge second value, clamped as well.
fq_clean($name);
$p = json_decode(payload('K', '5,99999999999999999999'), true);
$p['attempts'] = 1;
fqw_push_raw($name, json_encode($p));
$w = null;
$w = fqw_worker($q, function ($job) use (&$w) {
    echo 'attempt ', $job->attempts(), "\n";
    if ($job->attempts() >= 4) {
        $w->stop(1);
    }
    throw new RuntimeException('again');
}, ['tries' => 0]);
$w->on('released', function ($job, $delay) { echo "released with $delay\n"; });
$before = time();
var_dump($w->daemon($name));
$score = (int) fq_raw()->cmd('ZRANGE', "queues:$name:delayed", '0', '-1', 'WITHSCORES')[1];
var_dump($score >= $before - 1 + $max && $score <= time() + $max);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w042'); ?>
--EXPECT--
'99999999999999999999': status 0, runs 1, released with 315360000, score now + delay, pending=0 delayed=1 reserved=0
9223372036854775807: status 0, runs 1, released with 315360000, score now + delay, pending=0 delayed=1 reserved=0
'5,99999999999999999999': status 0, runs 1, released with 5, score now + delay, pending=0 delayed=1 reserved=0
9223372036854774807: status 0, runs 1, released with 315360000, score now + delay, pending=0 delayed=1 reserved=0
attempt 2
released with 315360000
int(0)
bool(true)
