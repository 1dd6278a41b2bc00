--TEST--
Parity, middleware and models: queue:work and fastqueue:work on ShouldBeUnique, ShouldBeUniqueUntilProcessing, WithoutOverlapping, RateLimited, ThrottlesExceptions, ShouldBeEncrypted, missing models, queued listeners, mail and notifications
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/parity.inc';

$p = new FqParity();
$p->add('unique', [
    ['php', <<<'PHP'
use App\Parity\{UniqueJob, UntilProcessingJob};
UniqueJob::dispatch('u1');
UniqueJob::dispatch('u1');
UniqueJob::dispatch('u2');
UntilProcessingJob::dispatch('first');
UntilProcessingJob::dispatch('not pushed');
PHP],
    ['work', []],
]);
$p->add('job middleware', [
    ['php', <<<'PHP'
use App\Parity\{OverlapJob, RateLimitedJob, ThrottledJob};
use Illuminate\Queue\Middleware\WithoutOverlapping;
// Held for good: the WithoutOverlapping jobs find it taken.
app('cache')->lock((new WithoutOverlapping('held'))->getLockKey(new OverlapJob('x', null)))->get();
OverlapJob::dispatch('dont release', null);
OverlapJob::dispatch('release after 1', 1);
RateLimitedJob::dispatch('limited 1');
RateLimitedJob::dispatch('limited 2');
ThrottledJob::dispatch('throttled');
PHP],
    ['work', []],
]);
$p->add('encryption and models', [
    ['php', <<<'PHP'
use App\Parity\{MissingModelDeletedJob, ModelJob, SecretJob, Thing};
SecretJob::dispatch('secret', 'the secret');
$kept = Thing::create(['name' => 'kept']);
ModelJob::dispatch($kept, 'model there');
$gone = Thing::create(['name' => 'gone']);
ModelJob::dispatch($gone, 'model missing');
MissingModelDeletedJob::dispatch($gone, 'model missing, deleteWhenMissingModels');
$gone->delete();
PHP],
    ['work', []],
]);
$p->add('listeners, mail, notifications', [
    ['php', <<<'PHP'
use App\Parity\{ParityMail, ParityNotice, Shipped, User};
event(new Shipped('order 1'));
Illuminate\Support\Facades\Mail::to('someone@example.com')->queue(new ParityMail('m1'));
User::create(['name' => 'ann', 'email' => 'ann@example.com'])->notify(new ParityNotice('n1'));
PHP],
    ['work', []],
]);
$p->run();
?>
--EXPECTF--
parity table, Laravel %s, PHP %s
case                            runs        events      failed_jobs job_batches output      exit        redis
unique                          same        same        same        same        same        same        same
job middleware                  same        same        same        same        same        same        same
encryption and models           same        same        same        same        same        same        same
listeners, mail, notifications  same        same        same        same        same        same        same
28 of 28 comparisons identical, 0 different by design, 0 different
