--TEST--
Worker metrics: a job that sleeps 0.2 s shows about 0.2 s of wall time and little CPU; one that allocates 20 MB shows it, a no-op far less: in 'measured' figures and in metrics()'s histograms
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w100';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
// With USE_ZEND_ALLOC=0 (the memory passes) PHP's allocator keeps no usage figures at all.
$tracked = getenv('USE_ZEND_ALLOC') !== '0';
$q->push('Sleep');
$q->push('Alloc');
$q->push('Noop');
$figures = [];
$w = fqw_worker($q, function ($job) {
    if ($job->getName() === 'Sleep') {
        usleep(200000);
    } elseif ($job->getName() === 'Alloc') {
        $big = str_repeat('x', 20 << 20);
        unset($big);
    }
}, ['metrics' => true, 'metrics_worker' => 'w100-worker']);
$w->on('processed', function ($job) use (&$figures) { $figures[$job->getName()] = 'processed first'; });
$w->on('measured', function ($job, array $f) use (&$figures) {
    $figures[$job->getName()] = ($figures[$job->getName()] ?? '') === 'processed first' ? $f : 'measured before processed';
});
echo 'status ', $w->daemon($name), "\n";

$sleep = $figures['Sleep'];
echo 'keys: ', implode(',', array_keys($sleep)), "\n";
echo 'sleep: ', $sleep['outcome'], ', run 0.2..1: ', var_export($sleep['run_seconds'] >= 0.2 && $sleep['run_seconds'] < 1.0, true),
    ', cpu under a quarter of it: ', var_export($sleep['cpu_seconds'] >= 0 && $sleep['cpu_seconds'] < $sleep['run_seconds'] / 4, true),
    ', wait: ', var_export($sleep['wait_seconds'], true), ', timed out: ', var_export($sleep['timed_out'], true), "\n";
$mb = 20 << 20;
$alloc = $figures['Alloc']['memory_peak_bytes'];
$noop = $figures['Noop']['memory_peak_bytes'];
echo 'memory: 20 MB job >= 20 MB: ', var_export(!$tracked || $alloc >= $mb, true),
    ', no-op under 4 MB: ', var_export(!$tracked || $noop < 4 << 20, true), ', ints: ', var_export(is_int($alloc) && is_int($noop), true), "\n";
// stats() keeps the process's peak, though each job reset PHP's.
echo 'stats memory_peak >= 20 MB: ', var_export(!$tracked || $w->stats()['memory_peak'] >= $mb, true), "\n";

// The same figures in the exposition.
$text = $w->metrics();
$labels = '{worker="w100-worker",queue="w100"';
function sample(string $text, string $sample): ?float
{
    return preg_match('/^' . preg_quote($sample, '/') . ' (\S+)$/m', $text, $m) ? (float) $m[1] : null;
}
echo 'run count ', sample($text, "fastqueue_job_run_seconds_count$labels}"),
    ', sum 0.2..1.2: ', var_export(($s = sample($text, "fastqueue_job_run_seconds_sum$labels}")) >= 0.2 && $s < 1.2, true),
    ', le=0.1 holds at most 2 (not the sleep): ', var_export(sample($text, "fastqueue_job_run_seconds_bucket$labels,le=\"0.1\"}") <= 2, true),
    ', le=1 holds 3: ', sample($text, "fastqueue_job_run_seconds_bucket$labels,le=\"1\"}"), "\n";
echo 'cpu sum under 0.2: ', var_export(sample($text, "fastqueue_job_cpu_seconds_sum$labels}") < 0.2, true), "\n";
$under16 = sample($text, "fastqueue_job_memory_peak_bytes_bucket$labels,le=\"16777216\"}");
$under32 = sample($text, "fastqueue_job_memory_peak_bytes_bucket$labels,le=\"33554432\"}");
echo 'memory: 2 of 3 under 16 MiB, 3 under 32 MiB: ', var_export(!$tracked || ($under16 == 2 && $under32 == 3), true),
    ', sum >= 20 MB: ', var_export(!$tracked || sample($text, "fastqueue_job_memory_peak_bytes_sum$labels}") >= $mb, true), "\n";
echo 'processed ', sample($text, "fastqueue_jobs_total$labels,outcome=\"processed\"}"), ', running ',
    sample($text, 'fastqueue_jobs_running{worker="w100-worker"}'), "\n";
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w100'); ?>
--EXPECT--
status 0
keys: queue,outcome,timed_out,wait_seconds,run_seconds,cpu_seconds,memory_peak_bytes
sleep: processed, run 0.2..1: true, cpu under a quarter of it: true, wait: NULL, timed out: false
memory: 20 MB job >= 20 MB: true, no-op under 4 MB: true, ints: true
stats memory_peak >= 20 MB: true
run count 3, sum 0.2..1.2: true, le=0.1 holds at most 2 (not the sleep): true, le=1 holds 3: 3
cpu sum under 0.2: true
memory: 2 of 3 under 16 MiB, 3 under 32 MiB: true, sum >= 20 MB: true
processed 3, running 0
pending=0 delayed=0 reserved=0
