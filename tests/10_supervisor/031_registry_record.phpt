--TEST--
Registry: after a heartbeat the status record in Redis holds the fields of the design (the supervisor, its groups, pools and queues), is set to expire after three heartbeats, and is gone with its member after a graceful stop
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
$p = 'sv031_';
fq_reg_clean($p);
fq_clean('sv031', $p);
$c = fq_reg_child($p, ['name' => 'app', 'host' => 'web-1', 'heartbeat' => 0.5],
    ['g' => ['balance' => 'simple', 'max_processes' => 2]],
    ['work' => [['sleep', '60'], 2, ['group' => 'g', 'queues' => ['sv031'], 'min_processes' => 1, 'max_processes' => 2]]]);
$r = fq_reg_wait_running($p, 'app', 'web-1', $c->pid, 'work', 2, fq_sig_t(20));
if (!$r) {
    echo "no record: ", json_encode(fq_reg_record($p, 'app', 'web-1')), "\n", $c->stdout(), $c->stderr();
}
// The fields of the design; the record may carry more.
$want = ['name', 'host', 'pid', 'state', 'started', 'heartbeat', 'figures', 'groups', 'pools', 'queues', 'restarting', 'restarted'];
echo "missing: ", json_encode(array_values(array_diff($want, array_keys($r)))), "\n";
$g = $r['groups']['g'];
echo "missing in groups.g: ", json_encode(array_values(array_diff(['balance', 'strategy', 'max_processes', 'shared', 'budget', 'hosts'], array_keys($g)))), "\n";
$pool = $r['pools']['work'];
echo "missing in pools.work: ", json_encode(array_values(array_diff(['group', 'queues', 'processes', 'min_processes', 'max_processes', 'pids'], array_keys($pool)))), "\n";
echo "missing in queues.sv031: ", json_encode(array_values(array_diff(['backlog', 'wait', 'runtime'], array_keys($r['queues']['sv031'] ?? [])))), "\n";
printf("%s/%s pid=%s state=%s heartbeat=%s restarting=%s restarted=%s started=%s\n", $r['name'], $r['host'],
    $r['pid'] === $c->pid ? 'its own' : $r['pid'], $r['state'], json_encode($r['heartbeat']), json_encode($r['restarting']),
    json_encode($r['restarted']), abs($r['started'] - microtime(true)) < 60 ? 'now' : $r['started']);
printf("group g: %s %s max=%d shared=%s budget=%d hosts=%d\n", $g['balance'], $g['strategy'], $g['max_processes'],
    json_encode($g['shared']), $g['budget'], $g['hosts']);
$children = array_keys(fq_reg_children($c->pid));
printf("pool work: group=%s queues=%s processes=%d min=%d max=%d pids are its workers: %s\n", $pool['group'],
    json_encode($pool['queues']), $pool['processes'], $pool['min_processes'], $pool['max_processes'],
    $pool['pids'] == $children ? 'yes' : json_encode([$pool['pids'], $children]));
// Renewed at each heartbeat with three heartbeats to live.
$ttl = fq_raw()->cmd('PTTL', fq_reg_key($p, ':app/web-1'));
echo "expires within three heartbeats: ", $ttl > 0 && $ttl <= 1500 ? 'yes' : $ttl, "\n";
$score = fq_raw()->cmd('ZSCORE', fq_reg_key($p), 'app/web-1');
echo "member scored by its last heartbeat: ", abs((float) $score - microtime(true)) < 5 ? 'yes' : $score, "\n";

$c->signal(SIGTERM);
echo fq_sig_status($c->wait(fq_sig_t(20))), "\n";
echo "record after the stop: ", json_encode(fq_reg_record($p, 'app', 'web-1')), "\n";
echo "members after the stop: ", json_encode(fq_raw()->cmd('ZRANGE', fq_reg_key($p), '0', '-1')), "\n";
fq_reg_clean($p);
?>
--EXPECT--
missing: []
missing in groups.g: []
missing in pools.work: []
missing in queues.sv031: []
app/web-1 pid=its own state=running heartbeat=0.5 restarting=null restarted="" started=now
group g: simple time max=2 shared=false budget=2 hosts=1
pool work: group=g queues=["sv031"] processes=2 min=1 max=2 pids are its workers: yes
expires within three heartbeats: yes
member scored by its last heartbeat: yes
status 0
record after the stop: null
members after the stop: []
