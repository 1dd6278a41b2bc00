--TEST--
Registry: the terminate stamp found at the start is only noted; a change of it (fastqueue:terminate) stops a running supervisor as SIGTERM does, within a heartbeat: its workers end, run() returns 0, its record is removed
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../inc/supervisor_registry.inc';
$p = 'sv033_';
$hb = 0.5;
fq_reg_clean($p);
$stamp = fq_reg_key($p, ':terminate');
fq_raw()->cmd('SET', $stamp, '1764400000.000001');
$c = fq_reg_child($p, ['name' => 'app', 'host' => 'web-1', 'heartbeat' => $hb], [],
    ['idle' => [['sleep', '60'], 2, []]]);
$r = fq_reg_wait_running($p, 'app', 'web-1', $c->pid, 'idle', 2, fq_sig_t(20));
$workers = $r['pools']['idle']['pids'] ?? [];
// Three heartbeats with the old stamp: nothing happens.
usleep((int) (3 * $hb * 1e6));
echo "running after three heartbeats with the old stamp: ", posix_kill($c->pid, 0) && !str_contains($c->stdout(), 'run returned') ? 'yes' : 'no', "\n";
echo "workers alive: ", count(array_filter($workers, 'fq_sup_alive')), "\n";

$t = fq_sig_now();
fq_raw()->cmd('SET', $stamp, sprintf('%.6F', microtime(true)));
$res = $c->wait(fq_sig_t(20));
echo fq_sig_status($res), "\n";
echo str_contains($res['stdout'], 'run returned 0') ? "run returned 0\n" : $res['stdout'] . $res['stderr'];
// The next heartbeat reads the stamp; the workers end at once on SIGTERM (sleep), and a
// second more for a busy machine.
fq_sig_time('stopped', fq_sig_now() - $t, 0, $hb + 1.5);
echo "workers: ", fq_sup_wait_gone($workers, fq_sig_t(2)) ? 'still alive' : 'gone', "\n";
echo "record: ", json_encode(fq_reg_record($p, 'app', 'web-1')), "\n";
echo "stamp left as it was set: ", fq_raw()->cmd('EXISTS', $stamp), "\n";
fq_reg_clean($p);
?>
--EXPECT--
running after three heartbeats with the old stamp: yes
workers alive: 2
status 0
run returned 0
stopped: ok
workers: gone
record: null
stamp left as it was set: 1
