--TEST--
fastqueue:work --metrics-file writes the worker's exposition (per-queue job counters among the families, valid Prometheus text) and leaves no temporary file; --metrics-listen (with --metrics-allow naming this client's network) serves the same families over HTTP while the worker runs
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/metrics_app.inc';

$app = fq_metrics_app('metrics040', ['App\Providers\RecordEvents']);
$file = "$app->base/storage/metrics/fastqueue.prom";
mkdir(dirname($file));
$app->run('for ($i = 1; $i <= 5; $i++) { App\Jobs\RecordJob::dispatch("a$i"); } App\Jobs\RecordJob::dispatch("b1")->onQueue("metrics040b"); App\Jobs\ThrowJob::dispatch("b2")->onQueue("metrics040b");');
$r = $app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=0', '--queue=metrics040,metrics040b', "--metrics-file=$file", '--metrics-worker=file-040']);
echo "status {$r['status']}\n";
$text = (string) @file_get_contents($file);
echo implode("\n", preg_grep('/^fastqueue_jobs_total\{/', explode("\n", $text))), "\n";
$families = preg_match_all('/^# TYPE (\S+)/m', $text, $m) ? $m[1] : [];
echo count($families), ' families, ', count(array_unique($families)), " distinct; ", ($p = fq_metrics_problems($text)) ? 'INVALID: ' . implode('; ', $p) : 'valid', "\n";
echo 'files in the folder: ', implode(' ', array_map('basename', glob(dirname($file) . '/*'))), "\n";

// The endpoint, on a free loopback port, while the worker waits for jobs.
$port = fq_free_port();
$app->reset();
$child = $app->artisanChild(['fastqueue:work', '--sleep=0.1', "--metrics-listen=127.0.0.1:$port", '--metrics-allow=10.0.0.0/8, 127.0.0.1/32', '--metrics-worker=http-040']);
echo 'worker looping: ', $app->waitForEffect('/^event Looping/') ? 'yes' : 'NO: ' . $child->stdout(), "\n";
$body = '';
for ($try = 0; $try < 50 && $body === ''; $try++) {
    $body = (string) @file_get_contents("http://127.0.0.1:$port/metrics");
    $body === '' && usleep(100000);
}
echo 'GET /metrics: ', ($p = fq_metrics_problems($body)) ? 'INVALID: ' . implode('; ', $p) : 'valid', ', ', preg_match_all('/^# TYPE /m', $body), " families, worker label ", str_contains($body, 'worker="http-040"') ? 'http-040' : 'MISSING', "\n";
$child->signal(SIGTERM);
$w = $child->wait();
echo "stopped with status {$w['status']}\n";
?>
--EXPECT--
status 0
fastqueue_jobs_total{worker="file-040",queue="metrics040",outcome="processed"} 5
fastqueue_jobs_total{worker="file-040",queue="metrics040",outcome="released"} 0
fastqueue_jobs_total{worker="file-040",queue="metrics040",outcome="failed"} 0
fastqueue_jobs_total{worker="file-040",queue="metrics040b",outcome="processed"} 1
fastqueue_jobs_total{worker="file-040",queue="metrics040b",outcome="released"} 0
fastqueue_jobs_total{worker="file-040",queue="metrics040b",outcome="failed"} 1
21 families, 21 distinct; valid
files in the folder: fastqueue.prom
worker looping: yes
GET /metrics: valid, 21 families, worker label http-040
stopped with status 0
