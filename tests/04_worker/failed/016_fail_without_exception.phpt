--TEST--
Worker: $job->fail() without an exception still gives the failed listener a Throwable (as Laravel's ManuallyFailedException) and records it as one, with its exact class and message
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--CONFLICTS--
failed_store
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w016';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$q->flushFailed();

$q->push('Manual');
$typed = 0;
$w = fqw_worker($q, function ($job) { $job->fail(); });
// A listener typed as the event is documented: (Job, Throwable).
$w->on('failed', function (FastQueue\Job $job, Throwable $e) use (&$typed) {
    $typed++;
    echo 'failed listener got ', $job->getName(), ' and a ', get_debug_type($e), "\n";
});
var_dump($w->daemon($name));
echo "typed listener ran $typed time(s)\n";
echo fqw_counts($name), "\n";
$records = $q->failed($name);
echo count($records), " record\n";
$r = $records[0];
echo 'exception: ', $r['exception'], "\nmessage: ", $r['message'], "\n";
$q->flushFailed();
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w016'); fq_queue()->flushFailed(); } ?>
--EXPECT--
failed listener got Manual and a FastQueue\ManuallyFailedException
int(0)
typed listener ran 1 time(s)
pending=0 delayed=0 reserved=0
1 record
exception: FastQueue\ManuallyFailedException
message: Manual was marked as failed without an exception
