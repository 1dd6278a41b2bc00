--TEST--
A FastQueue\Worker runs jobs over TLS; the TLS redis-server is killed and restarted mid-run (AOF on): the worker reconnects with a new handshake and goes on; every job runs, none twice, nothing is left
--EXTENSIONS--
fastqueue
posix
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/tls.inc';
$aof = ['--appendonly', 'yes', '--appendfsync', 'always'];
if (fq_tls_built()) {
    $dir = fq_tls_certs('rq155');
    [$port, $pid] = fq_tls_redis('rq155', $dir, 'server', $aof);
} else {
    $dir = fq_tls_dir('rq155');
    $port = 6390;
    $pid = 0;
}
$options = fq_tls_options($dir, $port, [], ['queue' => 'rq155', 'read_timeout' => 2, 'retry_after' => 60,
    // valgrind slows the handshake tenfold
    'connect_timeout' => fq_under_valgrind() ? 20 : 5]);

fq_tls_case('worker over TLS', $options, function () use ($options) {
    $q = new FastQueue\RedisQueue($options);
    $q->bulk(['A', 'B', 'C']);
    $ran = [];
    $w = new FastQueue\Worker($q, function ($job) use (&$ran) { $ran[] = $job->getName(); }, ['sleep' => 0, 'stop_when_empty' => true]);
    $rc = $w->daemon('rq155');
    return $rc === 0 && $ran === ['A', 'B', 'C'] && $q->size() === 0 ? 'ok' : "rc $rc, ran " . implode(',', $ran) . ', size ' . $q->size();
});

// The worker reports the loss and its return on stderr (the %A of --EXPECTF--).
fq_tls_case('TLS server restarted mid-run', $options, function () use ($options, $dir, $port, $pid, $aof) {
    $q = new FastQueue\RedisQueue($options);
    $q->bulk(['1', '2', 'Restart', '3', '4']);
    $ran = [];
    $restarted = false;
    $w = new FastQueue\Worker($q, function ($job) use (&$ran, &$restarted, $dir, $port, $pid, $aof, $options) {
        $ran[] = $job->getName();
        if ($job->getName() === 'Restart' && !$restarted) {
            fq_tls_kill($pid);
            fq_tls_redis('rq155', $dir, 'server', $aof, $port);
            // Loaded before the worker's next call: an ack refused with LOADING is not what
            // this test is about.
            fq_tls_wait_loaded($options);
            $restarted = true;
        }
    }, ['sleep' => 0.1, 'stop_when_empty' => true, 'tries' => 3]);
    $rc = $w->daemon('rq155');
    // A second connection of our own, also TLS, sees the end state.
    $check = new FastQueue\RedisQueue($options);
    $sizes = [$check->pendingSize(), $check->delayedSize(), $check->reservedSize()];
    sort($ran);
    return $rc === 0 && $restarted && $ran === ['1', '2', '3', '4', 'Restart'] && $sizes === [0, 0, 0]
        ? 'ok' : "rc $rc, restarted " . var_export($restarted, true) . ', ran ' . implode(',', $ran) . ', sizes ' . json_encode($sizes);
});

// The same RedisQueue object after a restart: the next call notices, the one after reconnects.
fq_tls_case('RedisQueue object across a restart', $options, function () use ($options, $dir, $port, $aof) {
    $q = new FastQueue\RedisQueue($options);
    $q->push('J');
    $pid = 0;
    foreach (explode("\n", (string) @file_get_contents(fq_pid_file('rq155'))) as $line) {
        $p = (int) $line;
        if ($p > 0 && fq_is_redis_server($p)) {
            $pid = $p;
        }
    }
    fq_tls_kill($pid);
    fq_tls_redis('rq155', $dir, 'server', $aof, $port);
    $lost = fq_tls_expect_failure(fn() => $q->size(), '/lost while/');
    // The restarted server answers LOADING while it reads its AOF back.
    for ($i = 0; ; $i++) {
        try {
            $job = $q->pop();
            break;
        } catch (FastQueue\RedisException $e) {
            if ($i > 500 || !str_contains($e->getMessage(), 'LOADING')) {
                throw $e;
            }
            usleep(20000);
        }
    }
    $job?->delete();
    return $lost === 'ok' && $job && $job->getName() === 'J' && $q->size() === 0 ? 'ok' : "$lost / " . var_export($job?->getName(), true);
});
fq_stop_tracked('rq155');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('rq155'); ?>
--EXPECTF--
worker over TLS: ok
%ATLS server restarted mid-run: ok
RedisQueue object across a restart: ok
