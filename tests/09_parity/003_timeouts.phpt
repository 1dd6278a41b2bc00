--TEST--
Parity, timeouts: queue:work and fastqueue:work on jobs past their timeout, with failOnTimeout or without (retried after retry_after), and in a DB transaction
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
$p->run();
?>
--EXPECTF--
parity table, Laravel %s, PHP %s
case      runs        events      failed_jobs job_batches output      exit        redis
timeouts  %r(same|by design) +(same|by design) +(same|by design) +same +by design +by design +by design%r
%d of 7 comparisons identical, %d different by design, 0 different
%Atimeouts / output: by design, README "Why a job ended its worker": fastqueue:work records the cause and shows it where queue:work says only "attempted too many times"
timeouts / exit: by design, README "Timeouts": fastqueue:work exits with status 1 where queue:work kills itself with SIGKILL
timeouts / redis: by design, README "Why a job ended its worker": fastqueue:work records the cause and shows it where queue:work says only "attempted too many times"
