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
timeouts  same        same        same        same        same        by design   same
6 of 7 comparisons identical, 1 different by design, 0 different
timeouts / exit: by design, README "Timeouts": fastqueue:work exits with status 1 where queue:work kills itself with SIGKILL
