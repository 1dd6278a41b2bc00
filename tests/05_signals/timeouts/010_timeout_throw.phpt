--TEST--
Timeout in 'throw' mode: TimeoutException is thrown inside the job (in a sleep or a busy loop) and handled like any exception: released with backoff, or failed when out of tries or failOnTimeout; the worker goes on
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
$queue = 'sg010';
fq_clean($queue);
fq_sig_forget_failed($queue);
$q = fq_queue(['queue' => $queue]);
$q->push('J', 'sleeper', null, ['timeout' => 1]);
$q->push('J', 'spinner', null, ['timeout' => 1]);
$q->push('J', 'lasttry', null, ['timeout' => 1, 'maxTries' => 1]);
$q->push('J', 'fot', null, ['timeout' => 1, 'failOnTimeout' => true]);
$q->push('J', 'quick');
// When each timed-out job threw: its release follows at once, and its delay counts from then.
$thrownLog = sys_get_temp_dir() . '/fq-sg010-thrown-' . getmypid();
@unlink($thrownLog);
$handler = <<<'PHP'
function ($job) {
    $t = microtime(true);
    echo "start ", $job->getData(), "\n";
    try {
        if ($job->getData() === 'sleeper' || $job->getData() === 'fot') {
            sleep(30);
        } elseif ($job->getData() !== 'quick') {
            while (true) {}
        }
    } catch (FastQueue\TimeoutException $e) {
        $s = microtime(true) - $t;
        echo $job->getData(), ": ", $e->getMessage(), ($s > 0.9 && $s < 2 ? " on time" : sprintf(" after %.2f s", $s)), "\n";
        file_put_contents(THROWN_LOG, $job->getData() . ' ' . microtime(true) . "\n", FILE_APPEND);
        throw $e;
    }
    echo "end ", $job->getData(), "\n";
}
PHP;
$c = fq_sig_worker($queue, $handler, ['sleep' => 0.1, 'tries' => 2, 'backoff' => 5, 'timeout_mode' => 'throw', 'stop_when_empty' => true],
    [], 'const THROWN_LOG = ' . var_export($thrownLog, true) . ';');
$r = $c->wait(fq_sig_t(9));
echo fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
echo fq_sig_state($queue), "\n";
// Each released job is due backoff (5 s) after it threw, in whole seconds as Laravel's
// availableAt: more than 4 s and at most 5 s later, with a second more for a slow release.
$thrown = [];
foreach (file($thrownLog, FILE_IGNORE_NEW_LINES) ?: [] as $line) {
    [$name, $at] = explode(' ', $line);
    $thrown[$name] = (float) $at;
}
@unlink($thrownLog);
$delays = [];
$delayed = fq_raw()->cmd('ZRANGE', "queues:$queue:delayed", '0', '-1', 'WITHSCORES');
for ($i = 1; $i < count($delayed); $i += 2) {
    $name = json_decode($delayed[$i - 1], true)['data'] ?? '?';
    $d = isset($thrown[$name]) ? (float) $delayed[$i] - $thrown[$name] : NAN;
    $delays[] = $d > 4 && $d <= 6 ? 'ok' : "$name:" . round($d, 2);
}
echo 'delays: ', implode(' ', $delays), "\n";
echo 'failed: ', implode(', ', fq_sig_forget_failed($queue)), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/signals.inc'; if (fq_test_port()) { fq_clean('sg010'); fq_sig_forget_failed('sg010'); } ?>
--EXPECT--
status 0
looping
start sleeper
event timeout sleeper
sleeper: J has timed out after 1 s on time
event exception sleeper FastQueue\TimeoutException
event released sleeper 5
start spinner
event timeout spinner
spinner: J has timed out after 1 s on time
event exception spinner FastQueue\TimeoutException
event released spinner 5
start lasttry
event timeout lasttry
lasttry: J has timed out after 1 s on time
event failed lasttry FastQueue\TimeoutException
event exception lasttry FastQueue\TimeoutException
start fot
event timeout fot
fot: J has timed out after 1 s on time
event failed fot FastQueue\TimeoutException
event exception fot FastQueue\TimeoutException
start quick
end quick
event stopping 0
daemon returned 0
pending [] reserved [] delayed [sleeper:1 spinner:1]
delays: ok ok
failed: FastQueue\TimeoutException, FastQueue\TimeoutException
