--TEST--
pushRaw/laterRaw of a payload that is not a JSON object: PayloadException with the reason, nothing pushed
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
// The decoder's reasons end in %S: PHP 8.6 adds where it stopped (" near location 1:8"); the
// exact text, against json_decode's, is checked by tests/02_job/003_payload_scan.phpt.
require __DIR__ . '/../../inc/errors.inc';
$raw = fq_raw();
fq_clean('rq118');
$q = fq_queue(['queue' => 'rq118']);
$payloads = [
    'not json{',
    '',
    '{"job":"J","id":"a"',
    "{\"job\":\"J\",\"id\":\"caf\xe9\"}",
    '"a string"',
    '42',
    'null',
    '[1,2]',
    '[]',
    '{"job":"J","id":["x"]}',
];
foreach ($payloads as $p) {
    echo json_encode(mb_convert_encoding($p, 'UTF-8', 'UTF-8')), "\n";
    echo '  pushRaw: ', fq_try(fn() => $q->pushRaw($p)), "\n";
    echo '  laterRaw: ', fq_try(fn() => $q->laterRaw(5, $p)), "\n";
}
var_dump($raw->cmd('EXISTS', 'queues:rq118', 'queues:rq118:notify', 'queues:rq118:delayed'));
// A JSON object is taken as is; its "id" is returned (an integer id as a string).
var_dump($q->pushRaw('{"job":"J","id":"abc","attempts":0}'), $q->pushRaw('{"job":"J","id":7,"attempts":0}'));
var_dump($raw->cmd('LRANGE', 'queues:rq118', '0', '-1'));
fq_clean('rq118');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq118'); ?>
--EXPECTF--
"not json{"
  pushRaw: FastQueue\PayloadException: Payload is not valid JSON: Syntax error%S
  laterRaw: FastQueue\PayloadException: Payload is not valid JSON: Syntax error%S
""
  pushRaw: FastQueue\PayloadException: Payload is not valid JSON: Syntax error%S
  laterRaw: FastQueue\PayloadException: Payload is not valid JSON: Syntax error%S
"{\"job\":\"J\",\"id\":\"a\""
  pushRaw: FastQueue\PayloadException: Payload is not valid JSON: Syntax error%S
  laterRaw: FastQueue\PayloadException: Payload is not valid JSON: Syntax error%S
"{\"job\":\"J\",\"id\":\"caf?\"}"
  pushRaw: FastQueue\PayloadException: Payload is not valid JSON: Malformed UTF-8 characters, possibly incorrectly encoded%S
  laterRaw: FastQueue\PayloadException: Payload is not valid JSON: Malformed UTF-8 characters, possibly incorrectly encoded%S
"\"a string\""
  pushRaw: FastQueue\PayloadException: Payload must be a JSON object
  laterRaw: FastQueue\PayloadException: Payload must be a JSON object
"42"
  pushRaw: FastQueue\PayloadException: Payload must be a JSON object
  laterRaw: FastQueue\PayloadException: Payload must be a JSON object
"null"
  pushRaw: FastQueue\PayloadException: Payload must be a JSON object
  laterRaw: FastQueue\PayloadException: Payload must be a JSON object
"[1,2]"
  pushRaw: FastQueue\PayloadException: Payload must be a JSON object
  laterRaw: FastQueue\PayloadException: Payload must be a JSON object
"[]"
  pushRaw: FastQueue\PayloadException: Payload must be a JSON object
  laterRaw: FastQueue\PayloadException: Payload must be a JSON object
"{\"job\":\"J\",\"id\":[\"x\"]}"
  pushRaw: FastQueue\PayloadException: Payload "id" must be a string
  laterRaw: FastQueue\PayloadException: Payload "id" must be a string
int(0)
string(3) "abc"
string(1) "7"
array(2) {
  [0]=>
  string(35) "{"job":"J","id":"abc","attempts":0}"
  [1]=>
  string(31) "{"job":"J","id":7,"attempts":0}"
}
