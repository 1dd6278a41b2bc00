--TEST--
Registry: the restart stamp found at the start is only noted; a change of it (queue:restart, fastqueue:terminate --wait) restarts every worker, one pool at a time, each pool never below its count; the record then carries the stamp as restarted
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
$p = 'sv034_';
$hb = 0.5;
fq_reg_clean($p);
$stamp = fq_reg_key($p, ':restart');
fq_raw()->cmd('SET', $stamp, '1764400000.000001');
$c = fq_reg_child($p, ['name' => 'app', 'host' => 'web-1', 'heartbeat' => $hb], [],
    ['a' => [['sleep', '61'], 2, []], 'b' => [['sleep', '62'], 2, []]]);
$r = fq_reg_until(fn() => ($x = fq_reg_wait_running($p, 'app', 'web-1', $c->pid, 'a', 2, 0.1))
    && count($x['pools']['b']['pids']) === 2 ? $x : null, fq_sig_t(20));
echo "restarted at the start: ", json_encode($r['restarted'] ?? null), "\n";
// The workers of each pool, as the kernel shows the supervisor's children. A child between its
// fork and its exec still shows the supervisor's command line: it is no pool's worker yet.
$pools = function () use ($c): array {
    $by = ['a' => [], 'b' => []];
    foreach (fq_reg_children($c->pid) as $pid => $cmd) {
        if ($cmd === 'sleep 61' || $cmd === 'sleep 62') {
            $by[$cmd === 'sleep 61' ? 'a' : 'b'][] = $pid;
        }
    }
    return $by;
};
$old = $pools();
usleep((int) (3 * $hb * 1e6));
echo "unchanged after three heartbeats with the old stamp: ", $pools() == $old ? 'yes' : json_encode([$old, $pools()]), "\n";

$new = sprintf('%.6F', microtime(true));
fq_raw()->cmd('SET', $stamp, $new);
$first = null;
$overlap = $below = $above = 0;
$until = fq_sig_now() + fq_sig_t(30);
do {
    $now = $pools();
    $left = ['a' => array_intersect($now['a'], $old['a']), 'b' => array_intersect($now['b'], $old['b'])];
    $fresh = ['a' => array_diff($now['a'], $old['a']), 'b' => array_diff($now['b'], $old['b'])];
    foreach (['a', 'b'] as $pool) {
        $below += count($now[$pool]) < 2;
        $above += count($now[$pool]) > 3;
        $first ??= $fresh[$pool] ? $pool : null;
    }
    // One pool at a time: the second pool gets no new worker while the first has an old one.
    // A scan of /proc is no snapshot: an old worker seen early in it may have ended before a
    // new one seen later started, so the old ones are looked at again after the scan.
    if ($first !== null) {
        $second = $first === 'a' ? 'b' : 'a';
        $overlap += $fresh[$second] && array_filter($left[$first], 'fq_sup_alive');
    }
    $done = !$left['a'] && !$left['b'] && count($now['a']) === 2 && count($now['b']) === 2;
    usleep(20000);
} while (!$done && fq_sig_now() < $until);
echo "every worker replaced: ", $done ? 'yes' : json_encode([$old, $now]), "\n";
echo "polls with both pools restarting: $overlap\n";
echo "polls with a pool below its count: $below, more than one above: $above\n";
$r = fq_reg_until(fn() => ($x = fq_reg_record($p, 'app', 'web-1')) && $x['restarted'] === $new ? $x : null, fq_sig_t(10));
echo "record: restarted is the new stamp: ", $r ? 'yes' : json_encode(fq_reg_record($p, 'app', 'web-1')), ", restarting: ",
    json_encode($r ? $r['restarting'] : 'no record'), "\n";

$c->signal(SIGTERM);
echo fq_sig_status($c->wait(fq_sig_t(20))), "\n";
fq_reg_clean($p);
?>
--EXPECT--
restarted at the start: "1764400000.000001"
unchanged after three heartbeats with the old stamp: yes
every worker replaced: yes
polls with both pools restarting: 0
polls with a pool below its count: 0, more than one above: 0
record: restarted is the new stamp: yes, restarting: null
status 0
