--TEST--
fastqueue:work: Laravel 13's signal events, as queue:work fires them: WorkerPausing (SIGUSR2), WorkerResuming (SIGCONT), WorkerInterrupted (SIGTERM), and an Interruptible job's interrupted() with JobInterrupted while it runs
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php
require __DIR__ . '/../inc/laravel_app.inc';
fq_skip_unless_laravel_app();
$src = (fq_app_vendor() ? fq_app_vendor() . '/laravel/framework/src' : (fq_laravel_dir() ?? '/usr/share/php')) . '/Illuminate';
if (!is_file("$src/Queue/Events/WorkerInterrupted.php") || !is_file("$src/Contracts/Queue/Interruptible.php")) {
    die('skip this Laravel has no signal events (Laravel 13)');
}
if (!function_exists('pcntl_signal') && !str_contains(shell_exec(PHP_BINARY . ' -m') ?? '', 'pcntl')) {
    die('skip queue:work needs ext-pcntl for signals');
}
?>
--FILE--
<?php
require __DIR__ . '/../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'sg030', 'providers' => ['App\Providers\SignalRecorder']]);
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
file_put_contents("$app->base/app/Jobs/LongJob.php", <<<'PHP'
<?php
namespace App\Jobs;

use Illuminate\Bus\Queueable;
use Illuminate\Contracts\Queue\Interruptible;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Foundation\Bus\Dispatchable;
use Illuminate\Queue\InteractsWithQueue;

// Works until it is interrupted (at most 20 s).
class LongJob implements ShouldQueue, Interruptible
{
    use Dispatchable, InteractsWithQueue, Queueable, Records;

    public bool $stop = false;

    public function __construct(public string $label) {}

    public function handle(): void
    {
        static::record("start {$this->label}");
        $until = microtime(true) + 20;
        while (!$this->stop && microtime(true) < $until) {
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
PHP);

$seen = [];
foreach (['queue:work', 'fastqueue:work'] as $command) {
    $app->reset();
    $worker = $app->artisanChild([$command, '--sleep=1']);
    $app->run('App\Jobs\LongJob::dispatch("l1");');
    $ok = $app->waitForEffect('/^start l1/');
    $worker->signal(SIGUSR2);
    $ok = $ok && $app->waitForEffect('/^event WorkerPausing/', 5);
    $worker->signal(SIGCONT);
    $ok = $ok && $app->waitForEffect('/^event WorkerResuming/', 5);
    $worker->signal(SIGTERM);
    $r = $worker->wait(30);
    $seen[$command] = ['status' => $r['status'], 'effects' => $app->effects(), 'stderr' => $r['stderr']];
    if (!$ok) {
        echo "$command: a signal went unheard\n";
    }
}
echo implode("\n", $seen['fastqueue:work']['effects']), "\nstatus ", $seen['fastqueue:work']['status'], $seen['fastqueue:work']['stderr'], "\n";
echo $seen['queue:work'] == $seen['fastqueue:work'] ? "same as queue:work\n" : 'queue:work: ' . json_encode($seen['queue:work']) . "\n";
unset($app);
?>
--EXPECT--
start l1
event WorkerPausing redis sg030
event WorkerResuming redis sg030
event WorkerInterrupted 15 redis sg030
interrupted l1 15
event JobInterrupted redis App\Jobs\LongJob 15
end l1
event WorkerStopping 0
status 0
same as queue:work
