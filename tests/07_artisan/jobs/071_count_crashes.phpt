--TEST--
fastqueue:work as queue:work on the same application: #[CountCrashesAsExceptions] (13.42), an attempt that killed its worker counted as an exception, so that maxExceptions 1 fails the job before attempt 2 with "has been attempted too many times."; the same marker in the same cache, so that a fleet of both commands counts it the same; attempt 2 runs where the version has no such attribute
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'cc071']);
// A crashed attempt comes back after retry_after: 2 s here.
$config = file_get_contents("$app->base/config/queue.php");
file_put_contents("$app->base/config/queue.php", str_replace("'retry_after' => 90", "'retry_after' => 2", $config));
// Kills its worker on attempt 1 (as a segfault or the OOM killer would), succeeds after.
file_put_contents("$app->base/app/Jobs/CrashOnceJob.php", '<?php
namespace App\Jobs;

use Illuminate\Bus\Queueable;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Foundation\Bus\Dispatchable;
use Illuminate\Queue\InteractsWithQueue;

#[\Illuminate\Queue\Attributes\CountCrashesAsExceptions]
class CrashOnceJob implements ShouldQueue
{
    use Dispatchable, InteractsWithQueue, Queueable, Records;

    public $tries = 3;
    public $maxExceptions = 1;

    public function __construct(public string $label) {}

    public function handle(): void
    {
        static::record("start {$this->label} attempt={$this->attempts()}");
        if ($this->attempts() === 1) {
            posix_kill(getmypid(), SIGKILL);
        }
        static::record("end {$this->label}");
    }

    public function failed(\Throwable $e): void
    {
        static::record("failed() {$this->label}: " . get_class($e) . ": " . $e->getMessage());
    }
}
');
$has = fq_laravel_source('Illuminate/Queue/Attributes/CountCrashesAsExceptions.php') !== null;

// Attempt 1 under $first (it crashes), attempt 2 under $second once the reservation expired.
$run = function (string $first, string $second) use ($app): array {
    $app->reset();
    $app->run('App\Jobs\CrashOnceJob::dispatch("c1");');
    $a = $app->artisan([$first, '--stop-when-empty', '--sleep=0']);
    do {
        usleep(200000);
    } while ($app->queueState('cc071')['reserved'] !== [] && $app->queueState('cc071')['reserved'][0][1] > microtime(true));
    $b = $app->artisan([$second, '--stop-when-empty', '--sleep=0']);
    $markers = trim($app->run('$uuid = json_decode(Illuminate\Support\Facades\DB::table("failed_jobs")->value("payload") ?? "{}", true)["uuid"] ?? null;'
        . ' echo $uuid === null ? "-" : (Illuminate\Support\Facades\Cache::has("job-processing:$uuid") ? "marker left" : "no marker");'));
    return ['first' => $a['signal'] === SIGKILL ? 'crashed' : "status {$a['status']}", 'second' => $b['status'],
        'effects' => $app->effects(), 'failed jobs' => array_map(fn ($row) => preg_replace('/ in \S+:\d+$/', '', strtok($row['exception'], "\n")), $app->failedJobs()),
        'markers' => $markers, 'left' => array_map('count', array_intersect_key($app->queueState('cc071'), ['queue' => 1, 'delayed' => 1, 'reserved' => 1]))];
};

// What fastqueue:work adds on purpose (laravel/README.md, "Why a job ended its worker"): the
// recorded cause after Laravel's message. It is checked, then taken away for the comparison.
$causes = [];
$withoutCause = function (array $r) use (&$causes): array {
    $strip = function (string $s) use (&$causes): string {
        if (preg_match('/ (attempt 1 of App\\\\Jobs\\\\CrashOnceJob ended its worker: its reservation expired unfinished); .*$/', $s, $m)) {
            $causes[] = $m[1];
            return substr($s, 0, -strlen($m[0]));
        }
        return $s;
    };
    $r['effects'] = array_map($strip, $r['effects']);
    $r['failed jobs'] = array_map($strip, $r['failed jobs']);
    return $r;
};
$seen = [];
foreach ([['queue:work', 'queue:work'], ['fastqueue:work', 'fastqueue:work'], ['queue:work', 'fastqueue:work'], ['fastqueue:work', 'queue:work']] as [$a, $b]) {
    $causes = [];
    $seen["$a then $b"] = $withoutCause($run($a, $b));
    // A job failed by fastqueue:work for its crash names the cause, in failed() and failed_jobs.
    if ($has && $b === 'fastqueue:work' && count($causes) !== 2) {
        echo "$a then $b: the cause is not named in failed() and failed_jobs: ", json_encode($causes), "\n";
    }
}
$want = $seen['queue:work then queue:work'];
foreach ($seen as $case => $r) {
    echo $case, ': ', $r == $want ? "same as queue:work alone\n" : "differs:\n" . json_encode($r, JSON_PRETTY_PRINT) . "\nqueue:work alone " . json_encode($want, JSON_PRETTY_PRINT) . "\n";
}
$failed = $want['effects'] === ['start c1 attempt=1', 'failed() c1: Illuminate\Queue\MaxAttemptsExceededException: App\Jobs\CrashOnceJob has been attempted too many times.']
    && count($want['failed jobs']) === 1 && $want['markers'] === 'no marker';
$ran = $want['effects'] === ['start c1 attempt=1', 'start c1 attempt=2', 'end c1'] && $want['failed jobs'] === [];
echo 'the crash: ', ($has ? $failed : $ran) ? "as the version says\n" : json_encode($want) . "\n";
unset($app);
?>
--EXPECT--
queue:work then queue:work: same as queue:work alone
fastqueue:work then fastqueue:work: same as queue:work alone
queue:work then fastqueue:work: same as queue:work alone
fastqueue:work then queue:work: same as queue:work alone
the crash: as the version says
