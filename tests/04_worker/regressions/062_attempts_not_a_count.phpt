--TEST--
Worker: a payload whose "attempts" is not a count (null, negative, a float, a word, 16 digits, an object) is failed once with a PayloadException that names the value, recorded byte for byte in the failed store, never released and retried for ever
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w062';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$q->flushFailed();
$values = ['null', '-1', '1.5', '"x"', '1234567890123456', '{"n":1}'];
$pushed = [];
foreach ($values as $i => $v) {
    $pushed[] = $p = '{"uuid":"u' . $i . '","job":"Nope@handle","data":"' . $i . '","id":"i' . $i . '","attempts":' . $v . '}';
    $q->pushRaw($p);
}
$ran = 0;
// tries 3: with the old endless retries, max_jobs ends the run.
$w = fqw_worker($q, function () use (&$ran) { $ran++; }, ['tries' => 3, 'max_jobs' => 30]);
$w->on('failed', fn($job, $e) => print('failed ' . $job->getData() . ': ' . get_class($e) . ': ' . $e->getMessage() . "\n"));
$w->on('released', fn($job) => print('released ' . $job->getData() . "\n"));
var_dump($w->daemon($name));
echo "handler ran $ran times\n";
$stats = $w->stats();
echo "processed {$stats['processed']}, failed {$stats['failed']}, released {$stats['released']}\n";
$stored = array_column(array_reverse($q->failed()), 'payload');
var_dump($stored === $pushed);
echo fqw_counts($name), "\n";
// retryFailed() resets a count of attempts; one that is not a count goes back as it was (not
// with the "1" of 1.5 rewritten).
$rec = array_values(array_filter($q->failed(), fn($f) => str_contains($f['payload'], '"attempts":1.5')))[0];
var_dump($q->retryFailed($rec['id']));
var_dump(fqw_pending($name) === [$pushed[2]]);
$q->flushFailed();
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w062'); } ?>
--EXPECT--
failed 0: FastQueue\PayloadException: Job payload field "attempts" must be a whole number from 0 to 999999999999999 (or a string of its digits), not NULL: its tries could not be counted
failed 1: FastQueue\PayloadException: Job payload field "attempts" must be a whole number from 0 to 999999999999999 (or a string of its digits), not -1: its tries could not be counted
failed 2: FastQueue\PayloadException: Job payload field "attempts" must be a whole number from 0 to 999999999999999 (or a string of its digits), not 1.5: its tries could not be counted
failed 3: FastQueue\PayloadException: Job payload field "attempts" must be a whole number from 0 to 999999999999999 (or a string of its digits), not "x": its tries could not be counted
failed 4: FastQueue\PayloadException: Job payload field "attempts" must be a whole number from 0 to 999999999999999 (or a string of its digits), not 1234567890123456: its tries could not be counted
failed 5: FastQueue\PayloadException: Job payload field "attempts" must be a whole number from 0 to 999999999999999 (or a string of its digits), not an array or object: its tries could not be counted
int(0)
handler ran 0 times
processed 6, failed 6, released 0
bool(true)
pending=0 delayed=0 reserved=0
bool(true)
bool(true)
