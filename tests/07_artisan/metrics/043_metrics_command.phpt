--TEST--
fastqueue:metrics merges the expositions workers published under the Redis prefix into one (each family's HELP and TYPE once, every worker's samples under it, then fastqueue_metrics_workers), valid Prometheus text; with no worker only the gauge 0; a member whose key is gone is left out, and removed with --prune; an unreachable Redis or a queue connection that is not Redis is an error on stderr with status 1
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/metrics_app.inc';

$app = fq_metrics_app('metrics043');
$set = $app->redisPrefix . 'fastqueue:metrics:{workers}';
$show = function (array $r) {
    echo "status {$r['status']}, stderr: ", trim($r['stderr']) === '' ? 'none' : trim($r['stderr']), "\n";
    if ($r['stdout'] !== '') {
        echo $r['stdout'];
        $problems = fq_metrics_problems($r['stdout']);
        echo $problems ? 'INVALID: ' . implode('; ', $problems) . "\n" : "(valid)\n";
    }
};

echo "-- no worker\n";
$show($app->artisan(['fastqueue:metrics']));

// Two workers' expositions as the worker writes them, a third member whose key expired, and
// the same text under another prefix (another application), which must not be read.
$exposition = fn (string $w, int $n) => <<<TXT
# HELP fastqueue_jobs_total Job attempts by outcome.
# TYPE fastqueue_jobs_total counter
fastqueue_jobs_total{worker="$w",queue="a",outcome="processed"} $n
fastqueue_jobs_total{worker="$w",queue="b",outcome="failed"} 1
# HELP fastqueue_job_run_seconds Wall time of a job's handler.
# TYPE fastqueue_job_run_seconds histogram
fastqueue_job_run_seconds_bucket{worker="$w",queue="a",le="0.5"} $n
fastqueue_job_run_seconds_bucket{worker="$w",queue="a",le="+Inf"} $n
fastqueue_job_run_seconds_sum{worker="$w",queue="a"} 0.25
fastqueue_job_run_seconds_count{worker="$w",queue="a"} $n
# HELP fastqueue_jobs_running Jobs running now.
# TYPE fastqueue_jobs_running gauge
fastqueue_jobs_running{worker="$w"} 0

TXT;
$now = (string) time();
fq_raw()->cmd('ZADD', $set, $now, 'web-1:100', $now, 'web-2:200', $now, 'gone:300');
fq_raw()->cmd('SET', "$set:web-2:200", $exposition('web-2:200', 7), 'PX', '60000');
fq_raw()->cmd('SET', "$set:web-1:100", $exposition('web-1:100', 3), 'PX', '60000');
fq_raw()->cmd('ZADD', 'other_fastqueue:metrics:{workers}', $now, 'elsewhere');
fq_raw()->cmd('SET', 'other_fastqueue:metrics:{workers}:elsewhere', $exposition('elsewhere', 1), 'PX', '60000');

echo "-- two workers and a gone one\n";
$show($app->artisan(['fastqueue:metrics', '--connection=redis']));
echo 'members: ', implode(' ', fq_raw()->cmd('ZRANGE', $set, '0', '-1')), "\n";
echo "-- --prune\n";
$r = $app->artisan(['fastqueue:metrics', '--prune']);
echo "status {$r['status']}, ", substr_count($r['stdout'], "\n"), " lines\n";
echo 'members: ', implode(' ', fq_raw()->cmd('ZRANGE', $set, '0', '-1')), "\n";
fq_raw()->cmd('DEL', 'other_fastqueue:metrics:{workers}', 'other_fastqueue:metrics:{workers}:elsewhere');

echo "-- errors\n";
$show($app->artisan(['fastqueue:metrics', '--connection=dead']));
$show($app->artisan(['fastqueue:metrics', '--connection=sync']));
$show($app->artisan(['fastqueue:metrics', '--connection=nope']));
?>
--EXPECTF--
-- no worker
status 0, stderr: none
# HELP fastqueue_metrics_workers Workers whose published figures this exposition merges.
# TYPE fastqueue_metrics_workers gauge
fastqueue_metrics_workers 0
(valid)
-- two workers and a gone one
status 0, stderr: none
# HELP fastqueue_jobs_total Job attempts by outcome.
# TYPE fastqueue_jobs_total counter
fastqueue_jobs_total{worker="web-1:100",queue="a",outcome="processed"} 3
fastqueue_jobs_total{worker="web-1:100",queue="b",outcome="failed"} 1
fastqueue_jobs_total{worker="web-2:200",queue="a",outcome="processed"} 7
fastqueue_jobs_total{worker="web-2:200",queue="b",outcome="failed"} 1
# HELP fastqueue_job_run_seconds Wall time of a job's handler.
# TYPE fastqueue_job_run_seconds histogram
fastqueue_job_run_seconds_bucket{worker="web-1:100",queue="a",le="0.5"} 3
fastqueue_job_run_seconds_bucket{worker="web-1:100",queue="a",le="+Inf"} 3
fastqueue_job_run_seconds_sum{worker="web-1:100",queue="a"} 0.25
fastqueue_job_run_seconds_count{worker="web-1:100",queue="a"} 3
fastqueue_job_run_seconds_bucket{worker="web-2:200",queue="a",le="0.5"} 7
fastqueue_job_run_seconds_bucket{worker="web-2:200",queue="a",le="+Inf"} 7
fastqueue_job_run_seconds_sum{worker="web-2:200",queue="a"} 0.25
fastqueue_job_run_seconds_count{worker="web-2:200",queue="a"} 7
# HELP fastqueue_jobs_running Jobs running now.
# TYPE fastqueue_jobs_running gauge
fastqueue_jobs_running{worker="web-1:100"} 0
fastqueue_jobs_running{worker="web-2:200"} 0
# HELP fastqueue_metrics_workers Workers whose published figures this exposition merges.
# TYPE fastqueue_metrics_workers gauge
fastqueue_metrics_workers 2
(valid)
members: gone:300 web-1:100 web-2:200
-- --prune
status 0, 23 lines
members: web-1:100 web-2:200
-- errors
status 1, stderr: Cannot read the published metrics from Redis connection [dead]: %s
status 1, stderr: The [sync] queue connection uses the [sync] driver: fastqueue:metrics reads Redis queue connections only.
status 1, stderr: The [nope] queue connection has not been configured.
