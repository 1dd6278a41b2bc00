--TEST--
The payload scanner (re2c): accepts exactly what json_decode accepts, reads keys decoded and the last of a key given twice, decodes data only on request
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/../inc/config.inc';
$name = 'job003';
fq_clean($name);
$q = fq_queue(['queue' => $name]);

// 1. The grammar's edges, each against PHP's decoder: pushRaw() refuses a payload that is
// not JSON with PHP's own words for the fault.
$cases = ['{}', '[]', '{"a":1}', " \t\n\r{\"a\" : [1,2,{\"b\":null}] } \n", '{"a":1,}', '{"a"}', '{,}', '{"a":01}',
    '{"a":1.}', '{"a":-}', '{"a":.5}', '{"a":1e5}', '{"a":1E+5}', '{"a":-0}', '{"a":1e}', '{"a":-01}', '{"a":1.5e-3}',
    '{"a":"\u0000"}', "{\"a\":\"\x7f\"}", "{\"a\":\"\x1f\"}", "{\"a\":\"x\ny\"}", '{"a":"\ud800"}', '{"a":"\ude00"}',
    '{"a":"\ud83d\ude00"}', '{"a":"\uDBFF\uDFFF"}', '{"a":"\uD800\u0041"}', '{"a":"\x"}', '{"a":"\u12"}', '{"a":"\/"}',
    '{"a":tru}', '{"a":TRUE}', '{"a":nul}', "\xEF\xBB\xBF{}", "{}\0", "{\"a\":\"\0\"}", "{\"a\":\"\xC0\x80\"}",
    "{\"a\":\"\xED\xA0\x80\"}", "{\"a\":\"\xF4\x90\x80\x80\"}", "{\"a\":\"\xF0\x9F\x98\x80\"}", "{\"a\":\"\xC3\"}",
    '{"a":1}x', '{"a":1} {}', '"x"', '1', 'null', '', ' ', '{"a":[1,]}', '{"a":[,1]}', '{"a":{"b":}}', '{1:2}',
    '{"a":1 "b":2}', '{"a"::1}', '{"a":[1 2]}', "\x0b{}", '{"a":123456789012345678901234567890}', '{"a":1E400}',
    '{"a":"' . str_repeat('x', 1 << 20) . '"}', '{"a":"' . str_repeat('x', 1 << 20),
];
foreach ([510, 511, 512] as $d) {
    $cases[] = str_repeat('[', $d) . str_repeat(']', $d);
    $cases[] = '{"a":' . str_repeat('[', $d - 1) . str_repeat(']', $d - 1) . '}';
    $cases[] = str_repeat('{"a":', $d) . '1' . str_repeat('}', $d);
}
$wrong = 0;
foreach ($cases as $c) {
    $decoded = json_decode($c, true);
    $want = json_last_error() !== JSON_ERROR_NONE ? 'Payload is not valid JSON: ' . json_last_error_msg()
        : (is_array($decoded) && ltrim($c, " \t\n\r")[0] === '{' ? 'pushed' : 'Payload must be a JSON object');
    try {
        $q->pushRaw($c);
        $got = 'pushed';
    } catch (FastQueue\PayloadException $e) {
        $got = $e->getMessage();
    }
    if ($got !== $want) {
        $wrong++;
        echo 'differs: ', json_encode(substr($c, 0, 60), JSON_INVALID_UTF8_SUBSTITUTE), " json_decode: $want, FastQueue: $got\n";
    }
}
echo count($cases), " payloads, $wrong judged otherwise than json_decode\n";
fq_clean($name);

// 2. Keys are compared decoded, and the last of a key given twice counts, as decoders keep it.
$q->pushRaw('{"\u006aob":"Escaped","data":[1],"att\u0065mpts":4,"id":"e1"}');
$q->pushRaw('{"job":"First","attempts":7,"data":1,"job":"Last","attempts":2,"id":"d1"}');
foreach ([$q->pop(), $q->pop()] as $job) {
    echo $job->getName(), ' attempts ', $job->attempts(), ' id ', $job->getJobId(), "\n";
    echo '  reserved copy: ', $job->getReservedJob(), "\n";
    $job->delete();
}

// 3. Through the worker too (uncharged: the copy is built in C from the scan).
$q->pushRaw('{"job":"W","data":{"n":1},"\u0061ttempts":"3","id":"w1","attempts":5}');
$w = new FastQueue\Worker($q, function (FastQueue\Job $job) {
    echo 'worker: ', $job->getName(), ' attempts ', $job->attempts(), ' copy ', $job->getReservedJob(), "\n";
}, ['stop_when_empty' => true, 'sleep' => 0.01, 'prefetch' => 8, 'timeout' => 0, 'tries' => 0]);
$w->daemon($name);

// 4. data is decoded only when asked for: a job's memory grows by its data's size only then.
// Under USE_ZEND_ALLOC=0 (the memory passes) memory_get_usage() sees no allocation at all: the
// plain pass checks this.
$probe = memory_get_usage();
$x = str_repeat('z', 1 << 20);
$measurable = memory_get_usage() - $probe >= (1 << 20);
unset($x);
$big = str_repeat('y', 8 << 20);
$q->push('Big', ['s' => $big]);
$job = $q->pop();
unset($big);
$before = memory_get_usage();
$data = $job->getData();
$grew = memory_get_usage() - $before;
echo 'getData(): ', strlen($data['s']), ' bytes, decoded then: ', !$measurable || $grew >= (8 << 20) ? 'yes' : "no (grew $grew)", "\n";
$job->delete();
fq_clean($name);
?>
--EXPECT--
68 payloads, 0 judged otherwise than json_decode
Escaped attempts 5 id e1
  reserved copy: {"\u006aob":"Escaped","data":[1],"att\u0065mpts":5,"id":"e1"}
Last attempts 3 id d1
  reserved copy: {"job":"First","attempts":7,"data":1,"job":"Last","attempts":3,"id":"d1"}
worker: W attempts 6 copy {"job":"W","data":{"n":1},"\u0061ttempts":"3","id":"w1","attempts":6}
getData(): 8388608 bytes, decoded then: yes
