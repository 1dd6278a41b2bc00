--TEST--
Worker events: looping, processing, processed, exception (Job, Throwable), released (Job, int delay), failed (Job, Throwable), stopping (int status), in Laravel's order
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w018';
fq_clean($name);
$q = fq_queue(['queue' => $name]);

$q->push('Ok');
$q->push('Flaky');
$q->push('Bad', null, null, ['backoff' => '2']);
$log = [];
$handlerJobs = [];
$w = fqw_worker($q, function ($job) use (&$log, &$handlerJobs) {
    $handlerJobs[spl_object_id($job)] = true;
    $log[] = '  handler ' . fqw_describe($job);
    if ($job->getName() === 'Bad' || ($job->getName() === 'Flaky' && $job->attempts() === 1)) {
        throw new RuntimeException($job->getName() . ' threw');
    }
}, ['tries' => 2, 'failed_store' => false]);
$eventJobs = [];
foreach (['looping', 'processing', 'processed', 'exception', 'released', 'failed', 'timeout', 'stopping'] as $event) {
    $w->on($event, function (...$args) use ($event, &$log, &$eventJobs) {
        foreach ($args as $a) {
            if ($a instanceof FastQueue\Job) {
                $eventJobs[spl_object_id($a)] = true;
            }
        }
        $log[] = "$event(" . implode(', ', array_map('fqw_describe', $args)) . ')';
    });
}
var_dump($w->daemon($name));
echo implode("\n", $log), "\n";
// The events get the very Job objects the handler got.
var_dump(array_keys($eventJobs) == array_keys($handlerJobs));
echo fqw_counts($name), "\n";
// Bad was released with a delay of 2: make it due and let its second attempt fail.
fqw_make_due($name);
$log = [];
var_dump($w->daemon($name));
echo implode("\n", $log), "\n";
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w018'); ?>
--EXPECT--
int(0)
looping(string('default'), string('w018'))
processing(Job(Ok#1))
  handler Job(Ok#1)
processed(Job(Ok#1))
looping(string('default'), string('w018'))
processing(Job(Flaky#1))
  handler Job(Flaky#1)
exception(Job(Flaky#1), RuntimeException(Flaky threw))
released(Job(Flaky#1), int(0))
looping(string('default'), string('w018'))
processing(Job(Bad#1))
  handler Job(Bad#1)
exception(Job(Bad#1), RuntimeException(Bad threw))
released(Job(Bad#1), int(2))
looping(string('default'), string('w018'))
processing(Job(Flaky#2))
  handler Job(Flaky#2)
processed(Job(Flaky#2))
looping(string('default'), string('w018'))
stopping(int(0))
bool(true)
pending=0 delayed=1 reserved=0
int(0)
looping(string('default'), string('w018'))
processing(Job(Bad#2))
  handler Job(Bad#2)
failed(Job(Bad#2), RuntimeException(Bad threw))
exception(Job(Bad#2), RuntimeException(Bad threw))
looping(string('default'), string('w018'))
stopping(int(0))
pending=0 delayed=0 reserved=0
