--TEST--
Worker: a payload that is not a job (not JSON, not an object, no job name) is failed with a PayloadException record naming the reason, kept byte for byte, and the worker goes on
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--CONFLICTS--
failed_store
--FILE--
<?php
// The decoder's reasons end in %S: PHP 8.6 adds where it stopped (" near location 1:8"); the
// exact text, against json_decode's, is checked by tests/02_job/003_payload_scan.phpt.
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w017';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$q->flushFailed();

$bad = ['this is {not json', '[1,2,3]', '{"data":{"x":1},"attempts":0}', '"just a string"', '{"job":"","attempts":0}'];
$q->push('Good1');
foreach ($bad as $payload) {
    fqw_push_raw($name, $payload);
}
$q->push('Good2');
$ran = [];
$w = fqw_worker($q, function ($job) use (&$ran) { $ran[] = $job->getName(); }, ['tries' => 3]);
$w->on('exception', function ($job, $e) { echo 'exception: ', fqw_describe($e), "\n"; });
$w->on('failed', function ($job, $e) { echo 'failed: ', get_class($e), "\n"; });
$w->on('released', function ($job) { echo "RELEASED\n"; });
var_dump($w->daemon($name));
echo 'ran: ', implode(',', $ran), "\n";
echo fqw_counts($name), "\n";

// Every bad payload is in the store, exactly as it was pushed, with the reason.
$records = $q->failed($name);
echo count($records), " records\n";
foreach ($bad as $payload) {
    $found = array_values(array_filter($records, fn($r) => $r['payload'] === $payload));
    echo json_encode($payload), ': ', count($found) === 1 ? $found[0]['exception'] . ': ' . $found[0]['message'] . ($found[0]['id'] !== '' ? ' (has an id)' : ' (NO ID)') : 'NOT RECORDED', "\n";
}
$s = $w->stats();
echo "stats: processed {$s['processed']}, failed {$s['failed']}, exceptions {$s['exceptions']}, released {$s['released']}\n";

// retryFailed puts a bad payload back unchanged (there are no attempts to reset in it).
$id = array_values(array_filter($records, fn($r) => $r['payload'] === $bad[0]))[0]['id'];
var_dump($q->retryFailed($id));
echo var_export(fqw_pending($name) === [$bad[0]], true), "\n";
fq_clean($name);
$q->flushFailed();
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w017'); fq_queue()->flushFailed(); } ?>
--EXPECTF--
failed: FastQueue\PayloadException
exception: FastQueue\PayloadException(Job payload is not valid JSON: Syntax error%S)
failed: FastQueue\PayloadException
exception: FastQueue\PayloadException(Job payload must be a JSON object)
failed: FastQueue\PayloadException
exception: FastQueue\PayloadException(Job payload has no "job" name)
failed: FastQueue\PayloadException
exception: FastQueue\PayloadException(Job payload must be a JSON object)
failed: FastQueue\PayloadException
exception: FastQueue\PayloadException(Job payload has no "job" name)
int(0)
ran: Good1,Good2
pending=0 delayed=0 reserved=0
5 records
"this is {not json": FastQueue\PayloadException: Job payload is not valid JSON: Syntax error%S (has an id)
"[1,2,3]": FastQueue\PayloadException: Job payload must be a JSON object (has an id)
"{\"data\":{\"x\":1},\"attempts\":0}": FastQueue\PayloadException: Job payload has no "job" name (has an id)
"\"just a string\"": FastQueue\PayloadException: Job payload must be a JSON object (has an id)
"{\"job\":\"\",\"attempts\":0}": FastQueue\PayloadException: Job payload has no "job" name (has an id)
stats: processed 7, failed 5, exceptions 5, released 0
bool(true)
true
