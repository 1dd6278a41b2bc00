--TEST--
fastqueue:work takes config/fastqueue.php's limits: with its first queue held back by a rate, it serves the next one meanwhile, every job on its first attempt; queue:work in the same application does not see them; a bad limit is refused naming its key
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work074']);
$config = fn(array $limits) => file_put_contents("$app->base/config/fastqueue.php", '<?php return ' . var_export(['limits' => $limits], true) . ';');
$dispatch = 'foreach (["h1", "h2", "h3"] as $l) { App\Jobs\RecordJob::dispatch($l)->onQueue("high074"); }
    foreach (["l1", "l2", "l3"] as $l) { App\Jobs\RecordJob::dispatch($l)->onQueue("low074"); }';
$config(['high074' => ['rate' => 1, 'per' => 1]]);
foreach (['queue:work', 'fastqueue:work'] as $command) {
    $app->reset();
    $app->run($dispatch);
    // --stop-when-empty: a queue held back by a limit is not empty, so it waits for the window.
    $r = $app->artisan([$command, '--stop-when-empty', '--sleep=1', '--queue=high074,low074']);
    echo "$command: status {$r['status']}: ", implode(', ', array_map(fn($e) => preg_replace('/^ran (\S+) attempt=(\d+) .*$/', '$1 ($2)', $e), $app->effects())), "\n";
}

$config(['high074' => ['rate' => 0, 'per' => 1]]);
$r = $app->artisan(['fastqueue:work', '--stop-when-empty', '--queue=high074']);
echo "rate 0: status {$r['status']}: ", trim($r['stdout'] . $r['stderr']), "\n";
?>
--EXPECT--
queue:work: status 0: h1 (1), h2 (1), h3 (1), l1 (1), l2 (1), l3 (1)
fastqueue:work: status 0: h1 (1), l1 (1), l2 (1), l3 (1), h2 (1), h3 (1)
rate 0: status 1: option "limits["high074"]["rate"]" must be between 1 and 1000000
