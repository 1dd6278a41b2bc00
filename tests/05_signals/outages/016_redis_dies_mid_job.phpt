--TEST--
Redis killed while a job runs (AOF on, so Redis keeps what it acknowledged): the job finishes, its deletion is sent once Redis is back, nothing runs twice and nothing is lost
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
$aof = ['--appendonly', 'yes', '--appendfsync', 'always'];
[$port, $pid] = fq_private_redis('sg016', $aof);
$q = new FastQueue\RedisQueue(['port' => $port, 'queue' => 'sg016']);
$q->push('J', 'first');
$q->push('J', 'second');
$c = fq_sig_worker('sg016', fq_sig_busy_handler(1.0), ['sleep' => 0.5, 'tries' => 3], ['port' => $port, 'retry_after' => 60]);
echo $c->waitFor('start first', fq_sig_t(5)) ? "first started\n" : "first did not start\n";
posix_kill($pid, FQ_SIGKILL);
for ($i = 0; $i < 200 && fq_is_redis_server($pid); $i++) {
    usleep(10000);
}
echo $c->waitFor('end first', fq_sig_t(3)) ? "first finished\n" : "first did not finish\n";
echo $c->waitFor('retrying', fq_sig_t(3)) ? "retrying\n" : "not retrying\n";
fq_restart_redis('sg016', $port, $aof);
echo $c->waitFor('end second', fq_sig_t(8)) ? "second finished\n" : "second did not finish\n";
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(5));
echo fq_sig_status($r), "\n", $r['stdout'];
echo str_contains($r['stderr'], 'Redis is back') ? "says Redis is back\n" : "does not say Redis is back\n";
echo fq_sig_state('sg016', new FqRaw('127.0.0.1', $port)), "\n";
fq_stop_tracked('sg016');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('sg016'); ?>
--EXPECT--
first started
first finished
retrying
second finished
status 0
looping
start first attempts=1
end first
start second attempts=1
end second
event stopping 0
daemon returned 0
says Redis is back
pending [] reserved [] delayed []
