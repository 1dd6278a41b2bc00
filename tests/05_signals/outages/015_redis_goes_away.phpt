--TEST--
Redis killed under idle workers (polling, and blocked with block_for): they neither spin nor die, say they are retrying, and when Redis is back on the same port they say so and run new jobs
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
[$port, $pid] = fq_private_redis('sg015');
$handler = 'function ($job) { echo "ran ", $job->getData(), " attempts=", $job->attempts(), "\n"; }';
$workers = [
    'polling' => fq_sig_worker('sg015p', $handler, ['sleep' => 0.5], ['port' => $port]),
    'blocking' => fq_sig_worker('sg015b', $handler, ['sleep' => 0.5], ['port' => $port, 'block_for' => 5]),
];
foreach ($workers as $name => $c) {
    echo "$name: ", $c->waitFor('looping', fq_sig_t(5)) ? "looping\n" : "not looping\n";
}
echo fq_sig_wait_blpop(5, new FqRaw('127.0.0.1', $port)) ? "blocked in BLPOP\n" : "not blocked\n";

posix_kill($pid, FQ_SIGKILL);
for ($i = 0; $i < 200 && fq_is_redis_server($pid); $i++) {
    usleep(10000);
}
usleep(200000);
$cpu = [];
foreach ($workers as $name => $c) {
    $cpu[$name] = fq_sig_cpu($c->pid);
}
usleep(2000000);
foreach ($workers as $name => $c) {
    $used = fq_sig_cpu($c->pid) - $cpu[$name];
    echo "$name: ", $cpu[$name] >= 0 && $used >= 0 && $used < 0.3 ? 'no spinning' : sprintf('used %.2f s of CPU in 2 s', $used), "\n";
    $state = preg_match('/\) (\S)/', (string) @file_get_contents("/proc/{$c->pid}/stat"), $m) ? $m[1] : 'gone';
    echo "$name: ", $state !== 'gone' && $state !== 'Z' ? 'alive' : 'dead', "\n";
    echo "$name: ", str_contains($c->stderr(), 'retrying') ? 'says it is retrying' : 'says nothing: ' . $c->stderr(), "\n";
}

fq_restart_redis('sg015', $port);
$q = new FastQueue\RedisQueue(['port' => $port]);
$q->push('J', 'after-p', 'sg015p');
$q->push('J', 'after-b', 'sg015b');
foreach ($workers as $name => $c) {
    echo "$name: ", $c->waitFor('ran after', fq_sig_t(7)) ? "ran the job\n" : "did not run the job\n";
    echo "$name: ", str_contains($c->stderr(), 'Redis is back') ? "says Redis is back\n" : "does not say Redis is back\n";
    $c->signal(SIGTERM);
}
$raw = new FqRaw('127.0.0.1', $port);
foreach ($workers as $name => $c) {
    $r = $c->wait(fq_sig_t(5));
    echo "$name: ", fq_sig_status($r), "\n", $r['stdout'];
    echo "$name: ", fq_sig_state($name === 'polling' ? 'sg015p' : 'sg015b', $raw), "\n";
}
fq_stop_tracked('sg015');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('sg015'); ?>
--EXPECT--
polling: looping
blocking: looping
blocked in BLPOP
polling: no spinning
polling: alive
polling: says it is retrying
blocking: no spinning
blocking: alive
blocking: says it is retrying
polling: ran the job
polling: says Redis is back
blocking: ran the job
blocking: says Redis is back
polling: status 0
looping
ran after-p attempts=1
event stopping 0
daemon returned 0
polling: pending [] reserved [] delayed []
blocking: status 0
looping
ran after-b attempts=1
event stopping 0
daemon returned 0
blocking: pending [] reserved [] delayed []
