--TEST--
Parity, timeouts and commands: queue:work and fastqueue:work on timeouts (failOnTimeout or not, in a DB transaction), queue:retry, queue:forget, queue:flush, queue:pause and queue:resume
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/parity.inc';

$p = new FqParity();
$p->add('timeouts', [
    ['php', <<<'PHP'
use App\Parity\TimeoutJob;
TimeoutJob::dispatch('fail on timeout', 3, true);
TimeoutJob::dispatch('in a transaction', 1, true, true);
TimeoutJob::dispatch('retried after retry_after', 2, false);
PHP],
    ['work', []],
]);
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
timeouts          same        same        same        same        same        by design   same        
queue commands    same        same        same        same        same        same        same        
pause and resume  %s
%d of %d comparisons identical, 1 different by design, 0 different
timeouts / exit: by design, %s
