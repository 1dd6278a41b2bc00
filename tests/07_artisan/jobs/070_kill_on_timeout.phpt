--TEST--
fastqueue:work as queue:work on the same application: Worker::$killOnTimeout = false (13.42: the timeout thrown into the job, which is retried or failed by its tries, and the worker goes on) and interrupted(SIGALRM) on a timed-out Interruptible job (13.42, both ways); both commands end at the first timeout where the version has no such setting
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'kt070', 'providers' => ['App\Providers\RecordAllEvents', 'App\Providers\WorkerStatics']]);
$interruptible = fq_laravel_source('Illuminate/Contracts/Queue/Interruptible.php') !== null;
// Runs past its timeout of 1 s; hears of signals where the version has Interruptible jobs.
file_put_contents("$app->base/app/Jobs/OvertimeJob.php", '<?php
namespace App\Jobs;

use Illuminate\Bus\Queueable;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Foundation\Bus\Dispatchable;
use Illuminate\Queue\InteractsWithQueue;

class OvertimeJob implements ShouldQueue' . ($interruptible ? ', \Illuminate\Contracts\Queue\Interruptible' : '') . '
{
    use Dispatchable, InteractsWithQueue, Queueable, Records;

    public $timeout = 1;

    public function __construct(public string $label) {}

    public function handle(): void
    {
        static::record("start {$this->label} attempt={$this->attempts()}");
        $until = microtime(true) + 4;
        while (microtime(true) < $until) {
            usleep(1000);
        }
        static::record("end {$this->label}");
    }

    public function interrupted(int $signal): void
    {
        static::record("interrupted {$this->label} signal=$signal");
    }

    public function failed(\Throwable $e): void
    {
        static::record("failed() {$this->label}: " . get_class($e) . ": " . $e->getMessage());
    }
}
');
$worker = fq_laravel_source('Illuminate/Queue/Worker.php');
$has = str_contains($worker, 'public static $killOnTimeout');
$statics = fn (array $s) => file_put_contents("$app->base/storage/worker-statics.json", json_encode($s));

// Each case on both commands. A worker ended by the timeout: queue:work kills itself
// (SIGKILL), fastqueue:work exits with status 1 (README, "Timeouts").
$compare = function (string $case, array $s, string $dispatch, array $args) use ($app, $statics) {
    $seen = [];
    foreach (['queue:work', 'fastqueue:work'] as $command) {
        $app->reset();
        $statics($s);
        $app->run($dispatch);
        $r = $app->artisan(array_merge([$command, '--stop-when-empty', '--sleep=0'], $args));
        $ended = $r['signal'] === SIGKILL || ($r['signal'] === null && $r['status'] === 1) ? 'ended by the timeout' : "status {$r['status']}";
        $seen[$command] = ['end' => $ended, 'effects' => $app->effects(), 'reported' => $app->reported(),
            // (where the exception was made: each worker's own code)
            'failed jobs' => array_map(fn ($row) => preg_replace('/ in \S+:\d+$/', '', strtok($row['exception'], "\n")), $app->failedJobs())];
    }
    echo $seen['queue:work'] == $seen['fastqueue:work'] ? "$case: same as queue:work\n"
        : "$case differs:\nqueue:work " . json_encode($seen['queue:work'], JSON_PRETTY_PRINT) . "\nfastqueue:work " . json_encode($seen['fastqueue:work'], JSON_PRETTY_PRINT) . "\n";
    return $seen['fastqueue:work'];
};
$starts = fn (array $r) => implode(' ', preg_replace('/^start (\S+) attempt=(\d)$/', '$1#$2', preg_grep('/^start /', $r['effects'])));

// Tries 2: each timeout is thrown into the job, released, then failed; the next job runs.
$r = $compare('killOnTimeout false', ['killOnTimeout' => false],
    'App\Jobs\OvertimeJob::dispatch("o1"); App\Jobs\RecordJob::dispatch("after");', ['--tries=2']);
$went = $r['end'] === 'status 0' && $starts($r) === 'o1#1 o1#2' && preg_grep('/^ran after/', $r['effects']) !== []
    && count($r['failed jobs']) === 1 && str_contains($r['failed jobs'][0], 'OvertimeJob has timed out.');
$ended = $r['end'] === 'ended by the timeout' && $starts($r) === 'o1#1' && preg_grep('/^ran after/', $r['effects']) === [];
echo 'killOnTimeout false: ', ($has ? $went : $ended) ? "as the version says\n" : json_encode($r) . "\n";

// The timed-out job hears of the SIGALRM (13.42), in both ways.
foreach (['kill' => [], 'throw' => ['killOnTimeout' => false]] as $way => $s) {
    $r = $compare("interrupted ($way)", $s, 'App\Jobs\OvertimeJob::dispatch("i1");', ['--tries=1']);
    $heard = preg_grep('/^interrupted i1 signal=14$/', $r['effects']) !== []
        && preg_grep('/^all JobInterrupted App\\\\Jobs\\\\OvertimeJob/', $r['effects']) !== [];
    echo "interrupted ($way): ", $heard === $has ? "as the version says\n" : json_encode($r) . "\n";
}
unset($app);
?>
--EXPECT--
killOnTimeout false: same as queue:work
killOnTimeout false: as the version says
interrupted (kill): same as queue:work
interrupted (kill): as the version says
interrupted (throw): same as queue:work
interrupted (throw): as the version says
