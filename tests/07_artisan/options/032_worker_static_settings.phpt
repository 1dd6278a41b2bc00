--TEST--
fastqueue:work: Laravel's static worker settings, where the running version has them, as queue:work honours them: $memoryExceededExitCode, $timedOutExitCode, withoutInterruptionPolling() ($restartable, $pausable), 13's $reportJobExceptions and $stopOnLostConnection
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'st028', 'providers' => ['App\Providers\Statics']]);
// Sets the settings storage/statics.json names, as an application's provider would.
file_put_contents("$app->base/app/Providers/Statics.php", <<<'PHP'
<?php
namespace App\Providers;

use Illuminate\Queue\Worker;
use Illuminate\Support\ServiceProvider;

class Statics extends ServiceProvider
{
    public function boot()
    {
        $file = storage_path('statics.json');
        foreach (is_file($file) ? json_decode(file_get_contents($file), true) : [] as $name => $value) {
            if ($name === 'withoutInterruptionPolling') {
                if (method_exists($this->app['queue'], $name)) {
                    $this->app['queue']->withoutInterruptionPolling();
                }
            } elseif (property_exists(Worker::class, $name)) {
                Worker::${$name} = $value;
            }
        }
    }
}
PHP);
file_put_contents("$app->base/app/Jobs/LostJob.php", <<<'PHP'
<?php
namespace App\Jobs;

use Illuminate\Bus\Queueable;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Foundation\Bus\Dispatchable;
use Illuminate\Queue\InteractsWithQueue;

// Fails as a lost database connection does (DetectsLostConnections reads the message).
class LostJob implements ShouldQueue
{
    use Dispatchable, InteractsWithQueue, Queueable, Records;

    public $tries = 1;

    public function __construct(public string $label) {}

    public function handle(): void
    {
        static::record("lost {$this->label}");
        throw new \RuntimeException('SQLSTATE[HY000]: General error: 2006 MySQL server has gone away');
    }
}
PHP);
$src = (fq_app_vendor() ? fq_app_vendor() . '/laravel/framework/src' : (fq_laravel_dir() ?? '/usr/share/php')) . '/Illuminate/Queue';
$worker = file_get_contents("$src/Worker.php");
$has = fn (string $name) => str_contains($worker, "public static \$$name");
$settings = function (array $s) use ($app) { file_put_contents("$app->base/storage/statics.json", json_encode($s)); };
$ran = fn () => implode(' ', preg_grep('/^(ran|lost|throw|start) /', $app->effects()));

// Each case on both commands: what queue:work does is what fastqueue:work must do.
$compare = function (string $case, array $s, string $dispatch, array $args) use ($app, $settings, $ran) {
    $seen = [];
    foreach (['queue:work', 'fastqueue:work'] as $command) {
        $app->reset();
        $settings($s);
        $app->run($dispatch);
        $r = $app->artisan(array_merge([$command, '--stop-when-empty', '--sleep=0'], $args));
        $seen[$command] = ['status' => $r['status'], 'ran' => $ran(), 'reported' => $app->reported(),
            'failed jobs' => count($app->failedJobs())];
    }
    echo $seen['queue:work'] == $seen['fastqueue:work'] ? "$case: same as queue:work\n"
        : "$case differs:\nqueue:work " . json_encode($seen['queue:work']) . "\nfastqueue:work " . json_encode($seen['fastqueue:work']) . "\n";
    return $seen['fastqueue:work'];
};

// $memoryExceededExitCode (PHP counts memory only with its own allocator).
$r = $compare('memoryExceededExitCode 5', ['memoryExceededExitCode' => 5], 'App\Jobs\RecordJob::dispatch("m1");', ['--memory=1']);
$counted = memory_get_usage(true) > 0;
echo 'memory: ', $r['status'] === ($counted ? ($has('memoryExceededExitCode') ? 5 : 12) : 0) ? "the setting's status\n" : "status {$r['status']}\n";

// withoutInterruptionPolling(): a paused queue is worked (12 and later turn the check off).
$r = $compare('withoutInterruptionPolling, paused queue', ['withoutInterruptionPolling' => true],
    'App\Jobs\RecordJob::dispatch("p1"); if (method_exists(Illuminate\Support\Facades\Queue::getFacadeRoot(), "pause")) Illuminate\Support\Facades\Queue::pause("redis", "st028");', []);
echo 'paused queue: ', $r['ran'] === 'ran p1 attempt=1 queue=st028' ? "worked\n" : "ran [{$r['ran']}]\n";

// 13: $reportJobExceptions false keeps a job's exception from the handler; $stopOnLostConnection
// false keeps the worker going after a lost connection.
$compare('reportJobExceptions false', ['reportJobExceptions' => false], 'App\Jobs\ThrowJob::dispatch("t1")->onQueue("st028");', ['--tries=1']);
$r = $compare('stopOnLostConnection false', ['stopOnLostConnection' => false], 'App\Jobs\LostJob::dispatch("l1"); App\Jobs\RecordJob::dispatch("l2");', []);
echo 'lost connection: ', $r['ran'] === ($has('stopOnLostConnection') ? 'lost l1 ran l2 attempt=1 queue=st028' : 'lost l1') ? "as the setting says\n" : "ran [{$r['ran']}]\n";

// $timedOutExitCode: queue:work kills itself (SIGKILL) on a timeout, so only the status of
// fastqueue:work, which exits with it.
$app->reset();
$settings(['timedOutExitCode' => 9]);
$app->run('App\Jobs\SlowJob::dispatch("s1", 5);');
$r = $app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=0']);
echo 'timeout: ', $r['status'] === ($has('timedOutExitCode') ? 9 : 1) ? "the setting's status\n" : "status {$r['status']}\n";

// withoutInterruptionPolling(): queue:restart does not stop the worker (12 and later).
$app->reset();
$settings(['withoutInterruptionPolling' => true]);
$child = $app->artisanChild(['fastqueue:work', '--sleep=1']);
$app->run('App\Jobs\RecordJob::dispatch("r1");');
$app->waitForEffect('/^ran r1/');
sleep(1);
// (13's queue:restart itself refuses while the setting is on: it is run without it.)
unlink("$app->base/storage/statics.json");
$app->artisan(['queue:restart']);
$app->run('App\Jobs\RecordJob::dispatch("r2");');
$app->waitForEffect('/^ran r2/', 5);
usleep(1500000);
$child->signal(SIGTERM);
$r = $child->wait(20);
echo 'restart: ', $ran() === ($has('restartable') ? 'ran r1 attempt=1 queue=st028 ran r2 attempt=1 queue=st028' : 'ran r1 attempt=1 queue=st028') ? "as the setting says\n" : "ran [{$ran()}]\n", $r['stderr'];
unset($app);
?>
--EXPECT--
memoryExceededExitCode 5: same as queue:work
memory: the setting's status
withoutInterruptionPolling, paused queue: same as queue:work
paused queue: worked
reportJobExceptions false: same as queue:work
stopOnLostConnection false: same as queue:work
lost connection: as the setting says
timeout: the setting's status
restart: as the setting says
