--TEST--
Dashboard, failed jobs: two bulk retries at once over 1,000 failed jobs push each job once, and every job then runs exactly once
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/failed_jobs.inc';

$app = new FqLaravelApp(['queue' => 'fail301']);
fq_failed_seed($app, 'fail301', 'j', 1000);
echo count($app->failedJobs()), " failed\n";

// Two retries of everything that matches, started together, each in its own process.
$script = $app->script('bulk.php',
    "echo json_encode((new FastQueue\\Laravel\\Dashboard\\Failed\\FailedJobs(\$app))->retryMatching(['queue' => 'fail301']));");
$children = [new FqAppChild(array_merge($app->phpCommand(), [$script]), $app->base), new FqAppChild(array_merge($app->phpCommand(), [$script]), $app->base)];
$sum = ['retried' => 0, 'missing' => 0, 'busy' => 0];
foreach ($children as $i => $child) {
    $r = $child->wait(120);
    $counts = json_decode($r['stdout'], true) ?? [];
    if ($r['status'] !== 0 || !is_array($counts) || $r['stderr'] !== '') {
        echo "run $i: status {$r['status']} {$r['stdout']} {$r['stderr']}\n";
        continue;
    }
    foreach ($counts as $k => $v) {
        $sum[$k] += $v;
    }
}
echo "retried in all: {$sum['retried']}\n";
echo count($app->failedJobs()), " failed left\n";
$queued = $app->queueState('fail301')['queue'];
$labels = array_map(fn ($p) => preg_match('/"label";s:\d+:"(j\d+)"/', json_decode($p, true)['data']['command'], $m) ? $m[1] : '?', $queued);
echo count($queued), " on the queue, ", count(array_unique($labels)), " distinct\n";

echo "-- a third run finds nothing\n";
echo json_encode(fq_failed_call($app, "\$failed->retryMatching(['queue' => 'fail301'])")), "\n";

$app->workUntilEmpty('fastqueue:work', ['fail301'], ['--sleep=0'], 120);
$runs = array_count_values(preg_grep('/^ran j\d+ /', $app->effects()));
echo count($runs), " jobs ran, ", count(array_filter($runs, fn ($n) => $n !== 1)), " more than once\n";
?>
--EXPECT--
1000 failed
retried in all: 1000
0 failed left
1000 on the queue, 1000 distinct
-- a third run finds nothing
{"retried":0,"missing":0,"busy":0}
1000 jobs ran, 0 more than once
