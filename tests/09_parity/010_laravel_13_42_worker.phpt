--TEST--
Parity, Laravel 13.42's worker: Worker::$killOnTimeout off (the timeout thrown into the job, retried or failed, the worker going on), interrupted(SIGALRM) on a timed-out Interruptible job, #[CountCrashesAsExceptions], the jobs' durations and whenJobRunsLongerThan(), $flushStickyConnections
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/parity.inc';

$killOnTimeout = "property_exists(Illuminate\\Queue\\Worker::class, 'killOnTimeout')";
$noKill = "file_put_contents(storage_path('parity-statics.json'), json_encode(['killOnTimeout' => false]));\n";
$p = new FqParity();
// Each timeout comes out of the job: retried, then failed by its tries; failOnTimeout fails it
// at once; maxExceptions 2 counts the timeout twice (at the timeout and as the job's
// exception), so it fails on attempt 1; the next job runs in the same worker.
$p->add('timeout thrown', [
    ['php', $noKill . <<<'PHP'
use App\Parity\TimeoutJob;
use App\Parity\TimeoutMaxExceptionsJob;
use App\Parity\OkJob;
TimeoutJob::dispatch('retried then failed', 2, false);
TimeoutJob::dispatch('fail on timeout', 3, true);
TimeoutMaxExceptionsJob::dispatch('max exceptions', 5, false);
OkJob::dispatch('after the timeouts');
PHP],
    ['work', []],
], $killOnTimeout);
// The timed-out job hears of the SIGALRM, in the throw mode and in the kill mode.
$p->add('interrupted at timeout, thrown', [
    ['php', $noKill . "App\\Parity\\InterruptibleTimeoutJob::dispatch('thrown', 1, false);"],
    ['work', []],
], $killOnTimeout);
$p->add('interrupted at timeout', [
    ['php', "App\\Parity\\InterruptibleTimeoutJob::dispatch('killed', 1, true);"],
    ['work', []],
], $killOnTimeout);
// A crash on attempt 1 is an exception: maxExceptions 1 fails the job before attempt 2.
// Without maxExceptions the crash is not counted, and attempt 2 succeeds. (One job a case: a
// second crash would make the first's reservation due within the step, or not, by timing.)
$crashed = "class_exists(Illuminate\\Queue\\Attributes\\CountCrashesAsExceptions::class)";
foreach (['crash counted' => "'max exceptions 1'", 'crash not counted' => "'no max exceptions', null"] as $case => $args) {
    $p->add($case, [
        ['php', "App\\Parity\\CrashJob::dispatch($args);"],
        ['work', []],
        // Until the crashed attempt's reservation has expired (retry_after).
        ['php', "while (app('redis')->connection()->zcount('queues:parity:reserved', '(' . time(), '+inf') > 0) { usleep(200000); }"],
        ['work', []],
    ], $crashed);
}
// Durations on JobProcessed and JobAttempted, and whenJobRunsLongerThan(500 ms).
$p->add('durations', [
    ['php', "App\\Parity\\LongJob::dispatch('short', 10); App\\Parity\\LongJob::dispatch('long', 700); App\\Parity\\ThrowJob::dispatch('throws');"],
    ['work', []],
], "method_exists(app('queue'), 'whenJobRunsLongerThan')");
// Each connection's record-modification state forgotten between jobs.
$p->add('sticky connections', [
    ['php', "file_put_contents(storage_path('parity-statics.json'), json_encode(['flushStickyConnections' => true]));"
        . " App\\Parity\\StickyJob::dispatch('writer', true); App\\Parity\\StickyJob::dispatch('reader', false);"],
    ['work', []],
], "property_exists(Illuminate\\Queue\\Worker::class, 'flushStickyConnections')");
$p->run();
?>
--EXPECTF--
parity table, Laravel %s, PHP %s
case                            runs        events      failed_jobs job_batches output      exit        redis
timeout thrown                  %r(same|n.a)( +(same|n.a)){6}%r
interrupted at timeout, thrown  %r(same|n.a)( +(same|n.a)){6}%r
interrupted at timeout          %r(same|n.a)( +(same|n.a)){4} +(by design|n.a) +(same|n.a)%r
crash counted                   %r(same|by design|n.a)( +(same|by design|n.a)){6}%r
crash not counted               %r(same|by design|n.a)( +(same|by design|n.a)){6}%r
durations                       %r(same|n.a)( +(same|n.a)){6}%r
sticky connections              %r(same|n.a)( +(same|n.a)){6}%r
%d of %d comparisons identical, %d different by design, 0 different%r(\n.*: by design, README .*)*%r