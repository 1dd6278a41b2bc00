--TEST--
fastqueue:work: --once, --max-jobs, --max-time, --queue priority order, the connection argument
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work014']);
$show = function (string $label, array $r) {
    echo "$label: status ", var_export($r['status'], true), ', ', count(FqLaravelApp::jobLines($r['stdout'])) / 2, " job(s)",
        $r['stderr'] === '' ? '' : ', stderr: ' . trim($r['stderr']), "\n";
};
$app->run('for ($i = 1; $i <= 5; $i++) { App\Jobs\RecordJob::dispatch("j$i"); }');

$show('--once', $app->artisan(['fastqueue:work', '--once']));
$show('--once, connection argument "redis"', $app->artisan(['fastqueue:work', 'redis', '--once']));
$show('--max-jobs=2', $app->artisan(['fastqueue:work', '--max-jobs=2']));
// The run includes booting Laravel, which is this machine's speed: the reference is a run that
// boots, finds nothing and stops at once. --max-time=1 must add about a second to it.
$ref = $app->artisan(['fastqueue:work', '--once', '--sleep=0', '--queue=elsewhere'])['seconds'];
$show('--max-time=1 (idle)', $r = $app->artisan(['fastqueue:work', '--max-time=1', '--sleep=0.2', '--queue=elsewhere']));
echo $r['seconds'] >= 1 && $r['seconds'] < 2 * $ref + 2 * fq_app_scale() ? "stopped after about a second\n"
    : sprintf("took %.2f s (a run that stops at once: %.2f s)\n", $r['seconds'], $ref);
echo implode(', ', $app->effects()), "\n";

echo "-- --queue=high,default: always the first non-empty queue first\n";
$app->reset();
$app->run(<<<'PHP'
App\Jobs\RecordJob::dispatch('low 1')->onQueue('low014');
App\Jobs\RecordJob::dispatch('high 1')->onQueue('high014');
App\Jobs\RecordJob::dispatch('low 2')->onQueue('low014');
App\Jobs\RecordJob::dispatch('high 2')->onQueue('high014');
PHP);
$show('--queue=high014,low014', $app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=0', '--queue=high014,low014']));
echo implode(', ', $app->effects()), "\n";

?>
--EXPECT--
--once: status 0, 1 job(s)
--once, connection argument "redis": status 0, 1 job(s)
--max-jobs=2: status 0, 2 job(s)
--max-time=1 (idle): status 0, 0 job(s)
stopped after about a second
ran j1 attempt=1 queue=work014, ran j2 attempt=1 queue=work014, ran j3 attempt=1 queue=work014, ran j4 attempt=1 queue=work014
-- --queue=high,default: always the first non-empty queue first
--queue=high014,low014: status 0, 4 job(s)
ran high 1 attempt=1 queue=high014, ran high 2 attempt=1 queue=high014, ran low 1 attempt=1 queue=low014, ran low 2 attempt=1 queue=low014
