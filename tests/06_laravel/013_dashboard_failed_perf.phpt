--TEST--
Dashboard, failed jobs: with 100,000 failed records in SQLite, a page through the HTTP route takes under 300 ms unfiltered and under 1 s filtered by queue or by class (median of 5 loads; the figures are printed)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php
require __DIR__ . '/../inc/laravel_app.inc';
fq_skip_unless_laravel_app();
?>
--FILE--
<?php
require __DIR__ . '/../inc/failed_jobs.inc';

const ROWS = 100000;
$app = fq_failed_http_app('fail303');
// Records shaped as Laravel writes them (a payload of about 1 KB, an exception with a trace of
// about 2.5 KB), over 10 queues and 20 job classes, inserted in one transaction.
$t0 = microtime(true);
$pdo = new PDO("sqlite:$app->base/database/database.sqlite");
$pdo->exec('PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;');
$pdo->beginTransaction();
$insert = $pdo->prepare('INSERT INTO failed_jobs (uuid, connection, queue, payload, exception, failed_at) VALUES (?, ?, ?, ?, ?, ?)');
$trace = '';
for ($f = 0; $f < 18; $f++) {
    $trace .= "#$f /var/www/app/vendor/laravel/framework/src/Illuminate/Pipeline/Pipeline.php(" . (120 + $f) . "): Illuminate\\Pipeline\\Pipeline->Illuminate\\Pipeline\\{closure}(Object(App\\Jobs\\Job))\n";
}
for ($i = 1; $i <= ROWS; $i++) {
    $uuid = sprintf('%08x-0000-4000-8000-%012x', $i, $i);
    $class = 'App\\Jobs\\Job' . ($i % 20);
    $command = serialize((object) ['user' => $i, 'note' => str_repeat('n', 600)]);
    $payload = json_encode(['uuid' => $uuid, 'displayName' => $class, 'job' => 'Illuminate\\Queue\\CallQueuedHandler@call',
        'maxTries' => 3, 'maxExceptions' => null, 'failOnTimeout' => false, 'backoff' => null, 'timeout' => 60, 'retryUntil' => null,
        'data' => ['commandName' => $class, 'command' => $command], 'id' => (string) $i, 'attempts' => 2], JSON_UNESCAPED_UNICODE);
    $exception = "RuntimeException: the mail server refused user $i in /var/www/app/app/Jobs/Job.php:42\nStack trace:\n$trace";
    $insert->execute([$uuid, 'redis', 'queue' . ($i % 10), $payload, $exception, gmdate('Y-m-d H:i:s', 1764400000 + $i)]);
}
$pdo->commit();
unset($insert, $pdo);
printf("setup: %d records in %.1f s, %.0f MB\n", ROWS, microtime(true) - $t0, filesize("$app->base/database/database.sqlite") / 1e6);

echo $app->run(fq_failed_http_prelude() . <<<'PHP'
    $gates(true, false);
    $http('GET', '/fastqueue/api/failed'); // the first load compiles nothing the others reuse, but warms the page cache
    $cases = [
        'unfiltered, page 1' => ['/fastqueue/failed', 0.3],
        'unfiltered, page 1, JSON' => ['/fastqueue/api/failed', 0.3],
        'unfiltered, page 1000' => ['/fastqueue/failed?page=1000', 0.3],
        'filtered by queue' => ['/fastqueue/failed?queue=queue3', 1.0],
        'filtered by class' => ['/fastqueue/failed?class=App%5CJobs%5CJob7', 1.0],
        'filtered by queue and class' => ['/fastqueue/failed?queue=queue7&class=App%5CJobs%5CJob7', 1.0],
    ];
    foreach ($cases as $what => [$uri, $bound]) {
        $times = [];
        for ($i = 0; $i < 5; $i++) {
            $t0 = hrtime(true);
            [$status, $body] = $http('GET', $uri);
            $times[] = (hrtime(true) - $t0) / 1e9;
        }
        sort($times);
        $median = $times[2];
        echo "$what: $status, ", $median < $bound ? "under " . ($bound * 1000) . " ms" : sprintf("over %d ms", $bound * 1000),
            str_contains($body, 'name="ids[]"') || str_contains($body, '"jobs":[{') ? '' : ' (no jobs listed)',
            sprintf(" (median %.1f ms, min %.1f, max %.1f)\n", $median * 1000, $times[0] * 1000, $times[4] * 1000);
    }
    PHP);
?>
--EXPECTF--
setup: 100000 records in %f s, %d MB
unfiltered, page 1: 200, under 300 ms (median %f ms, min %f, max %f)
unfiltered, page 1, JSON: 200, under 300 ms (median %f ms, min %f, max %f)
unfiltered, page 1000: 200, under 300 ms (median %f ms, min %f, max %f)
filtered by queue: 200, under 1000 ms (median %f ms, min %f, max %f)
filtered by class: 200, under 1000 ms (median %f ms, min %f, max %f)
filtered by queue and class: 200, under 1000 ms (median %f ms, min %f, max %f)
