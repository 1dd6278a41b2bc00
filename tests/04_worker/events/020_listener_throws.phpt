--TEST--
Worker: a listener that throws is reported on stderr and the worker goes on; no job is lost (child process)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); if (!function_exists('posix_kill')) die('skip posix'); ?>
--CONFLICTS--
failed_store
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w020';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$q->flushFailed();
$q->bulk(['Ok1', 'Flaky', 'Bad', 'Ok2']);

$child = fq_child('require ' . var_export(__DIR__ . '/../../inc/worker_jobs.inc', true) . ';
$q = fq_queue(["queue" => "w020"]);
$w = fqw_worker($q, function ($job) {
    echo "ran ", $job->getName(), "#", $job->attempts(), "\n";
    if ($job->getName() === "Bad" || ($job->getName() === "Flaky" && $job->attempts() === 1)) {
        throw new RuntimeException("job " . $job->getName());
    }
}, ["tries" => 2]);
foreach (["looping", "processing", "processed", "exception", "released", "failed", "stopping"] as $event) {
    $w->on($event, function () use ($event) { throw new LogicException("from $event"); });
    // A second listener of the same event still runs after the first one threw.
    $w->on($event, function () use ($event) { echo "second $event listener ran\n"; });
}
$status = $w->daemon("w020");
echo "daemon returned $status\n";
exit($status);
');
$r = $child->wait(fq_slow() ? 30 : 10);
echo 'exit status ', var_export($r['status'], true), "\n";
$out = explode("\n", trim($r['stdout']));
echo implode("\n", array_filter($out, fn($l) => str_starts_with($l, 'ran ') || str_starts_with($l, 'daemon'))), "\n";
$second = array_count_values(array_filter($out, fn($l) => str_starts_with($l, 'second ')));
ksort($second);
foreach ($second as $line => $n) {
    echo "$line: $n\n";
}
$reports = array_count_values(array_filter(explode("\n", $r['stderr'])));
ksort($reports);
foreach ($reports as $line => $n) {
    echo "$line: $n\n";
}
echo fqw_counts($name), "\n";
echo 'failed: ', implode(',', array_map(fn($r) => json_decode($r['payload'], true)['job'] . ' ' . $r['message'], $q->failed($name))), "\n";
$q->flushFailed();
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w020'); fq_queue()->flushFailed(); } ?>
--EXPECT--
exit status 0
ran Ok1#1
ran Flaky#1
ran Bad#1
ran Ok2#1
ran Flaky#2
ran Bad#2
daemon returned 0
second exception listener ran: 3
second failed listener ran: 1
second looping listener ran: 7
second processed listener ran: 3
second processing listener ran: 6
second released listener ran: 2
second stopping listener ran: 1
FastQueue: the 'exception' listener threw: LogicException: from exception: 3
FastQueue: the 'failed' listener threw: LogicException: from failed: 1
FastQueue: the 'looping' listener threw: LogicException: from looping: 7
FastQueue: the 'processed' listener threw: LogicException: from processed: 3
FastQueue: the 'processing' listener threw: LogicException: from processing: 6
FastQueue: the 'released' listener threw: LogicException: from released: 2
FastQueue: the 'stopping' listener threw: LogicException: from stopping: 1
pending=0 delayed=0 reserved=0
failed: Bad job Bad
