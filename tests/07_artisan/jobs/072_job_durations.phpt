--TEST--
fastqueue:work as queue:work on the same application: JobProcessed and JobAttempted carry the job's duration (13.42: milliseconds, rounded to 2 places; null for a job that never fired), and Queue::whenJobRunsLongerThan() calls back for a job that ran longer; before 13.42 neither event has one
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'du072', 'providers' => ['App\Providers\Durations']]);
// Records each job's duration on both events (as a range: the times differ from run to run),
// and the slow jobs whenJobRunsLongerThan(300 ms) reports.
file_put_contents("$app->base/app/Providers/Durations.php", <<<'PHP'
<?php
namespace App\Providers;

use App\Jobs\Records;
use Illuminate\Support\ServiceProvider;

class Durations extends ServiceProvider
{
    use Records;

    public function boot()
    {
        $label = fn ($job) => preg_match('/s:5:"label";s:\d+:"([^"]*)"/', $job->payload()['data']['command'] ?? '', $m) ? $m[1] : '?';
        $range = fn ($d) => $d === null ? 'null' : (!is_float($d) ? get_debug_type($d)
            : ($d != round($d, 2) ? 'not rounded' : ($d >= 400 ? 'at least 400 ms' : ($d < 300 ? 'under 300 ms' : 'between'))));
        foreach (['JobProcessed', 'JobAttempted'] as $event) {
            $this->app['events']->listen("Illuminate\\Queue\\Events\\$event", function ($ev) use ($event, $label, $range) {
                static::record("$event {$label($ev->job)} duration=" . (property_exists($ev, 'duration') ? $range($ev->duration) : 'none'));
            });
        }
        if (method_exists($this->app['queue'], 'whenJobRunsLongerThan')) {
            $this->app['queue']->whenJobRunsLongerThan(300, fn ($job, $duration) => static::record("longer than 300 ms: {$label($job)} {$range($duration)}"));
        }
    }
}
PHP);
file_put_contents("$app->base/app/Jobs/TakesJob.php", '<?php
namespace App\Jobs;

use Illuminate\Bus\Queueable;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Foundation\Bus\Dispatchable;
use Illuminate\Queue\InteractsWithQueue;

class TakesJob implements ShouldQueue
{
    use Dispatchable, InteractsWithQueue, Queueable, Records;

    public $tries = 1;

    public function __construct(public string $label, public int $ms, public bool $throws = false) {}

    public function handle(): void
    {
        usleep($this->ms * 1000);
        if ($this->throws) {
            throw new \RuntimeException("{$this->label} throws");
        }
    }
}
');
$has = str_contains(fq_laravel_source('Illuminate/Queue/Events/JobProcessed.php'), '$duration');

$seen = [];
foreach (['queue:work', 'fastqueue:work'] as $command) {
    $app->reset();
    // Quick, slow, slow and throwing, and out of tries before it fires (attempt 2 of tries 1).
    $app->run('App\Jobs\TakesJob::dispatch("quick", 0); App\Jobs\TakesJob::dispatch("slow", 450);'
        . ' App\Jobs\TakesJob::dispatch("slow throws", 450, true);');
    $app->run('App\Jobs\TakesJob::dispatch("out of tries", 0);');
    $key = $app->redisPrefix . 'queues:du072';
    fq_raw()->cmd('LSET', $key, '-1', str_replace('"attempts":0', '"attempts":1', fq_raw()->cmd('LINDEX', $key, '-1')));
    $r = $app->artisan([$command, '--stop-when-empty', '--sleep=0']);
    $seen[$command] = ['status' => $r['status'], 'effects' => $app->effects()];
}
echo $seen['queue:work'] == $seen['fastqueue:work'] ? "same as queue:work\n"
    : "differs:\nqueue:work " . json_encode($seen['queue:work'], JSON_PRETTY_PRINT) . "\nfastqueue:work " . json_encode($seen['fastqueue:work'], JSON_PRETTY_PRINT) . "\n";
$want = $has ? [
    'JobProcessed quick duration=under 300 ms', 'JobAttempted quick duration=under 300 ms',
    'JobProcessed slow duration=at least 400 ms', 'JobAttempted slow duration=at least 400 ms', 'longer than 300 ms: slow at least 400 ms',
    'JobAttempted slow throws duration=at least 400 ms', 'longer than 300 ms: slow throws at least 400 ms',
    'JobAttempted out of tries duration=null',
] : null;
$effects = $seen['fastqueue:work']['effects'];
$none = $effects !== [] && preg_grep('/duration=none$/', $effects) == $effects;
echo 'durations: ', ($has ? $effects === $want : $none) ? "as the version says\n" : json_encode($effects, JSON_PRETTY_PRINT) . "\n";
unset($app);
?>
--EXPECT--
same as queue:work
durations: as the version says
