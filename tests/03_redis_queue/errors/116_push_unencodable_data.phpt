--TEST--
push/later with data JSON cannot encode (malformed UTF-8, NAN, a resource): PayloadException with the reason, nothing pushed
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
$raw = fq_raw();
fq_clean('rq116');
$q = fq_queue(['queue' => 'rq116']);
$res = fopen('php://memory', 'r');
$cases = [
    'latin-1 string' => fn() => $q->push('App\Jobs\Mail', "caf\xe9"),
    'nested bytes' => fn() => $q->push('App\Jobs\Mail', ['to' => ['name' => "\xc3\x28"]]),
    'NAN' => fn() => $q->push('App\Jobs\Mail', ['ratio' => NAN]),
    'resource' => fn() => $q->push('App\Jobs\Mail', ['fh' => $res]),
    'later, latin-1' => fn() => $q->later(10, 'App\Jobs\Mail', "caf\xe9"),
    'later, INF' => fn() => $q->later(10, 'App\Jobs\Mail', [INF]),
];
foreach ($cases as $what => $f) {
    echo $what, ': ', fq_try($f), "\n";
}
// json_last_error() of the caller is left alone.
json_decode('{"ok":1}');
fq_try(fn() => $q->push('J', "\xff"));
var_dump(json_last_error());
var_dump($raw->cmd('EXISTS', 'queues:rq116', 'queues:rq116:notify', 'queues:rq116:delayed'));
// Valid multi-byte UTF-8 goes through unescaped, byte for byte.
$q->push('J', "café ✓");
var_dump($q->pop()->getData() === "café ✓");
fq_clean('rq116');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq116'); ?>
--EXPECT--
latin-1 string: FastQueue\PayloadException: Unable to JSON encode payload of job "App\Jobs\Mail": Malformed UTF-8 characters, possibly incorrectly encoded
nested bytes: FastQueue\PayloadException: Unable to JSON encode payload of job "App\Jobs\Mail": Malformed UTF-8 characters, possibly incorrectly encoded
NAN: FastQueue\PayloadException: Unable to JSON encode payload of job "App\Jobs\Mail": Inf and NaN cannot be JSON encoded
resource: FastQueue\PayloadException: Unable to JSON encode payload of job "App\Jobs\Mail": Type is not supported
later, latin-1: FastQueue\PayloadException: Unable to JSON encode payload of job "App\Jobs\Mail": Malformed UTF-8 characters, possibly incorrectly encoded
later, INF: FastQueue\PayloadException: Unable to JSON encode payload of job "App\Jobs\Mail": Inf and NaN cannot be JSON encoded
int(0)
int(0)
bool(true)
