--TEST--
fastqueue:work as queue:work on the same application: Worker::$flushStickyConnections (13.42), each database connection's record-modification state forgotten between jobs, so that a job after one that wrote no longer reads as after a write; kept where the setting is off or the version has none
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'st073', 'providers' => ['App\Providers\WorkerStatics']]);
// Writes a row (or only reads), then records whether the connection has modified records.
file_put_contents("$app->base/app/Jobs/StickyJob.php", '<?php
namespace App\Jobs;

use Illuminate\Bus\Queueable;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Foundation\Bus\Dispatchable;
use Illuminate\Queue\InteractsWithQueue;
use Illuminate\Support\Facades\DB;

class StickyJob implements ShouldQueue
{
    use Dispatchable, InteractsWithQueue, Queueable, Records;

    public function __construct(public string $label, public bool $writes) {}

    public function handle(): void
    {
        $before = var_export(DB::connection()->hasModifiedRecords(), true);
        if ($this->writes) {
            DB::table("bench_rows")->insert(["i" => 1, "created_at" => date("Y-m-d H:i:s")]);
        } else {
            DB::table("bench_rows")->count();
        }
        static::record("{$this->label}: modified before=$before after=" . var_export(DB::connection()->hasModifiedRecords(), true));
    }
}
');
$has = str_contains(fq_laravel_source('Illuminate/Queue/Worker.php'), 'public static $flushStickyConnections');
$statics = fn (array $s) => file_put_contents("$app->base/storage/worker-statics.json", json_encode($s));

foreach ([true, false] as $flush) {
    $seen = [];
    foreach (['queue:work', 'fastqueue:work'] as $command) {
        $app->reset();
        $statics(['flushStickyConnections' => $flush]);
        $app->run('App\Jobs\StickyJob::dispatch("writer", true); App\Jobs\StickyJob::dispatch("reader", false);');
        $r = $app->artisan([$command, '--stop-when-empty', '--sleep=0']);
        $seen[$command] = ['status' => $r['status'], 'effects' => $app->effects(), 'stderr' => $r['stderr']];
    }
    $case = 'flushStickyConnections ' . var_export($flush, true);
    echo $seen['queue:work'] == $seen['fastqueue:work'] ? "$case: same as queue:work\n"
        : "$case differs:\nqueue:work " . json_encode($seen['queue:work']) . "\nfastqueue:work " . json_encode($seen['fastqueue:work']) . "\n";
    $forgotten = $flush && $has;
    // (Whether the writer starts modified depends on what the version's connection ran at boot.)
    $reader = preg_grep('/^reader: /', $seen['fastqueue:work']['effects']);
    $want = ['reader: modified before=' . var_export(!$forgotten, true) . ' after=' . var_export(!$forgotten, true)];
    echo "$case: ", array_values($reader) === $want ? "as the version says\n" : json_encode($seen['fastqueue:work']['effects']) . "\n";
}
unset($app);
?>
--EXPECT--
flushStickyConnections true: same as queue:work
flushStickyConnections true: as the version says
flushStickyConnections false: same as queue:work
flushStickyConnections false: as the version says
