--TEST--
fastqueue:work --metrics-publish: two workers (--metrics-worker alpha and beta, each on its own queue) publish to Redis under the application's prefix, and fastqueue:metrics prints one valid exposition with both workers' samples under each family and fastqueue_metrics_workers 2; once both stopped, their figures are gone and it prints the gauge 0
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/metrics_app.inc';

$app = fq_metrics_app('metrics041', ['App\Providers\RecordEvents']);
$app->run('for ($i = 1; $i <= 3; $i++) { App\Jobs\RecordJob::dispatch("a$i")->onQueue("metrics041a"); } App\Jobs\RecordJob::dispatch("b1")->onQueue("metrics041b"); App\Jobs\ThrowJob::dispatch("b2")->onQueue("metrics041b");');
$workers = [];
foreach (['alpha' => 'metrics041a', 'beta' => 'metrics041b'] as $name => $queue) {
    $workers[$name] = $app->artisanChild(['fastqueue:work', '--sleep=0.1', "--queue=$queue", '--metrics-publish', '--metrics-interval=0.2', "--metrics-worker=$name"]);
}
$ran = fn () => count(preg_grep('/^(ran|throw) /', $app->effects()));
$until = microtime(true) + 20 * fq_app_scale();
while ($ran() < 5 && microtime(true) < $until) {
    usleep(50000);
}
echo "jobs run: {$ran()}\n";
// Both have published after their jobs: each worker's processed count is there.
do {
    $r = $app->artisan(['fastqueue:metrics']);
    $done = str_contains($r['stdout'], 'fastqueue_jobs_total{worker="alpha",queue="metrics041a",outcome="processed"} 3')
        && str_contains($r['stdout'], 'fastqueue_jobs_total{worker="beta",queue="metrics041b",outcome="failed"} 1');
} while (!$done && microtime(true) < $until && usleep(200000) === null);
echo "status {$r['status']}, stderr: ", trim($r['stderr']) === '' ? 'none' : trim($r['stderr']), "\n";
$text = $r['stdout'];
echo ($p = fq_metrics_problems($text)) ? 'INVALID: ' . implode('; ', $p) : 'valid', "\n";
echo implode("\n", preg_grep('/^fastqueue_jobs_total\{|^fastqueue_metrics_workers /', explode("\n", $text))), "\n";
// Every family of the worker's exposition is there once, with both workers' samples under it
// (but the running job's, which has samples only while a job runs).
preg_match_all('/^# TYPE (\S+)/m', $text, $m);
$both = array_filter($m[1], fn ($f) => $f === 'fastqueue_metrics_workers'
    || (preg_match("/^{$f}(_bucket|_sum|_count)?\\{worker=\"alpha\"/m", $text) && preg_match("/^{$f}(_bucket|_sum|_count)?\\{worker=\"beta\"/m", $text)));
echo count($m[1]), ' families (', count(array_unique($m[1])), ' distinct), ', count($both), " with both workers' samples\n";

foreach ($workers as $name => $child) {
    $child->signal(SIGTERM);
    echo "$name stopped with status ", $child->wait()['status'], "\n";
}
$r = $app->artisan(['fastqueue:metrics']);
echo "after the stop: status {$r['status']}, ", trim(implode(' ', preg_grep('/^fastqueue_/', explode("\n", $r['stdout'])))), "\n";
echo 'keys left: ', implode(' ', array_keys(array_filter($app->redisKeys(), fn ($t, $k) => str_contains($k, 'metrics:'), ARRAY_FILTER_USE_BOTH))) ?: 'none', "\n";
?>
--EXPECT--
jobs run: 5
status 0, stderr: none
valid
fastqueue_jobs_total{worker="alpha",queue="metrics041a",outcome="processed"} 3
fastqueue_jobs_total{worker="alpha",queue="metrics041a",outcome="released"} 0
fastqueue_jobs_total{worker="alpha",queue="metrics041a",outcome="failed"} 0
fastqueue_jobs_total{worker="beta",queue="metrics041b",outcome="processed"} 1
fastqueue_jobs_total{worker="beta",queue="metrics041b",outcome="released"} 0
fastqueue_jobs_total{worker="beta",queue="metrics041b",outcome="failed"} 1
fastqueue_metrics_workers 2
22 families (22 distinct), 21 with both workers' samples
alpha stopped with status 0
beta stopped with status 0
after the stop: status 0, fastqueue_metrics_workers 0
keys left: none
