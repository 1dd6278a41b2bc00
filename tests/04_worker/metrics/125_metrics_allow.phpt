--TEST--
metrics_allow: a client inside the listed networks is served, one outside is closed at once without an answer (IPv4, a bare address, IPv4 clients of an IPv6 socket); bad values are a ValueError or TypeError naming the option
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/metrics_export.inc';
$name = 'w125';
fq_clean($name);
$q = fq_queue(['queue' => $name]);

foreach ([['x'], [], 'x', [1], ['10.0.0.0/33'], ['::1/129'], ['10.0.0.0/'], ['10.0.0/8'], ['10.0.0.0/8x'], ['host/8'], [' 10.0.0.0/8']] as $bad) {
    try {
        new FastQueue\Worker($q, fn() => null, ['metrics_listen' => '9', 'metrics_allow' => $bad]);
        echo var_export($bad, true), ": accepted\n";
    } catch (TypeError | ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
try {
    new FastQueue\Worker($q, fn() => null, ['metrics_allow' => ['127.0.0.1/8']]);
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
new FastQueue\Worker($q, fn() => null, ['metrics_listen' => '9', 'metrics_allow' => null]);
new FastQueue\Worker($q, fn() => null, ['metrics_listen' => '9', 'metrics_allow' => ['10.1.2.3/8', '::1', 'fe80::/10', '0.0.0.0/0']]);
echo "good values: accepted\n";

// What a client from $source gets: the whole exposition, or a connection closed with nothing
// said. (A connection to 127.0.0.2 would still come from 127.0.0.1: the source is bound.)
function answer_from(int $port, string $source): string
{
    $ctx = stream_context_create(['socket' => ['bindto' => "$source:0"]]);
    $s = @stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 5, STREAM_CLIENT_CONNECT, $ctx);
    if (!$s) return "connect failed: $errstr";
    stream_set_timeout($s, 5);
    fwrite($s, "GET /metrics HTTP/1.1\r\n\r\n");
    $r = stream_get_contents($s);
    fclose($s);
    return $r === '' ? 'closed, no answer' : (fqm_whole(explode("\r\n\r\n", $r, 2)[1] ?? '') ? 'served' : 'not whole');
}

// 127.0.0.2 is outside 127.0.0.1/32 but inside 127.0.0.0/8; on [::] an IPv4 client is ::ffff:a.b.c.d.
foreach ([[['127.0.0.1/32'], '0.0.0.0'], [['127.0.0.1'], '0.0.0.0'], [['10.0.0.0/8', '127.0.0.0/8'], '0.0.0.0'],
          [['127.0.0.1/32'], '[::]'], [['::ffff:127.0.0.2/128'], '[::]']] as [$allow, $bind]) {
    $port = fq_free_port();
    $c = fqm_worker($name, ['metrics_listen' => "$bind:$port", 'metrics_allow' => $allow, 'metrics_interval' => 3600]);
    fqm_ready($c);
    echo json_encode($allow), " on $bind: 127.0.0.1 ", answer_from($port, '127.0.0.1'), ', 127.0.0.2 ', answer_from($port, '127.0.0.2'), "\n";
    $c->signal(SIGTERM);
    $r = $c->wait(20);
    if (trim($r['stdout']) !== "ready\nstopped 0" || $r['stderr'] !== '') echo $r['stdout'], $r['stderr'];
}
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w125'); ?>
--EXPECT--
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_allow" must hold networks such as "10.0.0.0/8" or "::1/128" (or an address), "x" given
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_allow" must be null or a non-empty list of networks
TypeError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_allow" must be of type ?array, string given
TypeError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_allow" must hold only strings, int given
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_allow" must hold networks such as "10.0.0.0/8" or "::1/128" (or an address), "10.0.0.0/33" given
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_allow" must hold networks such as "10.0.0.0/8" or "::1/128" (or an address), "::1/129" given
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_allow" must hold networks such as "10.0.0.0/8" or "::1/128" (or an address), "10.0.0.0/" given
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_allow" must hold networks such as "10.0.0.0/8" or "::1/128" (or an address), "10.0.0/8" given
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_allow" must hold networks such as "10.0.0.0/8" or "::1/128" (or an address), "10.0.0.0/8x" given
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_allow" must hold networks such as "10.0.0.0/8" or "::1/128" (or an address), "host/8" given
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_allow" must hold networks such as "10.0.0.0/8" or "::1/128" (or an address), " 10.0.0.0/8" given
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_allow" needs option "metrics_listen"
good values: accepted
["127.0.0.1\/32"] on 0.0.0.0: 127.0.0.1 served, 127.0.0.2 closed, no answer
["127.0.0.1"] on 0.0.0.0: 127.0.0.1 served, 127.0.0.2 closed, no answer
["10.0.0.0\/8","127.0.0.0\/8"] on 0.0.0.0: 127.0.0.1 served, 127.0.0.2 served
["127.0.0.1\/32"] on [::]: 127.0.0.1 served, 127.0.0.2 closed, no answer
["::ffff:127.0.0.2\/128"] on [::]: 127.0.0.1 closed, no answer, 127.0.0.2 served
