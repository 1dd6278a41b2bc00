--TEST--
Registry: a Redis that stops answering holds a heartbeat for 1 s at most, whatever the RedisQueue's read_timeout: the failure is logged, the workers are kept, the heartbeat resumes when Redis answers again, and a stop during the outage is not held up by the release
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
$p = 'sv035_';
$hb = 0.5;
fq_reg_clean($p);
$blackhole = sys_get_temp_dir() . '/sv035-blackhole-' . getmypid();
@unlink($blackhole);
[$proxy, $port] = fq_sig_proxy($blackhole);
// A read_timeout of 30 s: only the registry's own bound of 1 s keeps the loop going.
$c = fq_reg_child($p, ['name' => 'app', 'host' => 'web-1', 'heartbeat' => $hb], [], ['idle' => [['sleep', '60'], 1, []]],
    ['host' => '127.0.0.1', 'port' => $port, 'read_timeout' => 30]);
$r = fq_reg_wait_running($p, 'app', 'web-1', $c->pid, 'idle', 1, fq_sig_t(20));
$worker = $r['pools']['idle']['pids'][0] ?? 0;
echo "running: ", $r ? 'yes' : 'no', "\n";

touch($blackhole);
$t = fq_sig_now();
$lost = fq_sup_wait_lines($c, '/^log .*heartbeat.*read timed out.*$/m', 1, fq_sig_t(10));
echo $lost ? "heartbeat failure logged\n" : "no failure logged: " . $c->stdout();
// The next heartbeat, then its read given up after 1 s; a second more for a busy machine.
fq_sig_time('failure seen', fq_sig_now() - $t, 1.0, $hb + 1.0 + 1.0);
usleep((int) (2 * $hb * 1e6));
echo "logged once: ", count(fq_sup_wait_lines($c, '/^log .*read timed out.*$/m', 2, 0)) === 1 ? 'yes' : 'no', "\n";
echo "worker kept: ", fq_sup_alive($worker) && array_keys(fq_reg_children($c->pid)) === [$worker] ? 'yes' : 'no', "\n";

unlink($blackhole);
$score = (float) fq_raw()->cmd('ZSCORE', fq_reg_key($p), 'app/web-1');
$back = fq_reg_until(fn() => (float) fq_raw()->cmd('ZSCORE', fq_reg_key($p), 'app/web-1') > $score, fq_sig_t(10));
echo "heartbeat resumed: ", $back ? 'yes' : 'no', "\n";

touch($blackhole);
usleep(100000);
$t = fq_sig_now();
$c->signal(SIGTERM);
$res = $c->wait(fq_sig_t(40));
echo fq_sig_status($res), "\n";
// The workers end at once (sleep); a heartbeat or the release may wait 1 s each for Redis.
fq_sig_time('stopped during the outage', fq_sig_now() - $t, 0, 2.0 + 1.5);
unlink($blackhole);
fq_reg_clean($p);
?>
--EXPECT--
running: yes
heartbeat failure logged
failure seen: ok
logged once: yes
worker kept: yes
heartbeat resumed: yes
status 0
stopped during the outage: ok
