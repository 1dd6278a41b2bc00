--TEST--
fastqueue:work --metrics fires JobMeasured after each attempt's ending events with its figures (a 0.2 s sleep shows about 0.2 s of wall time and little CPU, 20 MB held shows in the memory peak, outcomes processed, failed and released), only while a listener exists (one added by a job gets that job's figures and later ones); without --metrics none is fired and the worker does the same as with it
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/metrics_app.inc';

$app = fq_metrics_app('metrics042', ['App\Providers\RecordEvents']);
$push = fn () => $app->run('App\Jobs\SleepJob::dispatch("nap", 0.2); App\Jobs\AllocateJob::dispatch(20); App\Jobs\ThrowJob::dispatch("boom"); App\Jobs\ReleaseJob::dispatch("again");');
$work = fn (array $options = []) => $app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=0', ...$options]);
// The effects but the figures, and without the job ids and times that differ between runs.
$behaviour = fn () => array_values(preg_replace('/\d{4}-\d\d-\d\d \S+|\b[0-9a-f-]{36}\b/', 'X', preg_grep('/^measured /', $app->effects(), PREG_GREP_INVERT)));

echo "-- --metrics, a listener from the start\n";
touch("$app->base/storage/measure-listen");
$push();
$r = $work(['--metrics']);
echo "status {$r['status']}\n";
$withMetrics = $behaviour();
$effects = $app->effects();
$measured = fq_measured($app);
foreach ($measured as $m) {
    $checks = [
        'run' => $m['name'] === 'App\Jobs\SleepJob' ? $m['run'] >= 0.19 && $m['run'] < 0.2 + 0.4 * fq_app_scale() : $m['run'] < 0.5 * fq_app_scale(),
        // CPU time: a sleeping job's is far below its 0.2 s; no job's exceeds its wall time (one
        // thread; 10 ms for the clocks' grain). Not a bound on this machine's speed: a busy
        // machine stretches both figures alike.
        'cpu' => $m['cpu'] >= 0 && $m['cpu'] <= $m['run'] + 0.01 && ($m['name'] !== 'App\Jobs\SleepJob' || $m['cpu'] < 0.1 * fq_app_scale()),
        // PHP's peak during the job (the application's own memory included): 20 MB above the
        // sleeping job's for the job that holds 20 MB (the first job's peak holds a little more).
        // With USE_ZEND_ALLOC=0 (the memory passes) PHP's allocator keeps no figures: 0.
        'memory' => getenv('USE_ZEND_ALLOC') === '0' ? (int) $m['memory'] === 0 : ($m['name'] === 'App\Jobs\AllocateJob' ? $m['memory'] - $measured[0]['memory'] >= 19 << 20 && $m['memory'] - $measured[0]['memory'] < 24 << 20 : $m['memory'] > 0),
        // Laravel 12 and later stamp a payload with createdAt (whole seconds).
        'wait' => $m['wait'] === 'null' || ($m['wait'] >= 0 && $m['wait'] <= 10),
    ];
    // Its line comes after the job's last event.
    $at = array_search(implode(' ', ['measured', $m['connection'], $m['name'], $m['id']]), array_map(fn ($l) => implode(' ', array_slice(explode(' ', $l), 0, 4)), $effects));
    $before = $effects[$at - 1] ?? '';
    printf("%s %s queue=%s outcome=%s timed_out=%s figures %s; after: %s\n", $m['connection'], $m['name'], $m['queue'], $m['outcome'], $m['timed_out'],
        array_filter($checks, fn ($ok) => !$ok) ? 'WRONG: ' . implode(' ', array_map(fn ($k) => "$k=$m[$k]", array_keys(array_filter($checks, fn ($ok) => !$ok)))) : 'sane',
        preg_replace('/^(event \w+|\S+).*/', '$1', $before));
}

echo "-- no --metrics, the same listener\n";
$app->reset();
touch("$app->base/storage/measure-listen");
$push();
$r = $work();
echo "status {$r['status']}, JobMeasured ", count(fq_measured($app)), ", the rest ", $behaviour() === $withMetrics ? 'the same' : "DIFFERENT:\n" . implode("\n", array_map(null, $behaviour(), $withMetrics)), "\n";

echo "-- --metrics-worker (or any --metrics-* option) turns them on; a listener added by a job\n";
$app->reset();
unlink("$app->base/storage/measure-listen");
$app->run('App\Jobs\SleepJob::dispatch("before", 0); App\Jobs\StartMeasuringJob::dispatch(); App\Jobs\SleepJob::dispatch("after", 0);');
$r = $work(['--metrics-worker=probe']);
echo "status {$r['status']}\n";
foreach (fq_measured($app) as $m) {
    echo "{$m['name']} {$m['outcome']}\n";
}
?>
--EXPECT--
-- --metrics, a listener from the start
status 0
redis App\Jobs\SleepJob queue=metrics042 outcome=processed timed_out=0 figures sane; after: event JobProcessed
redis App\Jobs\AllocateJob queue=metrics042 outcome=processed timed_out=0 figures sane; after: event JobProcessed
redis App\Jobs\ThrowJob queue=metrics042 outcome=failed timed_out=0 figures sane; after: event JobExceptionOccurred
redis App\Jobs\ReleaseJob queue=metrics042 outcome=released timed_out=0 figures sane; after: event JobProcessed
-- no --metrics, the same listener
status 0, JobMeasured 0, the rest the same
-- --metrics-worker (or any --metrics-* option) turns them on; a listener added by a job
status 0
App\Jobs\StartMeasuringJob processed
App\Jobs\SleepJob processed
