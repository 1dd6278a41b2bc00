--TEST--
Each job's timeout counts from its own start, whatever the jobs before it had: after many quick jobs with a 1 s timeout, a job with a 4 s timeout sleeps 2 s uninterrupted (sleep() returns 0: no alarm reaches it at the earlier jobs' deadlines); after a job with a 30 s timeout, a job with a 1 s timeout is timed out after about 1 s, not 30; the worker goes on and the last job runs
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading uninitialised memory, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/signals.inc';
$queue = 'sg036';
fq_clean($queue);
fq_sig_forget_failed($queue);
$q = fq_queue(['queue' => $queue]);
for ($i = 0; $i < 200; $i++) {
    $q->push('J', 'quick', null, ['timeout' => 1]);
}
$q->push('J', 'longer', null, ['timeout' => 4]);
$q->push('J', 'patient', null, ['timeout' => 30]);
$q->push('J', 'short', null, ['timeout' => 1, 'maxTries' => 1]);
$q->push('J', 'last');
$handler = <<<'PHP'
function ($job) {
    $data = $job->getData();
    if ($data === 'quick') {
        return;
    }
    echo "start $data\n";
    $t = microtime(true);
    if ($data === 'longer') {
        // A signal would end the sleep early and make it return the seconds left.
        $left = sleep(2);
        printf("longer: sleep returned %d after %s\n", $left, microtime(true) - $t >= 1.9 ? 'its 2 s' : 'less');
    } elseif ($data === 'patient') {
        usleep(100000);
    } elseif ($data === 'short') {
        try {
            sleep(10);
            echo "short: not timed out\n";
        } catch (FastQueue\TimeoutException $e) {
            $s = microtime(true) - $t;
            echo 'short: timed out ', $s > 0.9 && $s < 3 ? 'after about 1 s' : sprintf('after %.2f s', $s), "\n";
            throw $e;
        }
    }
    echo "end $data\n";
}
PHP;
$c = fq_sig_worker($queue, $handler, ['sleep' => 0.1, 'timeout_mode' => 'throw', 'stop_when_empty' => true]);
$r = $c->wait(fq_sig_t(30));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo 'failed: ', implode(', ', fq_sig_forget_failed($queue)), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/signals.inc'; if (fq_test_port()) { fq_clean('sg036'); fq_sig_forget_failed('sg036'); } ?>
--EXPECT--
status 0
looping
start longer
longer: sleep returned 0 after its 2 s
end longer
start patient
end patient
start short
event timeout short
short: timed out after about 1 s
event failed short FastQueue\TimeoutException
event exception short FastQueue\TimeoutException
start last
end last
event stopping 0
daemon returned 0
failed: FastQueue\TimeoutException
