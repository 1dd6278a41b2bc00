--TEST--
A payload that is not a job, pushed by someone else: pop() still reserves and returns it; its accessors throw PayloadException; fail() removes it
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading past its subject, by design
pcre.jit=0
--FILE--
<?php
// The decoder's reasons end in %S: PHP 8.6 adds where it stopped (" near location 1:8"); the
// exact text, against json_decode's, is checked by tests/02_job/003_payload_scan.phpt.
require __DIR__ . '/../../inc/errors.inc';
$raw = fq_raw();
fq_clean('rq119');
$q = fq_queue(['queue' => 'rq119']);
$raw->cmd('RPUSH', 'queues:rq119', 'not json{');
$raw->cmd('RPUSH', 'queues:rq119:notify', '1');

$job = $q->pop();
var_dump($job instanceof FastQueue\Job, $job->getRawBody(), $job->getReservedJob(), $job->getQueue());
// Reserved (a crash of this worker leaves it to be retried, never lost), notification consumed.
var_dump($raw->cmd('ZRANGE', 'queues:rq119:reserved', '0', '-1'), $raw->cmd('LLEN', 'queues:rq119'), $raw->cmd('LLEN', 'queues:rq119:notify'));
foreach (['payload', 'getJobId', 'getName', 'resolveName', 'getData', 'uuid', 'maxTries', 'timeout', 'backoff', 'attempts'] as $m) {
    echo $m, ': ', fq_try(fn() => $job->$m()), "\n";
}
// The reason is remembered: a second call says the same.
echo fq_try(fn() => $job->payload()), "\n";

$job->fail(new RuntimeException('bad payload'));
var_dump($job->hasFailed(), $job->isDeleted(), $raw->cmd('EXISTS', 'queues:rq119:reserved'), $q->size());

// Valid JSON that is not a job: a list, an object without "job", a job name that is not a string.
foreach (['[1,2,3]', '{"id":"x1","data":{}}', '{"job":17,"id":"x2"}'] as $body) {
    $raw->cmd('RPUSH', 'queues:rq119', $body);
    $job = $q->pop();
    $msg = fq_try(fn() => $job->payload());
    if ($body[0] === '[') {
        // Either reason is right for a list.
        $msg = preg_replace('/Job payload has no "job" name$/', 'Job payload must be a JSON object', $msg);
    }
    echo $body, ': ', $job->getRawBody() === $body ? 'raw body intact' : $job->getRawBody(), '; ', $msg, "\n";
    $job->delete();
}
var_dump($q->size());
fq_clean('rq119');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq119'); ?>
--EXPECTF--
bool(true)
string(9) "not json{"
string(9) "not json{"
string(5) "rq119"
array(1) {
  [0]=>
  string(9) "not json{"
}
int(0)
int(0)
payload: FastQueue\PayloadException: Job payload is not valid JSON: Syntax error%S
getJobId: FastQueue\PayloadException: Job payload is not valid JSON: Syntax error%S
getName: FastQueue\PayloadException: Job payload is not valid JSON: Syntax error%S
resolveName: FastQueue\PayloadException: Job payload is not valid JSON: Syntax error%S
getData: FastQueue\PayloadException: Job payload is not valid JSON: Syntax error%S
uuid: FastQueue\PayloadException: Job payload is not valid JSON: Syntax error%S
maxTries: FastQueue\PayloadException: Job payload is not valid JSON: Syntax error%S
timeout: FastQueue\PayloadException: Job payload is not valid JSON: Syntax error%S
backoff: FastQueue\PayloadException: Job payload is not valid JSON: Syntax error%S
attempts: FastQueue\PayloadException: Job payload is not valid JSON: Syntax error%S
FastQueue\PayloadException: Job payload is not valid JSON: Syntax error%S
bool(true)
bool(true)
int(0)
int(0)
[1,2,3]: raw body intact; FastQueue\PayloadException: Job payload must be a JSON object
{"id":"x1","data":{}}: raw body intact; FastQueue\PayloadException: Job payload has no "job" name
{"job":17,"id":"x2"}: raw body intact; FastQueue\PayloadException: Job payload has no "job" name
int(0)
