--TEST--
fastqueue:work --prefetch and --no-overlap: while the first job runs, its queue's list holds the jobs no one reserved yet (23 of 24 with the default of one at a time; 8 with --prefetch=8, which reserves the next 8 while these run; 16 with --no-overlap); every job runs once; a --prefetch out of range is refused with a clear error
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work026']);
$runs = [
    'default' => [],
    '--prefetch=8' => ['--prefetch=8'],
    '--prefetch=8 --no-overlap' => ['--prefetch=8', '--no-overlap'],
];
foreach ($runs as $label => $options) {
    $app->reset();
    // The first job waits (up to 2 s) for the list to shrink to 8, then records its length.
    $app->run('App\Jobs\QueueLengthJob::dispatch("first job", 8); for ($i = 2; $i <= 24; $i++) { App\Jobs\RecordJob::dispatch("j$i"); }');
    $r = $app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=0', ...$options]);
    $effects = $app->effects();
    echo "$label: status {$r['status']}, ", count(FqLaravelApp::jobLines($r['stdout'])) / 2, ' job(s), ',
        count(array_unique(preg_grep('/^ran j\d+ attempt=1 /', $effects))), ' other job(s) ran once; ',
        implode(', ', preg_grep('/^first job/', $effects)), "\n";
}

foreach (['--prefetch=0', '--prefetch=1001'] as $bad) {
    $r = $app->artisan(['fastqueue:work', '--stop-when-empty', $bad]);
    echo "$bad: status {$r['status']}: ", trim($r['stdout'] . $r['stderr']), "\n";
}
?>
--EXPECT--
default: status 0, 24 job(s), 23 other job(s) ran once; first job: the list held 23
--prefetch=8: status 0, 24 job(s), 23 other job(s) ran once; first job: the list held 8
--prefetch=8 --no-overlap: status 0, 24 job(s), 23 other job(s) ran once; first job: the list held 16
--prefetch=0: status 1: option "prefetch" must be between 1 and 1000
--prefetch=1001: status 1: option "prefetch" must be between 1 and 1000
