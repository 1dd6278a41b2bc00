--TEST--
Lease renewal over TLS: with retry_after 2, a 7 s job runs exactly once while a second worker on the TLS-only server (a password, the test CA) keeps reserving and runs a job pushed meanwhile; the lease's own connection makes its TLS handshake and moves the job's score in :reserved forward; stats() counts renewals and no lost lease; a build without TLS refuses these settings
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/tls.inc';
require __DIR__ . '/../../inc/lease.inc';
$name = 'w120';
fql_clean($name);
if (fq_tls_built()) {
    $dir = fq_tls_certs('w120');
    [$port] = fq_tls_redis('w120', $dir);
} else {
    // The settings only: they are refused before any connection.
    $dir = fq_tls_dir('w120');
    $port = 6390;
}
// valgrind slows the handshake tenfold
$options = fq_tls_options($dir, $port, [], ['connect_timeout' => fq_under_valgrind() ? 20 : 5]);

// One run serves every check below; a client of our own, over TLS too, reads :reserved.
$result = null;
$run = function () use (&$result, $name, $options, $dir, $port) {
    if ($result === null) {
        $raw = new FqRaw('127.0.0.1', $port, ['cafile' => "$dir/ca.crt", 'verify_peer' => true, 'verify_peer_name' => true]);
        $raw->cmd('AUTH', FQ_TLS_PASSWORD);
        $result = fql_topology($name, $options, 2, 7, fn () => $raw->cmd('ZRANGE', "queues:$name:reserved", '0', '-1', 'WITHSCORES'));
    }
    return $result;
};
foreach (FQL_TOPOLOGY_CHECKS as $check) {
    fq_tls_case($check, $options, fn () => $run()[$check]);
}
fq_tls_case('nothing on stderr', $options, fn () => $run()['stderr'] === '' ? 'ok' : $run()['stderr']);
fq_stop_tracked('w120');
?>
--CLEAN--
<?php
require __DIR__ . '/../../inc/errors.inc';
fq_stop_tracked('w120');
if (fq_test_port()) {
    fq_raw()->cmd('DEL', 'w120:runs');
}
?>
--EXPECT--
ran once: ok
the other worker kept reserving: ok
reservation renewed: ok
stats: ok
left behind: ok
nothing on stderr: ok
