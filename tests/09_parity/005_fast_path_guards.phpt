--TEST--
Parity, fast-path guards: decorated output, a Carbon test time, listeners and resolving callbacks added at run time, logging.default and log context changed, Bus, Queue and Event fakes
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/parity.inc';

// Each case sets, from inside a job (GuardJob), a condition under which a shortcut of
// fastqueue:work must give way to Laravel's own code (docs/laravel.md, "Fast paths"); the jobs
// after it show whether it did. Most run without the harness's event recorder
// (storage/parity-quiet), so that the event shortcuts are taken until the condition holds.
$quiet = "touch(storage_path('parity-quiet'));\n";
$guard = fn (string $label, string $after = "OkJob::dispatch('after 1'); OkJob::dispatch('after 2');") => [
    ['php', "use App\\Parity\\{GuardJob, LogJob, OkJob};\n$quiet"
        . "OkJob::dispatch('before'); LogJob::dispatch('before');\nGuardJob::dispatch('$label');\n$after"],
    ['work', []],
];
$p = new FqParity();
$p->add('decorated output', [
    ['php', "use App\\Parity\\{OkJob, ThrowJob};\nOkJob::dispatch('ansi'); ThrowJob::dispatch('ansi');"],
    ['work', ['--ansi']],
]);
$p->add('carbon test time', $guard('test now', "LogJob::dispatch('after'); OkJob::dispatch('after');"));
$p->add('listener at run time', $guard('listener'));
$p->add('logging.default', $guard('logging.default', "LogJob::dispatch('after 1'); LogJob::dispatch('after 2');"));
$p->add('log context', $guard('log context', "LogJob::dispatch('after');"));
$p->add('resolving callback', $guard('resolving'));
$p->add('afterResolving', $guard('after resolving'));
$p->add('Bus::fake', $guard('bus fake', "OkJob::dispatch('after'); Illuminate\\Support\\Facades\\Bus::chain([new OkJob('chain 1'), new OkJob('chain 2')])->dispatch();"));
$p->add('Queue::fake', $guard('queue fake', "Illuminate\\Support\\Facades\\Bus::chain([new OkJob('chain 1'), new OkJob('chain 2')])->dispatch(); OkJob::dispatch('after');"));
$p->add('Event::fake', $guard('event fake', "OkJob::dispatch('after'); LogJob::dispatch('after');"));
$p->run();
?>
--EXPECTF--
parity table, Laravel %s, PHP %s
case                  runs        events      failed_jobs job_batches output      exit        redis
decorated output      same        same        same        same        same        same        same
carbon test time      same        same        same        same        same        same        same
listener at run time  same        same        same        same        same        same        same
logging.default       same        same        same        same        same        same        same
log context           same        same        same        same        same        same        same
resolving callback    same        same        same        same        same        same        same
afterResolving        same        same        same        same        same        same        same
Bus::fake             same        same        same        same        same        same        same
Queue::fake           same        same        same        same        same        same        same
Event::fake           same        same        same        same        same        same        same
70 of 70 comparisons identical, 0 different by design, 0 different
