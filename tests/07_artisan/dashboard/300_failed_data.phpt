--TEST--
Dashboard, failed jobs: paging and each filter in the database, one job's view (an encrypted payload hidden), retry one, selected and matching through queue:retry, forget, a custom provider paged in memory
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/failed_jobs.inc';

$app = new FqLaravelApp(['queue' => 'fail300a']);
touch($app->base . '/storage/fail-flag');
$app->run(<<<'PHP'
    App\Jobs\FailWhileFlagJob::dispatch('a1')->onQueue('fail300a');
    App\Jobs\FailWhileFlagJob::dispatch('a2')->onQueue('fail300a');
    App\Jobs\FailWhileFlagJob::dispatch('a3')->onQueue('fail300a');
    App\Jobs\EncryptedFailJob::dispatch('secret-k9')->onQueue('fail300a');
    App\Jobs\FailWhileFlagJob::dispatch('b1')->onQueue('fail300b');
    App\Jobs\ThrowJob::dispatch('<script>alert(1)</script> 100%')->onQueue('fail300b');
    PHP);
$r = $app->artisan(['fastqueue:work', '--queue=fail300a,fail300b', '--tries=1', '--stop-when-empty', '--sleep=0']);
echo "worker status {$r['status']}\n";

$names = fn (array $page) => implode(' ', array_map(fn ($j) => basename(str_replace('\\', '/', $j['name'])) . '@' . $j['queue'], $page['jobs']));
$all = fq_failed_call($app, '$failed->page([], 1, 50)');
echo "all: total {$all['total']} exact ", var_export($all['total_exact'], true), " in {$all['paged_in']}: ", $names($all), "\n";
$p2 = fq_failed_call($app, '$failed->page([], 2, 4)');
echo "page 2 of 4: ", $names($p2), " (page {$p2['page']}, per_page {$p2['per_page']}, total {$p2['total']})\n";
$job = $all['jobs'][0];
echo "fields: ", implode(',', array_keys($job)), "\n";
echo "summary: {$job['exception_summary']}\n";
foreach ([['queue' => 'fail300b'], ['class' => 'App\\Jobs\\FailWhileFlagJob'], ['class' => 'app\\jobs\\failwhileflagjob'],
    ['class' => 'FailWhileFlagJob'], ['exception' => 'flagged a'], ['exception' => '100%'], ['exception' => 'fla%ged'],
    ['exception' => 'flagge_'], ['queue' => 'fail300a', 'class' => 'App\\Jobs\\EncryptedFailJob'], ['queue' => 'nope']] as $f) {
    $page = fq_failed_call($app, '$failed->page(' . var_export($f, true) . ', 1, 50)');
    echo json_encode($f), ": {$page['total']}: ", $names($page), "\n";
}

echo "-- one job\n";
$byLabel = [];
foreach ($all['jobs'] as $j) {
    $byLabel[$j['name'] === 'App\\Jobs\\FailWhileFlagJob' ? $app->run("echo unserialize(json_decode(DB::table('failed_jobs')->where('uuid', '{$j['id']}')->value('payload'), true)['data']['command'])->label;") : $j['name']] = $j['id'];
}
// A crash record of the attempt that failed, as a dying worker writes it (docs/delivery.md).
$app->run("\$app['redis']->connection()->set('queues:fail300a:crash:{$byLabel['a1']}:1', 'attempt 1 of App\\\\Jobs\\\\FailWhileFlagJob ended its worker: the worker died by signal SIGSEGV (a segmentation fault)');");
$one = fq_failed_call($app, "\$failed->find('{$byLabel['a1']}')");
echo "a1: attempts {$one['attempts']}, encrypted ", var_export($one['encrypted'], true), ", payload ", $one['payload']['displayName'],
    ", exception with trace ", var_export(str_contains($one['exception'], "Stack trace:\n#0 "), true), ", crash ", json_encode($one['previous_crash'], JSON_UNESCAPED_SLASHES), "\n";
$enc = fq_failed_call($app, "\$failed->find('{$byLabel['App\\Jobs\\EncryptedFailJob']}')");
echo "encrypted: encrypted ", var_export($enc['encrypted'], true), ", payload ", var_export($enc['payload'], true), ", name {$enc['name']}, secret shown ",
    var_export(str_contains(json_encode($enc), 'secret-k9'), true), "\n";
var_dump(fq_failed_call($app, "\$failed->find('no-such-id')"));

echo "-- retry and forget\n";
echo "retry a1: ", json_encode(fq_failed_call($app, "\$failed->retry(['{$byLabel['a1']}'])")), "\n";
echo "retry a1 again: ", json_encode(fq_failed_call($app, "\$failed->retry(['{$byLabel['a1']}'])")), "\n";
echo "retry matching: ", json_encode(fq_failed_call($app, "\$failed->retryMatching(['queue' => 'fail300a', 'class' => 'App\\\\Jobs\\\\FailWhileFlagJob'])")), "\n";
echo "forget b1: ", json_encode(fq_failed_call($app, "\$failed->forget(['{$byLabel['b1']}'])")), "\n";
echo "forget b1 again: ", json_encode(fq_failed_call($app, "\$failed->forget(['{$byLabel['b1']}'])")), "\n";
echo "left: ", $names(fq_failed_call($app, '$failed->page([], 1, 50)')), "\n";
$s = $app->queueState('fail300a');
echo count($s['queue']), " on fail300a\n";
unlink($app->base . '/storage/fail-flag');
$app->artisan(['fastqueue:work', '--queue=fail300a,fail300b', '--tries=1', '--stop-when-empty', '--sleep=0']);
echo implode("\n", $app->effects()), "\n";

echo "-- the database provider: records named by their numeric id\n";
fq_failed_seed($app, 'fail300d', 'd', 2);
$out = $app->run(<<<'PHP'
    $app['config']->set('queue.failed.driver', 'database');
    $app->forgetInstance('queue.failer');
    $failed = new FastQueue\Laravel\Dashboard\Failed\FailedJobs($app);
    $page = $failed->page(['queue' => 'fail300d'], 1, 50);
    [$d2, $d1] = array_column($page['jobs'], 'id');
    echo "ids numeric: ", var_export(ctype_digit($d1) && ctype_digit($d2), true), ", ", $page['total'], " in ", $page['paged_in'], "\n";
    echo "find: ", $failed->find($d1)['name'], ", by its uuid: ", var_export($failed->find($page['jobs'][0]['uuid']), true), "\n";
    echo "retry: ", json_encode($failed->retry([$d1])), ", forget: ", json_encode($failed->forget([$d2])), "\n";
    echo "left on fail300d: ", $failed->page(['queue' => 'fail300d'], 1, 50)['total'], ", queued: ", $app['redis']->connection()->llen('queues:fail300d'), "\n";
    PHP);
echo $out;

echo "-- a custom provider: paged in memory\n";
$custom = <<<'PHP'
    $db = $app['queue.failer'];
    $app->instance('queue.failer', new class($db) {
        public function __construct(private $db) {}
        public function all() { return $this->db->all(); }
        public function find($id) { return $this->db->find($id); }
        public function forget($id) { return $this->db->forget($id); }
        public function log($c, $q, $p, $e) { return $this->db->log($c, $q, $p, $e); }
    });
    PHP;
fq_failed_seed($app, 'fail300c', 'c', 3);
$mem = json_decode(substr($out = $app->run($custom . 'echo "\n@@", json_encode((new FastQueue\Laravel\Dashboard\Failed\FailedJobs($app))->page(["queue" => "fail300c"], 2, 2));'), strrpos($out, "\n@@") + 3), true);
echo "memory: total {$mem['total']} in {$mem['paged_in']}: ", $names($mem), "\n";
$out = $app->run($custom . 'echo "\n@@", json_encode((new FastQueue\Laravel\Dashboard\Failed\FailedJobs($app))->retryMatching(["exception" => "seeded c2"]));');
echo "memory retry matching: ", substr($out, strrpos($out, "\n@@") + 3), "\n";
echo count($app->queueState('fail300c')['queue']), " on fail300c\n";
?>
--EXPECTF--
worker status 0
all: total 6 exact true in database: ThrowJob@fail300b FailWhileFlagJob@fail300b EncryptedFailJob@fail300a FailWhileFlagJob@fail300a FailWhileFlagJob@fail300a FailWhileFlagJob@fail300a
page 2 of 4: FailWhileFlagJob@fail300a FailWhileFlagJob@fail300a (page 2, per_page 4, total 6)
fields: id,uuid,connection,queue,name,failed_at,exception_summary,attempts
summary: RuntimeException: throw <script>alert(1)</script> 100% attempt 1 in %s
{"queue":"fail300b"}: 2: ThrowJob@fail300b FailWhileFlagJob@fail300b
{"class":"App\\Jobs\\FailWhileFlagJob"}: 4: FailWhileFlagJob@fail300b FailWhileFlagJob@fail300a FailWhileFlagJob@fail300a FailWhileFlagJob@fail300a
{"class":"app\\jobs\\failwhileflagjob"}: 4: FailWhileFlagJob@fail300b FailWhileFlagJob@fail300a FailWhileFlagJob@fail300a FailWhileFlagJob@fail300a
{"class":"FailWhileFlagJob"}: 0: 
{"exception":"flagged a"}: 3: FailWhileFlagJob@fail300a FailWhileFlagJob@fail300a FailWhileFlagJob@fail300a
{"exception":"100%"}: 1: ThrowJob@fail300b
{"exception":"fla%ged"}: 0: 
{"exception":"flagge_"}: 0: 
{"queue":"fail300a","class":"App\\Jobs\\EncryptedFailJob"}: 1: EncryptedFailJob@fail300a
{"queue":"nope"}: 0: 
-- one job
a1: attempts 1, encrypted false, payload App\Jobs\FailWhileFlagJob, exception with trace true, crash {"attempt":1,"reason":"attempt 1 of App\\Jobs\\FailWhileFlagJob ended its worker: the worker died by signal SIGSEGV (a segmentation fault)"}
encrypted: encrypted true, payload NULL, name App\Jobs\EncryptedFailJob, secret shown false
NULL
-- retry and forget
retry a1: {"retried":1,"missing":0,"busy":0}
retry a1 again: {"retried":0,"missing":1,"busy":0}
retry matching: {"retried":2,"missing":0,"busy":0}
forget b1: {"forgotten":1,"missing":0}
forget b1 again: {"forgotten":0,"missing":1}
left: ThrowJob@fail300b EncryptedFailJob@fail300a
3 on fail300a
throw <script>alert(1)</script> 100% attempt=1
failed() <script>alert(1)</script> 100%: RuntimeException: throw <script>alert(1)</script> 100% attempt 1
ran a1 attempt=1 queue=fail300a
ran a3 attempt=1 queue=fail300a
ran a2 attempt=1 queue=fail300a
-- the database provider: records named by their numeric id
ids numeric: true, 2 in database
find: App\Jobs\FailWhileFlagJob, by its uuid: NULL
retry: {"retried":1,"missing":0,"busy":0}, forget: {"forgotten":1,"missing":0}
left on fail300d: 0, queued: 1
-- a custom provider: paged in memory
memory: total 3 in memory: FailWhileFlagJob@fail300c
memory retry matching: {"retried":1,"missing":0,"busy":0}
1 on fail300c