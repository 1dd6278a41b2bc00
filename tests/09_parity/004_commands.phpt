--TEST--
Parity, queue commands: queue:work and fastqueue:work around queue:retry, queue:forget and queue:flush, and queue:pause and queue:resume where the version has them (n/a otherwise)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/parity.inc';

$p = new FqParity();
$p->add('queue commands', [
    ['php', <<<'PHP'
use App\Parity\UntilOkJob;
UntilOkJob::dispatch('retried');
UntilOkJob::dispatch('forgotten');
UntilOkJob::dispatch('flushed');
PHP],
    ['work', []],
    ['php', "app('cache')->forever('parity-ok', 1);"],
    ['artisan', ['queue:retry', '{uuid:retried}']],
    ['artisan', ['queue:forget', '{uuid:forgotten}']],
    ['work', []],
    ['artisan', ['queue:flush']],
]);
$p->add('pause and resume', [
    ['php', "App\\Parity\\OkJob::dispatch('dispatched while paused');"],
    ['artisan', ['queue:pause', 'redis:' . FQ_PARITY_QUEUE]],
    ['work', [], 'once'],
    ['artisan', ['queue:resume', 'redis:' . FQ_PARITY_QUEUE]],
    ['work', []],
], "class_exists('Illuminate\\Queue\\Console\\PauseCommand')");
$p->run();
?>
--EXPECTF--
parity table, Laravel %s, PHP %s
case              runs        events      failed_jobs job_batches output      exit        redis
queue commands    same        same        same        same        same        same        same
pause and resume  %r(same|n.a)( +(same|n.a)){6}%r
%d of %d comparisons identical, 0 different by design, 0 different
