--TEST--
fastqueue:work: --memory as a percentage of PHP's memory_limit where queue:work takes one (Laravel 13), else its number as megabytes, as queue:work reads it
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); if (memory_get_usage(true) === 0) die('skip memory is not counted without PHP\'s allocator'); ?>
--FILE--
<?php
require __DIR__ . '/../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'mp029']);
file_put_contents("$app->base/app/Jobs/HogJob.php", <<<'PHP'
<?php
namespace App\Jobs;

use Illuminate\Bus\Queueable;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Foundation\Bus\Dispatchable;
use Illuminate\Queue\InteractsWithQueue;

// Keeps 80 MB for the rest of the process.
class HogJob implements ShouldQueue
{
    use Dispatchable, InteractsWithQueue, Queueable, Records;

    public static $kept = [];

    public function __construct(public string $label) {}

    public function handle(): void
    {
        static::$kept[] = str_repeat('x', 80 << 20);
        static::record("hog {$this->label}");
    }
}
PHP);
$src = (fq_app_vendor() ? fq_app_vendor() . '/laravel/framework/src' : (fq_laravel_dir() ?? '/usr/share/php')) . '/Illuminate/Queue';
$percent = str_contains(file_get_contents("$src/Console/WorkCommand.php"), 'percentage');

// memory_limit 4G: 50% is 2048 MB (the two jobs fit) where percentages count, else 50 MB (the
// worker stops after the first); 1% is 41 MB, or 1 MB: it stops after the first either way.
foreach (['50%', '1%', '60'] as $memory) {
    $seen = [];
    foreach (['queue:work', 'fastqueue:work'] as $command) {
        $app->reset();
        $app->run('App\Jobs\HogJob::dispatch("h1"); App\Jobs\HogJob::dispatch("h2");');
        $r = fq_app_exec(array_merge($app->phpCommand(), ['-d', 'memory_limit=4G', "$app->base/artisan", $command,
            '--stop-when-empty', '--sleep=0', "--memory=$memory"]), 60, $app->base);
        $seen[$command] = ['status' => $r['status'], 'ran' => implode(' ', $app->effects()), 'stderr' => $r['stderr']];
    }
    $fq = $seen['fastqueue:work'];
    $expected = $memory === '50%' && $percent ? [0, 'hog h1 hog h2'] : [12, 'hog h1'];
    echo "--memory=$memory: ", [$fq['status'], $fq['ran']] === $expected ? 'as queue:work reads it' : "status {$fq['status']}, ran [{$fq['ran']}]",
        $seen['queue:work'] == $fq ? ', same as queue:work' : ', differs from queue:work: ' . json_encode($seen), "\n";
}
unset($app);
?>
--EXPECT--
--memory=50%: as queue:work reads it, same as queue:work
--memory=1%: as queue:work reads it, same as queue:work
--memory=60: as queue:work reads it, same as queue:work
