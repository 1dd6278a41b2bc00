--TEST--
Registry: a second supervisor of a name on one host is refused with the first one's pid and starts nothing; one of another host is accepted; once the first is killed with kill -9 (a zombie not yet reaped, its record not expired) a new one takes its claim over at once
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
$p = 'sv030_';
fq_reg_clean($p);
$pools = ['idle' => [['sleep', '60'], 1, []]];
// A long heartbeat: the first one's record outlives its death by up to 15 s, so the last
// start below is a takeover, not a claim of an expired name.
$first = fq_reg_child($p, ['name' => 'app', 'host' => 'web-1', 'heartbeat' => 5], [], $pools);
$rec = fq_reg_wait_running($p, 'app', 'web-1', $first->pid, 'idle', 1, fq_sig_t(20));
echo "first registered with its pid: ", $rec ? 'yes' : 'no', "\n";

$second = fq_reg_child($p, ['name' => 'app', 'host' => 'web-1', 'heartbeat' => 0.5], [], $pools);
$r = $second->wait(fq_sig_t(20));
echo str_replace("(pid {$first->pid})", '(pid FIRST)', trim($r['stdout'])), "\n";
echo "second: ", fq_sig_status($r), ", workers started: ", count(fq_sup_started($r['stdout'])), "\n";
echo "first's record kept: ", (fq_reg_record($p, 'app', 'web-1')['pid'] ?? null) === $first->pid ? 'yes' : 'no', "\n";

$other = fq_reg_child($p, ['name' => 'app', 'host' => 'web-2', 'heartbeat' => 0.5], [], $pools);
$rec = fq_reg_wait_running($p, 'app', 'web-2', $other->pid, 'idle', 1, fq_sig_t(20));
echo "another host accepted: ", $rec ? 'yes' : 'no', "\n";

// kill -9, and no wait(): the first stays a zombie of this process, its pid still taken.
$first->signal(SIGKILL);
$zombie = fq_reg_until(fn() => preg_match('/^\d+ \(.*\) Z /s', (string) @file_get_contents("/proc/{$first->pid}/stat")), fq_sig_t(5));
echo "first is a zombie: ", $zombie ? 'yes' : 'no', "\n";
$left = fq_raw()->cmd('PTTL', fq_reg_key($p, ':app/web-1')) / 1000;
echo "its record is still there: ", $left > 0 ? 'yes' : 'no', "\n";
$t = fq_sig_now();
$third = fq_reg_child($p, ['name' => 'app', 'host' => 'web-1', 'heartbeat' => 0.5], [], $pools);
$rec = fq_reg_wait_running($p, 'app', 'web-1', $third->pid, 'idle', 1, fq_sig_t(20));
echo "a new one took the claim over: ", $rec ? 'yes' : 'no', "\n";
// Before the record would have expired: the dead pid's claim was taken over, not waited out.
fq_sig_time('taken over before the expiry', fq_sig_now() - $t, 0, $left);
echo "first: ", fq_sig_status($first->wait(fq_sig_t(5))), "\n";

foreach (['third' => $third, 'other' => $other] as $label => $c) {
    $c->signal(SIGTERM);
    echo "$label: ", fq_sig_status($c->wait(fq_sig_t(20))), "\n";
}
echo "members left: ", json_encode(fq_raw()->cmd('ZRANGE', fq_reg_key($p), '0', '-1')), "\n";
fq_reg_clean($p);
?>
--EXPECT--
first registered with its pid: yes
run threw FastQueue\Exception: a supervisor named "app" already runs on host "web-1" (pid FIRST)
second: status 3, workers started: 0
first's record kept: yes
another host accepted: yes
first is a zombie: yes
its record is still there: yes
a new one took the claim over: yes
taken over before the expiry: ok
first: killed by signal 9
third: status 0
other: status 0
members left: []
