--TEST--
Dashboard, failed jobs over HTTP: the gates (403), a POST without the CSRF token refused (419), the list and one job escaped, the JSON, retry one, retry what matches and forget from the forms
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/failed_jobs.inc';

$app = fq_failed_http_app('fail302');
fq_failed_seed($app, 'fail302', 'f', 2);
fq_failed_seed($app, 'fail302', '<script>alert("x")</script>', 1, 'App\\Jobs\\ThrowJob');
fq_failed_seed($app, 'fail302b', 'secret-q7', 1, 'App\\Jobs\\EncryptedFailJob');
$ids = [];
foreach ($app->failedJobs() as $row) {
    $ids[] = $row['uuid'];
}
file_put_contents("$app->base/ids.json", json_encode($ids));

echo $app->run(fq_failed_http_prelude() . <<<'PHP'
    $ids = json_decode(file_get_contents(__DIR__ . '/ids.json'));
    [$f1, $f2, $script, $secret] = $ids;
    foreach (['/fastqueue/failed', '/fastqueue/api/failed', "/fastqueue/failed/$f1", "/fastqueue/api/failed/$f1"] as $uri) {
        echo "guest GET ", str_replace($f1, 'ID', $uri), ": ", $http('GET', $uri)[0], "\n";
    }
    $gates(true, false);
    [$s, $body, $jar] = $http('GET', '/fastqueue/failed');
    preg_match('/<meta name="csrf-token" content="([^"]+)"/', $body, $m);
    $token = $m[1];
    echo "viewer GET list: $s, 4 rows: ", var_export(substr_count($body, 'name="ids[]"') === 4, true),
        ", script escaped: ", var_export(str_contains($body, '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;') && !str_contains($body, '<script>alert'), true), "\n";
    [$s, $body] = $http('GET', "/fastqueue/failed/$script");
    echo "viewer GET the script job: $s, escaped: ", var_export(!str_contains($body, '<script>alert') && str_contains($body, 'Stack trace:'), true), "\n";
    [$s, $body] = $http('GET', "/fastqueue/failed/$secret");
    // The seeded exception names the label; the rest of the page must not.
    echo "viewer GET the encrypted job: $s, says encrypted: ", var_export(str_contains($body, 'This job is encrypted'), true),
        ", secret shown: ", var_export(str_contains(preg_replace('#<pre class="block" id="exception">.*?</pre>#s', '', $body), 'secret-q7'), true), "\n";
    [$s, $body] = $http('GET', '/fastqueue/api/failed?queue=fail302&page=1');
    $json = json_decode($body, true);
    echo "api list: $s total {$json['total']} exact ", var_export($json['total_exact'], true), " {$json['paged_in']}, ", count($json['jobs']), " jobs\n";
    [$s, $body] = $http('GET', "/fastqueue/api/failed/$secret");
    $json = json_decode($body, true);
    echo "api encrypted job: $s encrypted ", var_export($json['encrypted'], true), " payload ", var_export($json['payload'], true), "\n";
    echo "api unknown id: ", $http('GET', '/fastqueue/api/failed/nope')[0], ", page: ", $http('GET', '/fastqueue/failed/nope')[0], "\n";
    echo "viewer POST retry: ", $http('POST', '/fastqueue/failed/retry', ['_token' => $token, 'ids' => [$f1]], $jar)[0], "\n";

    $gates(true, true);
    echo "manager POST retry without token: ", $http('POST', '/fastqueue/failed/retry', ['ids' => [$f1]], $jar)[0], "\n";
    echo "manager POST forget with a wrong token: ", $http('POST', '/fastqueue/failed/forget', ['_token' => 'x' . $token, 'ids' => [$f1]], $jar)[0], "\n";
    echo "still failed: ", DB::table('failed_jobs')->count(), "\n";
    [$s, , , $r] = $http('POST', '/fastqueue/failed/retry', ['_token' => $token, 'ids' => [$f1]], $jar);
    echo "manager POST retry f1: $s to ", $r->headers->get('Location'), "\n";
    [$s, $body] = $http('GET', '/fastqueue/failed', [], $jar);
    echo "status line: ", preg_match('/<p class="status ok" role="status">([^<]+)</', $body, $m) ? $m[1] : 'none', "\n";
    [$s, , , $r] = $http('POST', '/fastqueue/failed/retry', ['_token' => $token, 'matching' => '1', 'class' => 'App\Jobs\ThrowJob'], $jar);
    echo "manager POST retry matching ThrowJob: $s to ", $r->headers->get('Location'), "\n";
    echo "status line: ", preg_match('/<p class="status ok" role="status">([^<]+)</', $http('GET', '/fastqueue/failed', [], $jar)[1], $m) ? $m[1] : 'none', "\n";
    echo "manager POST forget f2: ", $http('POST', '/fastqueue/failed/forget', ['_token' => $token, 'ids' => [$f2]], $jar)[0], "\n";
    echo "status line: ", preg_match('/<p class="status ok" role="status">([^<]+)</', $http('GET', '/fastqueue/failed', [], $jar)[1], $m) ? $m[1] : 'none', "\n";
    echo "left: ", implode(' ', DB::table('failed_jobs')->orderBy('id')->pluck('queue')->all()), "\n";
    $redis = $app['redis']->connection();
    echo "on fail302: ", implode(' ', array_map(fn ($p) => json_decode($p, true)['displayName'], $redis->lrange('queues:fail302', 0, -1))), "\n";
    PHP);
?>
--EXPECT--
guest GET /fastqueue/failed: 403
guest GET /fastqueue/api/failed: 403
guest GET /fastqueue/failed/ID: 403
guest GET /fastqueue/api/failed/ID: 403
viewer GET list: 200, 4 rows: true, script escaped: true
viewer GET the script job: 200, escaped: true
viewer GET the encrypted job: 200, says encrypted: true, secret shown: false
api list: 200 total 3 exact true database, 3 jobs
api encrypted job: 200 encrypted true payload NULL
api unknown id: 404, page: 404
viewer POST retry: 403
manager POST retry without token: 419
manager POST forget with a wrong token: 419
still failed: 4
manager POST retry f1: 303 to http://localhost/fastqueue/failed
status line: 1 failed job pushed back onto its queue.
manager POST retry matching ThrowJob: 303 to http://localhost/fastqueue/failed?class=App%5CJobs%5CThrowJob
status line: 1 failed job pushed back onto its queue.
manager POST forget f2: 303
status line: 1 failed job forgotten.
left: fail302b
on fail302: App\Jobs\FailWhileFlagJob App\Jobs\ThrowJob