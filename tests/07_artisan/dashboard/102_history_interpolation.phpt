--TEST--
Dashboard history from publications the test writes into Redis: the first snapshot is a baseline; the next counts each worker's growth (processed, failed, buckets), percentiles interpolated inside the bucket (+Inf answers the highest finite bound); a worker that started after the previous snapshot counts whole, one that started over under its label counts as new; the optional samples (info, state, memory, current job with escaped labels) are parsed, and their absence gives nulls
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/dashboard_data.inc';

$app = fq_dashboard_app('dash102', ['dashboard' => ['history' => ['interval' => 0.1, 'retention' => 600]]]);
$set = $app->redisPrefix . 'fastqueue:metrics:{workers}';
// A worker's exposition: $n jobs processed, $f failed, and the wait and run buckets (cumulative).
$exposition = function (string $w, float $started, int $n, int $f, array $run, array $wait, bool $newer) {
    $q = 'dash102';
    $text = "# TYPE fastqueue_jobs_total counter\n"
        . "fastqueue_jobs_total{worker=\"$w\",queue=\"$q\",outcome=\"processed\"} $n\n"
        . "fastqueue_jobs_total{worker=\"$w\",queue=\"$q\",outcome=\"released\"} 0\n"
        . "fastqueue_jobs_total{worker=\"$w\",queue=\"$q\",outcome=\"failed\"} $f\n"
        . "# TYPE fastqueue_job_wait_seconds histogram\n";
    foreach ($wait as $le => $c) {
        $text .= "fastqueue_job_wait_seconds_bucket{worker=\"$w\",queue=\"$q\",le=\"$le\"} $c\n";
    }
    $text .= "# TYPE fastqueue_job_run_seconds histogram\n";
    foreach ($run as $le => $c) {
        $text .= "fastqueue_job_run_seconds_bucket{worker=\"$w\",queue=\"$q\",le=\"$le\"} $c\n";
    }
    $text .= "fastqueue_job_run_seconds_sum{worker=\"$w\",queue=\"$q\"} 1.5\n"
        . "# TYPE fastqueue_jobs_running gauge\nfastqueue_jobs_running{worker=\"$w\"} 1\n"
        . "# TYPE fastqueue_worker_start_time_seconds gauge\nfastqueue_worker_start_time_seconds{worker=\"$w\"} $started\n";
    if ($newer) {
        $text .= "# TYPE fastqueue_worker_info gauge\nfastqueue_worker_info{worker=\"$w\",host=\"web-1\",pid=\"4243\",queues=\"high,dash102\"} 1\n"
            . "# TYPE fastqueue_worker_state gauge\nfastqueue_worker_state{worker=\"$w\",state=\"busy\"} 0\n"
            . "fastqueue_worker_state{worker=\"$w\",state=\"idle\"} 0\nfastqueue_worker_state{worker=\"$w\",state=\"paused\"} 1\n"
            . "# TYPE fastqueue_worker_memory_bytes gauge\nfastqueue_worker_memory_bytes{worker=\"$w\"} 23068672\n"
            . "# TYPE fastqueue_job_started_time_seconds gauge\n"
            . "fastqueue_job_started_time_seconds{worker=\"$w\",queue=\"dash102\",job=\"App\\\\Jobs\\\\Mail\",uuid=\"a\\\"b\\nc\"} 1764419998.5\n";
    }
    return $text;
};
$publish = function (string $w, string $text) use ($set) {
    fq_raw()->cmd('ZADD', $set, sprintf('%.3F', microtime(true)), $w);
    fq_raw()->cmd('SET', "$set:$w", $text, 'PX', '60000');
};
$build = function () use ($app) {
    usleep(150000); // past the interval: each build takes a snapshot
    return fq_dashboard_json($app, 'Overview');
};
$zero = ['0.5' => 0, '1' => 0, '2' => 0, '+Inf' => 0];
$old = microtime(true) - 100;

$publish('w1:1', $exposition('w1:1', $old, 7, 1, $zero, $zero, true));
$o = $build();
$row = fq_dashboard_row($o, 'dash102');
printf("baseline: snapshots %d, points %s, throughput %s, run p50 %s\n", $o['history']['snapshots'], json_encode($o['points']),
    json_encode($row['throughput_per_minute']), json_encode($row['run_p50']));

// 22 more jobs: run times 10 up to 0.5 s, 10 in (0.5, 1], 2 over 2 s; waits 4 in (0.5, 1].
$publish('w1:1', $exposition('w1:1', $old, 29, 2, ['0.5' => 10, '1' => 20, '2' => 20, '+Inf' => 22],
    ['0.5' => 0, '1' => 4, '2' => 4, '+Inf' => 4], true));
$o = $build();
$row = fq_dashboard_row($o, 'dash102');
printf("growth: processed %d, failed %d, per minute > 0: %s\n", array_sum(array_column($o['points'], 'processed')),
    array_sum(array_column($o['points'], 'failed')), json_encode($row['throughput_per_minute'] > 0 && $row['failed_per_minute'] > 0));
printf("run p50 %s (0.5 + 0.5 x 1/10), run p95 %s (in +Inf: the highest bound), wait p50 %s, wait p95 %s\n",
    json_encode($row['run_p50']), json_encode($row['run_p95']), json_encode($row['wait_p50']), json_encode($row['wait_p95']));

// A worker started after the previous snapshot counts whole; one that started over (its
// counters lower, another start time) counts as new.
$publish('w2:2', $exposition('w2:2', microtime(true), 5, 0, $zero, $zero, false));
$publish('w1:1', $exposition('w1:1', microtime(true), 3, 0, $zero, $zero, true));
$o = $build();
printf("new workers: processed %d (22 + 5 + 3)\n", array_sum(array_column($o['points'], 'processed')));
$publish('w1:1', $exposition('w1:1', microtime(true) - 1, 4, 0, $zero, $zero, true));

echo "-- workers\n";
$w = fq_dashboard_json($app, 'Workers');
foreach ($w['workers'] as $one) {
    unset($one['seen'], $one['uptime_seconds'], $one['started']);
    if ($one['job'] !== null) {
        unset($one['job']['running_seconds']);
    }
    echo json_encode($one, JSON_UNESCAPED_SLASHES), "\n";
}
?>
--EXPECTF--
baseline: snapshots 1, points [{"t":%f,"processed":0,"failed":0}], throughput null, run p50 null
growth: processed 22, failed 1, per minute > 0: true
run p50 0.55 (0.5 + 0.5 x 1/10), run p95 2 (in +Inf: the highest bound), wait p50 0.75, wait p95 0.975
new workers: processed 30 (22 + 5 + 3)
-- workers
{"id":"w2:2","host":"w2","pid":2,"supervisor":null,"pool":null,"queues":["dash102"],"state":"busy","memory_bytes":null,"job":null}
{"id":"w1:1","host":"web-1","pid":4243,"supervisor":null,"pool":null,"queues":["high","dash102"],"state":"paused","memory_bytes":23068672,"job":{"name":"App\\Jobs\\Mail","uuid":"a\"b\nc","queue":"dash102","started":1764419998.5}}
