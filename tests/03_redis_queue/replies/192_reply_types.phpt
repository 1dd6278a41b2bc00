--TEST--
Replies of the wrong type or framing, one by one: a well-formed reply of the wrong type or shape is a RedisException naming the command; an error reply a RedisException; bytes that are not RESP, a reply cut short or a connection closed a ConnectionException; RESP3 types a framing error (ConnectionException) to hiredis 0.x and a reply of the wrong type (RedisException) to hiredis 1.x, but for blob errors and attributes, which neither reads, and pushes, which 1.x hands to its push handler
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php if (!extension_loaded('fastqueue')) die('skip fastqueue extension not loaded'); ?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading past its subject, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/reply_fuzz.inc';

const RE = FastQueue\RedisException::class;
const CE = FastQueue\ConnectionException::class;
$server = fq_rf_start_server();
$pending = fn (FastQueue\RedisQueue $q) => $q->pendingSize();
$delayed = fn (FastQueue\RedisQueue $q) => $q->delayedSize();
$failed = fn (FastQueue\RedisQueue $q) => $q->failed();

echo "-- well-formed replies of the wrong type or shape --\n";
fq_rf_scripted($server, 'LLEN answered +OK', ["+OK\r\n"], $pending, RE, 'LLEN');
fq_rf_scripted($server, 'LLEN answered a bulk string', ["\$3\r\nabc\r\n"], $pending, RE, 'LLEN');
fq_rf_scripted($server, 'LLEN answered nil', ["\$-1\r\n"], $pending, RE, 'LLEN');
fq_rf_scripted($server, 'LLEN answered an array', ["*1\r\n:1\r\n"], $pending, RE, 'LLEN');
fq_rf_scripted($server, 'ZCARD answered a nil array', ["*-1\r\n"], $delayed, RE, 'ZCARD');
fq_rf_scripted($server, 'ZREVRANGE answered an integer', [":5\r\n"], $failed, RE, 'ZREVRANGE');
fq_rf_scripted($server, 'ZREVRANGE answered a bulk string', ["\$2\r\nu1\r\n"], $failed, RE, 'ZREVRANGE');
// An id that is not a string (issue 36's crash): a record that cannot be named is skipped or the
// call fails; either way nothing is read from the element as if it were a string.
foreach (['an integer' => ":7\r\n", 'an array' => "*1\r\n\$2\r\nu2\r\n", 'nil' => "\$-1\r\n"] as $what => $element) {
    fq_rf_scripted($server, "ZREVRANGE with $what among the ids",
        ["*2\r\n$element\$2\r\nu1\r\n", "*4\r\n\$5\r\nqueue\r\n\$5\r\nrf192\r\n\$7\r\npayload\r\n\$2\r\n{}\r\n", "*0\r\n"],
        function ($q) {
            try {
                $records = $q->failed();
                return count($records) <= 1 ? 'at most the one record' : $records;
            } catch (FastQueue\RedisException $e) {
                return str_contains($e->getMessage(), 'ZREVRANGE') ? 'at most the one record' : $e->getMessage();
            }
        }, 'value');
}

// A record of the wrong type fails the call, whose records so far are dropped (once freed twice).
fq_rf_scripted($server, 'HGETALL answered an integer', ["*1\r\n\$2\r\nu1\r\n", ":1\r\n"], $failed, RE, 'HGETALL');
// Counts that no Redis gives: negative, or a sum past PHP_INT_MAX (it overflowed, UBSan said).
$size = fn (FastQueue\RedisQueue $q) => $q->size();
fq_rf_scripted($server, 'LLEN answered a negative count', [":-1\r\n"], $pending, RE, 'a count, 0 or more');
fq_rf_scripted($server, 'counts whose sum overflows', [":9223372036854775807\r\n", ":1\r\n", ":0\r\n"], $size, RE,
    'counts whose sum fits an int');
// The whole message, as docs/connections.md quotes it: the command, the endpoint, what came
// back (type and escaped sample) and what was expected.
fq_rf_scripted($server, 'the message in full', ["*2\r\n:1\r\n\$4\r\na\"\x01b\r\n"], fn ($q) => $q->failed(), RE,
    "Unexpected reply to ZREVRANGE from 127.0.0.1:$server[2]: an array of 2 elements [:1, \"a\\\"\\x01b\"] (expected an array of strings)");

echo "-- error replies --\n";
fq_rf_scripted($server, 'LLEN answered -ERR', ["-ERR fuzz\r\n"], $pending, RE);
fq_rf_scripted($server, 'ZREVRANGE answered -WRONGTYPE', ["-WRONGTYPE Operation against a key holding the wrong kind of value\r\n"], $failed, RE);

echo "-- framing errors --\n";
fq_rf_scripted($server, 'a reply type byte that is not RESP', ["?what\r\n"], $pending, CE);
fq_rf_scripted($server, 'an integer that is not a number', [":abc\r\n"], $pending, CE);
fq_rf_scripted($server, 'a bulk string that never ends (read_timeout)', ["\$5\r\nab", 'STALL'], $pending, CE);
fq_rf_scripted($server, 'the connection closed instead of a reply', ['CLOSE'], $pending, CE);
fq_rf_scripted($server, 'the connection closed inside an array', ["*2\r\n\$2\r\nu1\r\n", 'CLOSE'], $failed, CE);
fq_rf_scripted($server, 'the connection closed in the HGETALL pipeline', ["*2\r\n\$2\r\nu1\r\n\$2\r\nu2\r\n", 'CLOSE'], $failed, CE);

echo "-- RESP3 types --\n";
// hiredis 0.14 (bookworm) knows none of them: a protocol error, the connection is dropped.
// hiredis 1.x reads most as a type of its own, which no command of FastQueue's expects.
$v1 = fq_rf_hiredis_major() >= 1;
foreach (['null' => "_\r\n", 'boolean' => "#t\r\n", 'double' => ",3.14\r\n", 'big number' => "(12345678901234567890\r\n",
    'verbatim string' => "=8\r\ntxt:abcd\r\n"] as $type => $bytes) {
    fq_rf_scripted($server, "LLEN answered a RESP3 $type", [$bytes], $pending, $v1 ? RE : CE, $v1 ? 'LLEN' : null);
}
foreach (['map' => "%1\r\n\$2\r\nu1\r\n\$2\r\nu2\r\n", 'set' => "~1\r\n\$2\r\nu1\r\n"] as $type => $bytes) {
    fq_rf_scripted($server, "ZREVRANGE answered a RESP3 $type", [$bytes], $failed, $v1 ? RE : CE, $v1 ? 'ZREVRANGE' : null);
}
// Neither reads a blob error or an attribute (a protocol error in both). A push goes, in hiredis
// 1.x, to the context's push handler, which frees it: the reply never comes (read_timeout).
fq_rf_scripted($server, 'LLEN answered a RESP3 blob error', ["!4\r\nERR!\r\n"], $pending, CE);
fq_rf_scripted($server, 'LLEN answered a RESP3 attribute', ["|1\r\n+key\r\n:1\r\n:5\r\n"], $pending, CE);
fq_rf_scripted($server, 'ZREVRANGE answered a RESP3 push', [">2\r\n\$7\r\nmessage\r\n\$2\r\nu1\r\n"], $failed, CE);
?>
--EXPECT--
-- well-formed replies of the wrong type or shape --
LLEN answered +OK: ok
LLEN answered a bulk string: ok
LLEN answered nil: ok
LLEN answered an array: ok
ZCARD answered a nil array: ok
ZREVRANGE answered an integer: ok
ZREVRANGE answered a bulk string: ok
ZREVRANGE with an integer among the ids: ok
ZREVRANGE with an array among the ids: ok
ZREVRANGE with nil among the ids: ok
HGETALL answered an integer: ok
LLEN answered a negative count: ok
counts whose sum overflows: ok
the message in full: ok
-- error replies --
LLEN answered -ERR: ok
ZREVRANGE answered -WRONGTYPE: ok
-- framing errors --
a reply type byte that is not RESP: ok
an integer that is not a number: ok
a bulk string that never ends (read_timeout): ok
the connection closed instead of a reply: ok
the connection closed inside an array: ok
the connection closed in the HGETALL pipeline: ok
-- RESP3 types --
LLEN answered a RESP3 null: ok
LLEN answered a RESP3 boolean: ok
LLEN answered a RESP3 double: ok
LLEN answered a RESP3 big number: ok
LLEN answered a RESP3 verbatim string: ok
ZREVRANGE answered a RESP3 map: ok
ZREVRANGE answered a RESP3 set: ok
LLEN answered a RESP3 blob error: ok
LLEN answered a RESP3 attribute: ok
ZREVRANGE answered a RESP3 push: ok
