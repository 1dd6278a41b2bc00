--TEST--
Parity, failover connection (12.34 and later, n/a before): queue:work failover and fastqueue:work failover on job outcomes and retries, a timeout, and a paused queue (the worker's events name the failover connection, the job's own name the Redis member)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/parity.inc';

$p = new FqParity();
// A failover connection over the application's Redis queue connection, with a second Redis
// connection (database 1) as its fallback.
$config = "{$p->app->base}/config/queue.php";
file_put_contents($config, str_replace("'connections' => [", "'connections' => [\n"
    . "        'failover' => ['driver' => 'failover', 'connections' => ['redis', 'backup']],\n"
    . "        'backup' => ['driver' => 'redis', 'connection' => 'cache', 'queue' => 'parity', 'retry_after' => 90],", file_get_contents($config)));
$failover = "class_exists('Illuminate\\Queue\\FailoverQueue')";

$p->add('failover outcomes', [
    ['php', <<<'PHP'
use App\Parity\{DeleteJob, FailJob, OkJob, ReleaseJob, ThrowJob};
OkJob::dispatch('ok')->onConnection('failover');
ReleaseJob::dispatch('release')->onConnection('failover');
FailJob::dispatch('fail')->onConnection('failover');
DeleteJob::dispatch('delete')->onConnection('failover');
ThrowJob::dispatch('tries 2', 2)->onConnection('failover');
ThrowJob::dispatch('worker tries', null)->onConnection('failover');
PHP],
    ['work', ['failover', '--tries=1', '-v']],
], $failover);
$p->add('failover timeouts', [
    ['php', <<<'PHP'
use App\Parity\TimeoutJob;
TimeoutJob::dispatch('fail on timeout', 3, true)->onConnection('failover');
TimeoutJob::dispatch('retried after retry_after', 2, false)->onConnection('failover');
PHP],
    ['work', ['failover']],
], $failover);
$p->add('failover paused', [
    ['php', "App\\Parity\\OkJob::dispatch('dispatched while paused')->onConnection('failover');"],
    ['artisan', ['queue:pause', 'failover:' . FQ_PARITY_QUEUE]],
    ['work', ['failover'], 'once'],
    ['artisan', ['queue:resume', 'failover:' . FQ_PARITY_QUEUE]],
    ['work', ['failover']],
], $failover);
$p->run();
?>
--EXPECTF--
parity table, Laravel %s, PHP %s
case               runs        events      failed_jobs job_batches output      exit        redis
failover outcomes  %r(same|n.a)( +(same|n.a)){6}%r
failover timeouts  %r((same|by design) +(same|by design) +(same|by design) +same +by design +by design +by design|n.a( +n.a){6})%r
failover paused    %r(same|n.a)( +(same|n.a)){6}%r
%d of %d comparisons identical, %d different by design, 0 different%A
