--TEST--
Secrets with TLS: the private key's path (tls.local_pk, or tls.local_cert when it holds the key), the key's contents and the password appear in no exception, no dump of a RedisQueue or Worker, no stats(), no worker log line, no failed-store record, no phpinfo() or --ri; a build without TLS refuses the options without showing them either
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
; traces keep their arguments (Debian's php.ini drops them): no secret may be among them
zend.exception_ignore_args=0
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/secrets.inc';
require __DIR__ . '/../../inc/tls.inc';

// The key files live in a directory with a distinctive name: a message that shows a key's path
// shows that name.
const KEY_DIR = 'Fq182-keydir-6c4e';
const WRONG_PW = 'Fq182-wrong-Pw@1f0b';
const NOT_A_KEY = "-----BEGIN PRIVATE KEY-----\nFq182keytextAAAAnotakey0d5e\n-----END PRIVATE KEY-----\n";

if (fq_tls_built()) {
    $dir = fq_tls_certs('rq182');
    [$port] = fq_tls_redis('rq182', $dir, 'server', ['--tls-auth-clients', 'yes']);
} else {
    $dir = fq_tls_dir('rq182');
    fq_empty_dir($dir);
    $port = fq_free_port();
}
$keys = "$dir/" . KEY_DIR;
@mkdir($keys);
$keyText = '';
if (fq_tls_built()) {
    copy("$dir/client.key", "$keys/client.key");
    copy("$dir/server.key", "$keys/other.key");
    copy("$dir/combined.pem", "$keys/combined.pem");
    $keyText = (string) file_get_contents("$dir/client.key");
}
file_put_contents("$keys/not-a-key.key", NOT_A_KEY);
// The key's body lines (not its BEGIN/END armour, which any PEM shows) count as secrets too.
$keyLines = array_values(array_filter(explode("\n", $keyText), fn ($l) => $l !== '' && !str_starts_with($l, '-----')));
fq_secrets(array_merge([KEY_DIR, FQ_TLS_PASSWORD, WRONG_PW, 'Fq182keytextAAAAnotakey0d5e'], $keyLines));

$client = ['local_cert' => "$dir/client.crt", 'local_pk' => "$keys/client.key"];
$good = fq_tls_options($dir, $port, $client, ['queue' => 'rq182', 'connect_timeout' => 5]);

echo "-- failing connections --\n";
// Each case with what a TLS build must say; a build without TLS must refuse its options.
$cases = [
    'wrong password' => [['password' => WRONG_PW] + $good, '/refused authentication: WRONGPASS/'],
    'no client certificate' => [fq_tls_options($dir, $port, [], ['queue' => 'rq182']), '/^/'],
    'key file missing' => [fq_tls_options($dir, $port, ['local_pk' => "$keys/missing.key"] + $client, ['queue' => 'rq182']),
        '/cannot load the private key of tls\.local_pk \(or tls\.local_cert\), or it does not match the certificate: No such file or directory$/'],
    'key file not a key' => [fq_tls_options($dir, $port, ['local_pk' => "$keys/not-a-key.key"] + $client, ['queue' => 'rq182']),
        '/cannot load the private key of tls\.local_pk/'],
    'key of another certificate' => [fq_tls_options($dir, $port, ['local_pk' => "$keys/other.key"] + $client, ['queue' => 'rq182']),
        '/does not match the certificate: key values mismatch$/'],
    'local_cert holding the key, missing' => [fq_tls_options($dir, $port, ['local_cert' => "$keys/missing.pem"], ['queue' => 'rq182']),
        '/cannot load the client certificate tls\.local_cert \(which holds the key too, so its path is not shown\): No such file or directory$/'],
    'local_cert holding the key, not a certificate' => [fq_tls_options($dir, $port, ['local_cert' => "$keys/not-a-key.key"], ['queue' => 'rq182']),
        '/cannot load the client certificate tls\.local_cert \(which holds the key too/'],
    'rediss url, wrong password' => [['url' => 'rediss://:' . rawurlencode(WRONG_PW) . "@127.0.0.1:$port", 'tls' => $client + ['cafile' => "$dir/ca.crt"]],
        '/refused authentication: WRONGPASS/'],
];
foreach ($cases as $label => [$opts, $pattern]) {
    $e = null;
    try {
        // A build without TLS refuses the options here; one with TLS fails on connecting.
        (new FastQueue\RedisQueue($opts))->push('J');
    } catch (Throwable $e) {
    }
    fq_secret_report($label, $e);
    $msg = (string) $e?->getMessage();
    $ok = fq_tls_built() ? $e instanceof FastQueue\ConnectionException && preg_match($pattern, $msg) : str_contains($msg, 'lacks TLS support');
    echo $ok ? "  as expected\n" : "  unexpected: $msg\n";
}

echo "-- the constructor refuses the options --\n";
$e = null;
try {
    new FastQueue\RedisQueue(['tls' => ['local_pk' => "$keys/client.key"]] + $good);
} catch (Throwable $e) {
}
fq_secret_report('local_pk without local_cert', $e);
$e = null;
try {
    new FastQueue\RedisQueue(['tls' => ['local_key' => "$keys/client.key"] + $client] + $good);
} catch (Throwable $e) {
}
fq_secret_report('a misspelt key option', $e);
unset($opts, $cases, $e);

echo "-- a queue and a worker over TLS --\n";
// A build without TLS has nothing to run here (its refusal of every TLS setting is checked
// above): it prints the same lines without checking anything.
if (fq_tls_built()) {
    $q = new FastQueue\RedisQueue($good);
    fq_secret_check('RedisQueue, before connecting', fq_secret_dumps($q));
    $q->clear();
    $q->flushFailed();
    $q->push('J', 'fine');
    $q->push('J', 'throws');
    $w = new FastQueue\Worker($q, function (FastQueue\Job $job) use ($dir, $port, $keys) {
        if ($job->getData() === 'throws') {
            try {
                (new FastQueue\RedisQueue(fq_tls_options($dir, $port, ['local_cert' => "$dir/client.crt", 'local_pk' => "$keys/other.key"])))->size();
            } catch (FastQueue\ConnectionException $e) {
                throw new RuntimeException('the job could not reach Redis', 0, $e);
            }
        }
        echo 'ran ', $job->getData(), "\n";
    }, ['tries' => 1, 'sleep' => 0.1, 'stop_when_empty' => true]);
    ob_start();
    $status = $w->daemon('rq182');
    $run = ob_get_clean();
    $failed = $q->failed();
    echo $run === "ran fine\n" && $status === 0 && count($failed) === 1 && $failed[0]['exception'] === 'RuntimeException'
        && str_contains($failed[0]['trace'], 'cannot load the private key') ? "the run: ok\n" : "the run: $status, $run" . print_r($failed, true);
    fq_secret_check('the run\'s output', $run);
    fq_secret_check('RedisQueue, Worker and stats() after the run', fq_secret_dumps($q) . fq_secret_dumps($w) . fq_secret_dumps($w->stats()));
    fq_secret_check('failed() records', fq_secret_dumps($failed));
    $q->flushFailed();
} else {
    echo "RedisQueue, before connecting: clean\nthe run: ok\nthe run's output: clean\n"
        . "RedisQueue, Worker and stats() after the run: clean\nfailed() records: clean\n";
}

echo "-- a worker whose key does not load, in a child: its log lines --\n";
$c = fq_child('$q = new FastQueue\RedisQueue(' . var_export(fq_tls_options($dir, $port, ['local_pk' => "$keys/other.key"] + $client), true) . ");\n"
    . '$w = new FastQueue\Worker($q, fn ($job) => null, ["sleep" => 0.1, "max_time" => 1]);' . "\n"
    . 'echo "daemon returned ", $w->daemon("rq182"), "\n";');
$r = $c->wait(fq_bound(20));
// With TLS the worker logs each failed connect and stops at max_time; without, the constructor's
// refusal is uncaught.
$ok = fq_tls_built()
    ? $r['status'] === 0 && preg_match('/FastQueue: reserving jobs failed: TLS to Redis at 127\.0\.0\.1:\d+ failed: cannot load the private key/', $r['stderr'])
    : $r['status'] === 255 && str_contains($r['stderr'], 'Uncaught FastQueue\ConnectionException: TLS to Redis was requested');
echo $ok ? "the worker's failure: as expected\n" : fq_secret_status($r) . ": {$r['stdout']}{$r['stderr']}\n";
fq_secret_check('the worker\'s output', $r['stdout'] . $r['stderr']);

echo "-- phpinfo() and --ri --\n";
fq_secret_check_info();
fq_stop_tracked('rq182');
fq_remove_dir($dir);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/tls.inc'; fq_stop_tracked('rq182'); fq_remove_dir(fq_tls_dir('rq182')); ?>
--EXPECT--
-- failing connections --
wrong password: FastQueue\ConnectionException
wrong password, the exception: clean
  as expected
no client certificate: FastQueue\ConnectionException
no client certificate, the exception: clean
  as expected
key file missing: FastQueue\ConnectionException
key file missing, the exception: clean
  as expected
key file not a key: FastQueue\ConnectionException
key file not a key, the exception: clean
  as expected
key of another certificate: FastQueue\ConnectionException
key of another certificate, the exception: clean
  as expected
local_cert holding the key, missing: FastQueue\ConnectionException
local_cert holding the key, missing, the exception: clean
  as expected
local_cert holding the key, not a certificate: FastQueue\ConnectionException
local_cert holding the key, not a certificate, the exception: clean
  as expected
rediss url, wrong password: FastQueue\ConnectionException
rediss url, wrong password, the exception: clean
  as expected
-- the constructor refuses the options --
local_pk without local_cert: ValueError
local_pk without local_cert, the exception: clean
a misspelt key option: ValueError
a misspelt key option, the exception: clean
-- a queue and a worker over TLS --
RedisQueue, before connecting: clean
the run: ok
the run's output: clean
RedisQueue, Worker and stats() after the run: clean
failed() records: clean
-- a worker whose key does not load, in a child: its log lines --
the worker's failure: as expected
the worker's output: clean
-- phpinfo() and --ri --
phpinfo shows FastQueue
phpinfo(): clean
--ri: exit 0, shows FastQueue
--ri: clean