--TEST--
The reserved copy is the pushed payload with only the top-level attempts changed
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/config.inc';
$name = 'rq006';
fq_clean($name);
$r = fq_raw();
$q = fq_queue(['queue' => $name]);

// Laravel's cjson round trip would reorder keys, turn [] into {} and print 1.2345678901235e+16.
$q->push('Big', ['n' => 12345678901234567, 'list' => [], 'obj' => new stdClass, 'text' => "é/\u{1F600}"]);
$job = $q->pop();
$raw = $job->getRawBody();
echo $raw === str_replace('"attempts":1}', '"attempts":0}', $job->getReservedJob()) ? "only attempts differs\n" : "DIFFERENT\n";
var_dump(str_contains($raw, '"n":12345678901234567,"list":[],"obj":{}'));
$job->release();
$r->cmd('ZADD', "queues:$name:delayed", '0', $job->getReservedJob());
$again = $q->pop();
echo $again->getRawBody() === $job->getReservedJob() ? "release kept it byte for byte\n" : "CHANGED\n";
var_dump($again->attempts(), $again->getData()['n']);
$again->delete();

// attempts not last, and a nested "attempts" that must not change (cjson-ordered payloads).
$p = '{"attempts":4,"data":{"attempts":9,"s":"\"attempts\":7"},"job":"Nested","id":"n1"}';
$r->cmd('RPUSH', "queues:$name", $p);
$j = $q->pop();
echo $j->getReservedJob(), "\n";
var_dump($j->attempts());
$j->delete();

// No attempts at all: counted as the first attempt, and the reserved copy says so.
$r->cmd('RPUSH', "queues:$name", '{"job":"NoAttempts","id":"x"}');
$j = $q->pop();
echo $j->getReservedJob(), "\n";
var_dump($j->attempts());
$j->delete();

// Whitespace as a pretty printer writes it.
$r->cmd('RPUSH', "queues:$name", "{\n  \"job\": \"Pretty\",\n  \"attempts\": 2\n}\n");
$j = $q->pop();
echo json_encode($j->getReservedJob()), "\n";
var_dump($j->attempts());
$j->delete();
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq006'); ?>
--EXPECT--
only attempts differs
bool(true)
release kept it byte for byte
int(2)
int(12345678901234567)
{"attempts":5,"data":{"attempts":9,"s":"\"attempts\":7"},"job":"Nested","id":"n1"}
int(5)
{"job":"NoAttempts","id":"x","attempts":1}
int(1)
"{\n  \"job\": \"Pretty\",\n  \"attempts\": 3\n}\n"
int(3)
