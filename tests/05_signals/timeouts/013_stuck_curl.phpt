--TEST--
A job stuck in a curl call without timeout to a server that accepted and never answers is ended by the watchdog, in 'kill' and 'throw' mode: status 1 at timeout + timeout_grace, a message on stderr, the job still reserved
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); if (!extension_loaded('curl')) die('skip curl'); ?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading uninitialised memory, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/signals.inc';
[$server, $port] = fq_sig_silent_server();
// No CURLOPT_TIMEOUT: curl waits for the answer for ever.
$stuck = '$ch = curl_init("http://127.0.0.1:' . $port . '/"); curl_setopt($ch, CURLOPT_RETURNTRANSFER, true); curl_exec($ch);';
fq_sig_stuck_job('sg013', $stuck, 'kill');
fq_sig_stuck_job('sg013', $stuck, 'throw', 0.5);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg013'); ?>
--EXPECT--
kill: ended by the watchdog: ok
kill: status 1
looping
start kill
FastQueue: job J ran past its timeout of 1 s and did not return within 1.0 s; the worker exits with status 1 and the job stays reserved until retry_after
kill: pending [] reserved [kill:1] delayed []
throw: ended by the watchdog: ok
throw: status 1
looping
start throw
FastQueue: job J ran past its timeout of 1 s and did not return within 0.5 s; the worker exits with status 1 and the job stays reserved until retry_after
throw: pending [] reserved [throw:1] delayed []
