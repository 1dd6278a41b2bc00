--TEST--
fastqueue:work: batches: Laravel records each job in job_batches; then/catch/finally callbacks run as under queue:work
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work007']);
$app->run(<<<'PHP'
use App\Jobs\RecordJob;
use App\Jobs\TriesJob;
use Illuminate\Bus\Batch;
use Illuminate\Support\Facades\Bus;

Bus::batch([new RecordJob('a1'), new RecordJob('a2')])
    ->name('good')
    ->then(fn (Batch $b) => RecordJob::record("then {$b->name} processed={$b->processedJobs()}/{$b->totalJobs}"))
    ->catch(fn (Batch $b, Throwable $e) => RecordJob::record("catch {$b->name}"))
    ->finally(fn (Batch $b) => RecordJob::record("finally {$b->name}"))
    ->dispatch();
Bus::batch([new RecordJob('b1'), new TriesJob('b2')])
    ->name('bad')
    ->allowFailures()
    ->then(fn (Batch $b) => RecordJob::record("then {$b->name}"))
    ->catch(fn (Batch $b, Throwable $e) => RecordJob::record("catch {$b->name}: {$e->getMessage()}"))
    ->finally(fn (Batch $b) => RecordJob::record("finally {$b->name} failed={$b->failedJobs} pending={$b->pendingJobs}"))
    ->dispatch();
PHP);

$r = $app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=0']);
echo "status {$r['status']}\n", $r['stderr'];
echo "effects:\n", implode("\n", $app->effects()), "\n";
$pdo = new PDO('sqlite:' . $app->base . '/database/database.sqlite');
foreach ($pdo->query('SELECT name, total_jobs, pending_jobs, failed_jobs, failed_job_ids, cancelled_at, finished_at FROM job_batches ORDER BY name DESC') as $b) {
    $ids = json_decode($b['failed_job_ids'], true);
    printf("batch %s: total=%d pending=%d failed=%d failed_ids=%d finished=%s cancelled=%s\n", $b['name'], $b['total_jobs'],
        $b['pending_jobs'], $b['failed_jobs'], count($ids), $b['finished_at'] ? 'yes' : 'no', $b['cancelled_at'] ? 'yes' : 'no');
    foreach ($ids as $id) {
        echo "  failed id is the failed_jobs row's uuid: ", var_export(in_array($id, array_column($app->failedJobs(), 'uuid'), true), true), "\n";
    }
}
?>
--EXPECT--
status 0
effects:
ran a1 attempt=1 queue=work007
ran a2 attempt=1 queue=work007
then good processed=2/2
finally good
ran b1 attempt=1 queue=work007
throw b2 attempt=1
throw b2 attempt=2
catch bad: tries b2 attempt 2
finally bad failed=1 pending=1
failed() b2: RuntimeException: tries b2 attempt 2
batch good: total=2 pending=0 failed=0 failed_ids=0 finished=yes cancelled=no
batch bad: total=2 pending=1 failed=1 failed_ids=1 finished=no cancelled=no
  failed id is the failed_jobs row's uuid: true
