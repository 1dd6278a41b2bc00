--TEST--
fastqueue:work: a chain runs in order (the next job is dispatched by Laravel after each); a failing link stops the chain and runs its catch callback and the job's failed()
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work006']);
$app->run(<<<'PHP'
use App\Jobs\RecordJob;
use App\Jobs\TriesJob;
use Illuminate\Support\Facades\Bus;

Bus::chain([new RecordJob('c1'), new RecordJob('c2'), new RecordJob('c3')])->dispatch();
Bus::chain([new RecordJob('d1'), new TriesJob('d2'), new RecordJob('d3')])
    ->catch(function (Throwable $e) {
        RecordJob::record('chain catch: ' . get_class($e) . ': ' . $e->getMessage());
    })
    ->dispatch();
// A chain whose links go to another queue.
Bus::chain([new RecordJob('e1'), new RecordJob('e2')])->onQueue('work006b')->dispatch();
PHP);
echo "pending: ", count($app->queueState('work006')['queue']), ' + ', count($app->queueState('work006b')['queue']), "\n";

$r = $app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=0', '--queue=work006,work006b']);
echo "status {$r['status']}\n", $r['stderr'];
echo implode("\n", FqLaravelApp::withoutReleaseLines(FqLaravelApp::jobLines($r['stdout']), false)), "\n";
echo "effects:\n", implode("\n", $app->effects()), "\n";
foreach ($app->failedJobs() as $row) {
    echo "failed_jobs: {$row['queue']} ", json_decode($row['payload'], true)['displayName'], ' ', strtok($row['exception'], "\n"), "\n";
}
foreach (['work006', 'work006b'] as $q) {
    $s = $app->queueState($q);
    echo "$q: ", count($s['queue']) + count($s['delayed']) + count($s['reserved']), " left, notify {$s['notify']}\n";
}
?>
--EXPECTF--
pending: 2 + 1
status 0
Processing: App\Jobs\RecordJob
Processed: App\Jobs\RecordJob
Processing: App\Jobs\RecordJob
Processed: App\Jobs\RecordJob
Processing: App\Jobs\RecordJob
Processed: App\Jobs\RecordJob
Processing: App\Jobs\TriesJob
Processing: App\Jobs\RecordJob
Processed: App\Jobs\RecordJob
Processing: App\Jobs\TriesJob
Failed: App\Jobs\TriesJob
Processing: App\Jobs\RecordJob
Processed: App\Jobs\RecordJob
Processing: App\Jobs\RecordJob
Processed: App\Jobs\RecordJob
effects:
ran c1 attempt=1 queue=work006
ran d1 attempt=1 queue=work006
ran c2 attempt=1 queue=work006
throw d2 attempt=1
ran c3 attempt=1 queue=work006
throw d2 attempt=2
chain catch: RuntimeException: tries d2 attempt 2
failed() d2: RuntimeException: tries d2 attempt 2
ran e1 attempt=1 queue=work006b
ran e2 attempt=1 queue=work006b
failed_jobs: work006 App\Jobs\TriesJob RuntimeException: tries d2 attempt 2 in %s/app/Jobs/TriesJob.php:%d
work006: 0 left, notify 0
work006b: 0 left, notify 0
