--TEST--
fastqueue:work: Laravel 13's signal events, as queue:work fires them: WorkerPausing (SIGUSR2), WorkerResuming (SIGCONT), WorkerInterrupted (SIGTERM), and an Interruptible job's interrupted() with JobInterrupted (13.31 and later) while it runs; before 13 the same signals make the same events and output under both commands, none of 13's, and a job's interrupted() is not called
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';
fq_skip_unless_laravel_app();
if (!function_exists('pcntl_signal') && !str_contains(shell_exec(PHP_BINARY . ' -m') ?? '', 'pcntl')) {
    die('skip queue:work needs ext-pcntl for signals');
}
?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$src = (fq_app_vendor() ? fq_app_vendor() . '/laravel/framework/src' : (fq_laravel_dir() ?? '/usr/share/php')) . '/Illuminate';
// Laravel 13 has the signal events and Interruptible jobs; JobInterrupted came later (13.31
// has it, 13.26 not).
$signalEvents = is_file("$src/Queue/Events/WorkerInterrupted.php") && is_file("$src/Contracts/Queue/Interruptible.php");
$jobInterrupted = is_file("$src/Queue/Events/JobInterrupted.php");

$app = new FqLaravelApp(['queue' => 'sg030', 'providers' => ['App\Providers\SignalRecorder']]);
// (Listening to an event class this Laravel does not have is harmless: none is fired.)
file_put_contents("$app->base/app/Providers/SignalRecorder.php", <<<'PHP'
<?php
namespace App\Providers;

use App\Jobs\Records;
use Illuminate\Queue\Events\JobInterrupted;
use Illuminate\Queue\Events\WorkerInterrupted;
use Illuminate\Queue\Events\WorkerPausing;
use Illuminate\Queue\Events\WorkerResuming;
use Illuminate\Queue\Events\WorkerStopping;
use Illuminate\Support\ServiceProvider;

class SignalRecorder extends ServiceProvider
{
    use Records;

    public function boot()
    {
        $events = $this->app['events'];
        $events->listen(WorkerPausing::class, fn ($e) => static::record("event WorkerPausing {$e->connectionName} {$e->queue}"));
        $events->listen(WorkerResuming::class, fn ($e) => static::record("event WorkerResuming {$e->connectionName} {$e->queue}"));
        $events->listen(WorkerInterrupted::class, fn ($e) => static::record("event WorkerInterrupted {$e->signal} {$e->connectionName} {$e->queue}"));
        $events->listen(JobInterrupted::class, fn ($e) => static::record("event JobInterrupted {$e->connectionName} {$e->job->resolveName()} {$e->signal}"));
        $events->listen(WorkerStopping::class, fn ($e) => static::record("event WorkerStopping {$e->status}"));
    }
}
PHP);
// Works until it is interrupted, or storage/stop-long appears (at most 20 s). Before 13 there
// is no Interruptible: its interrupted() is a method like any other, which no worker calls.
file_put_contents("$app->base/app/Jobs/LongJob.php", strtr(<<<'PHP'
<?php
namespace App\Jobs;

use Illuminate\Bus\Queueable;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Foundation\Bus\Dispatchable;
use Illuminate\Queue\InteractsWithQueue;

class LongJob implements ShouldQueue INTERRUPTIBLE
{
    use Dispatchable, InteractsWithQueue, Queueable, Records;

    public bool $stop = false;

    public function __construct(public string $label) {}

    public function handle(): void
    {
        static::record("start {$this->label}");
        $until = microtime(true) + 20;
        while (!$this->stop && !is_file(storage_path('stop-long')) && microtime(true) < $until) {
            usleep(10000);
        }
        static::record("end {$this->label}");
    }

    public function interrupted(int $signal): void
    {
        $this->stop = true;
        static::record("interrupted {$this->label} $signal");
    }
}
PHP, [' INTERRUPTIBLE' => $signalEvents ? ', \Illuminate\Contracts\Queue\Interruptible' : '']));

$seen = [];
foreach (['queue:work', 'fastqueue:work'] as $command) {
    $app->reset();
    @unlink("$app->base/storage/stop-long");
    $worker = $app->artisanChild([$command, '--sleep=1']);
    $app->run('App\Jobs\LongJob::dispatch("l1");');
    $ok = $app->waitForEffect('/^start l1/');
    // With the events each signal is awaited; before 13 nothing shows a signal was handled,
    // and the order does not matter there (paused, resumed, then asked to quit after the job).
    $worker->signal(SIGUSR2);
    $ok = $ok && (!$signalEvents || $app->waitForEffect('/^event WorkerPausing/', 5));
    $worker->signal(SIGCONT);
    $ok = $ok && (!$signalEvents || $app->waitForEffect('/^event WorkerResuming/', 5));
    $worker->signal(SIGTERM);
    if (!$signalEvents) {
        // Nothing interrupts the job before 13: the worker stops after it.
        touch("$app->base/storage/stop-long");
    }
    $r = $worker->wait(30);
    $seen[$command] = ['status' => $r['status'], 'effects' => $app->effects(), 'lines' => FqLaravelApp::jobLines($r['stdout']),
        'reported' => $app->reported(), 'stderr' => $r['stderr']];
    if (!$ok) {
        echo "$command: a signal went unheard\n";
    }
}
$fq = $seen['fastqueue:work'];
$expected = $signalEvents ? ['start l1', 'event WorkerPausing redis sg030', 'event WorkerResuming redis sg030',
    'event WorkerInterrupted 15 redis sg030', 'interrupted l1 15', 'event JobInterrupted redis App\Jobs\LongJob 15', 'end l1', 'event WorkerStopping 0']
    : ['start l1', 'end l1', 'event WorkerStopping 0'];
if (!$jobInterrupted) {
    $expected = array_values(array_filter($expected, fn ($e) => !str_starts_with($e, 'event JobInterrupted')));
}
echo 'events: ', $fq['effects'] === $expected ? "as this Laravel's signal events say" : "\n" . implode("\n", $fq['effects']) . "\n(signal events: " . var_export($signalEvents, true) . ')',
    "\nstatus ", $fq['status'], $fq['stderr'], "\n";
echo $seen['queue:work'] == $fq ? "fastqueue:work as queue:work\n" : 'queue:work: ' . json_encode($seen['queue:work']) . "\nfastqueue:work: " . json_encode($fq) . "\n";
unset($app);
?>
--EXPECT--
events: as this Laravel's signal events say
status 0
fastqueue:work as queue:work
