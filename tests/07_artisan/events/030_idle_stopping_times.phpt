--TEST--
fastqueue:work as queue:work (Laravel 13): WorkerIdle fires when a round finds no job, before the worker sleeps, and WorkerStopping's lastJobProcessedAt is on Laravel's clock (hrtime seconds); on versions without them, neither command has them
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work030', 'providers' => ['App\Providers\IdleTimes']]);
file_put_contents("$app->base/app/Providers/IdleTimes.php", <<<'PHP'
<?php
namespace App\Providers;

use App\Jobs\Records;
use Illuminate\Queue\Events\WorkerStopping;
use Illuminate\Support\ServiceProvider;

class IdleTimes extends ServiceProvider
{
    use Records;

    public function boot()
    {
        if (class_exists('Illuminate\Queue\Events\WorkerIdle')) {
            $this->app['events']->listen('Illuminate\Queue\Events\WorkerIdle', fn () => static::record('idle ' . hrtime(true) / 1e9));
        }
        $this->app['events']->listen(WorkerStopping::class, function ($ev) {
            $last = property_exists($ev, 'lastJobProcessedAt') ? var_export($ev->lastJobProcessedAt, true) : 'none';
            static::record('stopping ' . hrtime(true) / 1e9 . " $last");
        });
    }
}
PHP);

$sleep = 2;
$outcome = function (string $command) use ($app, $sleep): string {
    $app->run('App\Jobs\RecordJob::dispatch("one");');
    // One job, then a round that finds none: WorkerIdle, the sleep, the stop.
    $r = $app->artisan([$command, '--stop-when-empty', "--sleep=$sleep"]);
    $idle = array_values(preg_grep('/^idle /', $app->effects()));
    $stopping = array_values(preg_grep('/^stopping /', $app->effects()));
    $app->reset();
    if ($r['status'] !== 0 || count($stopping) !== 1) {
        return "status {$r['status']}, stopping " . json_encode($stopping) . ": {$r['stderr']}";
    }
    [, $stoppedAt, $last] = explode(' ', $stopping[0]);
    if (!$idle) {
        $when = 'no WorkerIdle';
    } else {
        // Before the sleep: the stop comes at least most of the sleep later.
        $gap = (float) $stoppedAt - (float) substr(end($idle), 5);
        $when = count($idle) . ' WorkerIdle, ' . ($gap >= $sleep * 0.75 ? 'before the sleep' : "$gap s before the stop");
    }
    $clock = match (true) {
        $last === 'none' => 'no lastJobProcessedAt',
        $last === 'NULL' => 'lastJobProcessedAt null',
        abs((float) $stoppedAt - (float) $last) < 600 => 'lastJobProcessedAt on the hrtime clock',
        default => "lastJobProcessedAt $last (stopped at $stoppedAt)",
    };
    return "$when; $clock";
};
$laravel = $outcome('queue:work');
$fast = $outcome('fastqueue:work');
echo "fastqueue:work: $fast\n";
echo $fast === $laravel ? "the same as queue:work\n" : "queue:work: $laravel\n";
?>
--EXPECTF--
fastqueue:work: %r(no WorkerIdle; no lastJobProcessedAt|1 WorkerIdle, before the sleep; lastJobProcessedAt on the hrtime clock)%r
the same as queue:work
