--TEST--
Worker metrics: metrics() is Prometheus text format 0.0.4 by the format's grammar (tests/inc/prometheus.inc, and promtool check metrics where found), before any job and after jobs on two queues, with a worker label that needs escaping; the checker itself rejects broken texts
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
require __DIR__ . '/../../inc/prometheus.inc';
[$a, $b] = ['w103a', 'w103b'];
fq_clean($a);
fq_clean($b);
$q = fq_queue(['queue' => $a]);

function check(string $what, string $text): void
{
    $faults = fq_prom_check($text);
    echo "$what: ", $faults ? "\n  " . implode("\n  ", $faults) : 'valid', "\n";
    $promtool = fq_promtool_check($text);
    // promtool is an extra where the prometheus package's binary is there; its lint warnings
    // (exit status 3 in some versions) are shown, not hidden.
    if ($promtool !== null && $promtool[0] !== 0) {
        echo "  promtool ({$promtool[0]}): {$promtool[1]}\n";
    }
}

$label = "host \"a\"\\b\nc:1";
$w = fqw_worker($q, function ($job) {
    if ($job->getName() === 'Throw') {
        throw new RuntimeException('no');
    }
}, ['metrics' => true, 'metrics_worker' => $label, 'prefetch' => 4, 'timeout' => 10]);
$before = $w->metrics();
check('before any job', $before);
echo 'families: ', preg_match_all('/^# TYPE /m', $before), ', samples of queue families: ',
    preg_match_all('/^fastqueue_job\S*\{[^}]*queue=/m', $before), "\n";

$q->bulk(['One', 'Two', 'Throw'], '', $a);
$q->bulk(['Three'], '', $b);
echo 'status ', $w->daemon("$a,$b"), "\n";
$after = $w->metrics();
check('after jobs on two queues', $after);
echo 'families in order: ', implode(' ', array_map(fn($l) => explode(' ', $l)[2], preg_grep('/^# TYPE /', explode("\n", $after)))), "\n";
echo 'worker label escaped: ', var_export(str_contains($after, 'worker="host \\"a\\"\\\\b\\nc:1"'), true), "\n";
echo 'queues: ', implode(',', array_unique(preg_match_all('/queue="([^"]+)"/', $after, $m) ? $m[1] : [])), "\n";
echo 'round trips > 0: ', var_export((bool) preg_match('/^fastqueue_reserve_round_trips_total\{[^}]*\} [1-9]\d*$/m', $after), true), "\n";

// The checker must catch what it claims to: each broken text below has one fault.
$ok = "# HELP x_total X.\n# TYPE x_total counter\nx_total{a=\"1\"} 3\n";
$hist = "# TYPE h histogram\nh_bucket{le=\"1\"} 2\nh_bucket{le=\"+Inf\"} 3\nh_sum 4\nh_count 3\n";
$broken = [
    'valid counter' => $ok,
    'valid histogram' => $hist,
    'bad metric name' => "# TYPE 1x gauge\n1x 1\n",
    'bad label name' => "# TYPE g gauge\ng{1a=\"x\"} 1\n",
    'bad escape' => "# TYPE g gauge\ng{a=\"\\t\"} 1\n",
    'HELP twice' => "# HELP g G.\n# HELP g G.\n# TYPE g gauge\ng 1\n",
    'TYPE after sample' => "g 1\n# TYPE g gauge\n",
    'not contiguous' => "# TYPE g gauge\n# TYPE k gauge\ng{a=\"1\"} 1\nk 1\ng{a=\"2\"} 1\n",
    'counter without _total' => "# TYPE c counter\nc 1\n",
    'value not a float' => "# TYPE g gauge\ng one\n",
    'buckets not cumulative' => str_replace('le="+Inf"} 3', 'le="+Inf"} 1', $hist),
    '+Inf is not _count' => str_replace('h_count 3', 'h_count 4', $hist),
    'no +Inf' => str_replace("h_bucket{le=\"+Inf\"} 3\n", '', $hist),
    'no _sum' => str_replace("h_sum 4\n", '', $hist),
    'le decreasing' => "# TYPE h histogram\nh_bucket{le=\"2\"} 1\nh_bucket{le=\"1\"} 1\nh_bucket{le=\"+Inf\"} 1\nh_sum 1\nh_count 1\n",
    'no final line feed' => rtrim($ok),
];
foreach ($broken as $what => $text) {
    echo "checker on $what: ", fq_prom_check($text) ? 'rejected' : 'accepted', "\n";
}
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w103a'); fq_clean('w103b'); fq_queue()->flushFailed(); } ?>
--EXPECT--
before any job: valid
families: 21, samples of queue families: 0
status 0
after jobs on two queues: valid
families in order: fastqueue_jobs_total fastqueue_job_timeouts_total fastqueue_queue_limited_seconds_total fastqueue_jobs_held_back_total fastqueue_job_wait_seconds fastqueue_job_run_seconds fastqueue_job_cpu_seconds fastqueue_job_memory_peak_bytes fastqueue_reserve_round_trips_total fastqueue_redis_wait_seconds_total fastqueue_idle_seconds_total fastqueue_prefetch_buffer_jobs fastqueue_jobs_running fastqueue_worker_start_time_seconds fastqueue_worker_info fastqueue_worker_state fastqueue_worker_memory_bytes fastqueue_job_started_time_seconds fastqueue_lease_renewals_total fastqueue_leases_lost_total fastqueue_lease_failures_total
worker label escaped: true
queues: w103a,w103b
round trips > 0: true
checker on valid counter: accepted
checker on valid histogram: accepted
checker on bad metric name: rejected
checker on bad label name: rejected
checker on bad escape: rejected
checker on HELP twice: rejected
checker on TYPE after sample: rejected
checker on not contiguous: rejected
checker on counter without _total: rejected
checker on value not a float: rejected
checker on buckets not cumulative: rejected
checker on +Inf is not _count: rejected
checker on no +Inf: rejected
checker on no _sum: rejected
checker on le decreasing: rejected
checker on no final line feed: rejected
