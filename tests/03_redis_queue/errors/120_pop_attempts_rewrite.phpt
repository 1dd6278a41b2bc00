--TEST--
Payloads from other writers: only the top-level "attempts" is counted (absent, not last, nested look-alikes, in strings, spaced, a nested one that ends the payload, given twice at the end), and Laravel's own order (last) counts on past one digit (9 to 10, 15 digits); a count with leading zeros (not JSON, reserved all the same) is bumped in the copy while the job keeps its bytes
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
$raw = fq_raw();
fq_clean('rq120');
$q = fq_queue(['queue' => 'rq120']);
$bodies = [
    'no attempts' => '{"job":"J","id":"i1","data":{"attempts":7}}',
    'cjson order' => '{"attempts":3,"job":"J","data":{"x":{"attempts":9},"attempts":8},"id":"i2"}',
    'not last' => '{"data":{"attempts":9},"job":"J","attempts":2,"id":"i3"}',
    'in a string' => '{"job":"J","note":"say \"attempts\":5 here","attempts":1,"id":"i4"}',
    'key in a string' => '{"job":"J","data":["\"attempts\":6"],"id":"i5","attempts":0}',
    'spaced' => "{ \"job\" : \"J\" ,\n  \"attempts\" :\t4 , \"id\" : \"i6\" }",
    'empty object' => '{}',
    // The reserve's short path takes a count that ends the payload (,"attempts":N}); these end
    // in look-alikes that it must leave to the whole-payload reading.
    'nested at the end' => '{"job":"J","id":"i7","data":{"k":1,"attempts":7}}',
    'twice at the end' => '{"job":"J","id":"i8","attempts":1,"attempts":5}',
    'last, two digits' => '{"job":"J","id":"i9","attempts":19}',
    'last, nine' => '{"job":"J","id":"i10","attempts":9}',
    'last, 15 digits' => '{"job":"J","id":"i11","attempts":123456789012344}',
];
foreach ($bodies as $what => $body) {
    $raw->cmd('RPUSH', 'queues:rq120', $body);
    $raw->cmd('RPUSH', 'queues:rq120:notify', '1');
    $job = $q->pop();
    $expect = json_decode($body, true);
    $expect['attempts'] = ($expect['attempts'] ?? 0) + 1;
    $reserved = json_decode($job->getReservedJob(), true);
    printf("%s: attempts %d, raw %s, reserved %s, in :reserved %s\n", $what, $job->attempts(),
        $job->getRawBody() === $body ? 'intact' : 'CHANGED',
        $reserved === $expect ? 'ok' : 'WRONG ' . $job->getReservedJob(),
        $raw->cmd('ZSCORE', 'queues:rq120:reserved', $job->getReservedJob()) !== null ? 'yes' : 'no');
    // The count goes on across a release.
    $job->release(0);
    $again = $q->pop();
    printf("  after release: attempts %d, nested untouched %s\n", $again->attempts(),
        json_encode(json_decode($again->getReservedJob(), true)['data'] ?? null));
    $again->delete();
}
// Counts with leading zeros (not JSON, yet reserved so that the worker can fail them): the
// copy counts on, and the job as pushed keeps its bytes.
foreach (['leading zeros' => '{"job":"J","id":"i12","attempts":007}', 'leading zero, nine' => '{"job":"J","id":"i13","attempts":09}'] as $what => $body) {
    $raw->cmd('RPUSH', 'queues:rq120', $body);
    $raw->cmd('RPUSH', 'queues:rq120:notify', '1');
    $job = $q->pop();
    printf("%s: raw %s, reserved ends in %s\n", $what, $job->getRawBody() === $body ? 'intact' : 'CHANGED ' . $job->getRawBody(),
        substr($job->getReservedJob(), -3));
    $job->delete();
}
var_dump($q->size());
fq_clean('rq120');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq120'); ?>
--EXPECT--
no attempts: attempts 1, raw intact, reserved ok, in :reserved yes
  after release: attempts 2, nested untouched {"attempts":7}
cjson order: attempts 4, raw intact, reserved ok, in :reserved yes
  after release: attempts 5, nested untouched {"x":{"attempts":9},"attempts":8}
not last: attempts 3, raw intact, reserved ok, in :reserved yes
  after release: attempts 4, nested untouched {"attempts":9}
in a string: attempts 2, raw intact, reserved ok, in :reserved yes
  after release: attempts 3, nested untouched null
key in a string: attempts 1, raw intact, reserved ok, in :reserved yes
  after release: attempts 2, nested untouched ["\"attempts\":6"]
spaced: attempts 5, raw intact, reserved ok, in :reserved yes
  after release: attempts 6, nested untouched null
empty object: attempts 1, raw intact, reserved ok, in :reserved yes
  after release: attempts 2, nested untouched null
nested at the end: attempts 1, raw intact, reserved ok, in :reserved yes
  after release: attempts 2, nested untouched {"k":1,"attempts":7}
twice at the end: attempts 6, raw intact, reserved ok, in :reserved yes
  after release: attempts 7, nested untouched null
last, two digits: attempts 20, raw intact, reserved ok, in :reserved yes
  after release: attempts 21, nested untouched null
last, nine: attempts 10, raw intact, reserved ok, in :reserved yes
  after release: attempts 11, nested untouched null
last, 15 digits: attempts 123456789012345, raw intact, reserved ok, in :reserved yes
  after release: attempts 123456789012346, nested untouched null
leading zeros: raw intact, reserved ends in :8}
leading zero, nine: raw intact, reserved ends in 10}
int(0)
