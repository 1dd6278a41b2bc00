--TEST--
Parity, jobs: queue:work and fastqueue:work on release, fail and delete from handle(), closures, tries, maxExceptions, backoff, retryUntil, batches and chains
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/parity.inc';

$p = new FqParity();
$p->add('handle outcomes', [
    ['php', <<<'PHP'
use App\Parity\{DeleteJob, FailJob, OkJob, ReleaseJob};
OkJob::dispatch('ok');
ReleaseJob::dispatch('release');
FailJob::dispatch('fail');
DeleteJob::dispatch('delete');
dispatch(function () { Mark::add('closure', 'ran'); });
PHP],
    ['work', []],
]);
$p->add('retries', [
    ['php', <<<'PHP'
use App\Parity\{BackoffJob, MaxExceptionsJob, RetryUntilJob, ThrowJob};
ThrowJob::dispatch('tries 2', 2);
ThrowJob::dispatch('worker tries', null);
MaxExceptionsJob::dispatch('max exceptions');
BackoffJob::dispatch('backoff');
RetryUntilJob::dispatch('until ahead', time() + 600);
RetryUntilJob::dispatch('until passed', time() - 5);
PHP],
    ['work', ['--tries=2']],
]);
$p->add('batches and chains', [
    ['php', <<<'PHP'
use App\Parity\{OkJob, ThrowJob};
use Illuminate\Bus\Batch;
use Illuminate\Support\Facades\Bus;
Bus::batch([new OkJob('allow 1'), new ThrowJob('allow 2')])->name('allow failures')->allowFailures()
    ->then(fn (Batch $b) => Mark::add('batch allow', 'then'))
    ->catch(fn (Batch $b, Throwable $e) => Mark::add('batch allow', 'catch ' . $e->getMessage()))
    ->finally(fn (Batch $b) => Mark::add('batch allow', "finally failed={$b->failedJobs} pending={$b->pendingJobs}"))
    ->dispatch();
Bus::batch([new ThrowJob('strict 1'), new OkJob('strict 2')])->name('strict')
    ->then(fn (Batch $b) => Mark::add('batch strict', 'then'))
    ->catch(fn (Batch $b, Throwable $e) => Mark::add('batch strict', 'catch ' . $e->getMessage()))
    ->finally(fn (Batch $b) => Mark::add('batch strict', "finally cancelled=" . var_export($b->cancelled(), true)))
    ->dispatch();
Bus::batch([new OkJob('ok 1'), new OkJob('ok 2')])->name('all ok')
    ->then(fn (Batch $b) => Mark::add('batch ok', 'then'))
    ->finally(fn (Batch $b) => Mark::add('batch ok', 'finally'))
    ->dispatch();
Bus::chain([new OkJob('chain 1'), new ThrowJob('chain 2'), new OkJob('chain 3')])
    ->catch(fn (Throwable $e) => Mark::add('chain', 'catch ' . $e->getMessage()))
    ->dispatch();
Bus::chain([new OkJob('chain ok 1'), new OkJob('chain ok 2')])->dispatch();
PHP],
    ['work', []],
]);
$p->run();
?>
--EXPECTF--
parity table, Laravel %s, PHP %s
case                runs        events      failed_jobs job_batches output      exit        redis
handle outcomes     same        same        same        same        same        same        same
retries             same        same        same        same        same        same        same
batches and chains  same        same        same        same        same        same        same
21 of 21 comparisons identical, 0 different by design, 0 different
