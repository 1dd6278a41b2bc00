--TEST--
A pop is one round trip: migration and reservation in one EVALSHA, EVAL only after NOSCRIPT
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/config.inc';
$name = 'rq004';
// A server of its own: MONITOR and INFO commandstats count every client's commands, and on the
// shared test server a client another test left running (an idle worker's reserve calls) was
// counted once.
[$port, $pid] = fq_start_redis();
$r = new FqRaw('127.0.0.1', $port);
$q = new FastQueue\RedisQueue(['host' => '127.0.0.1', 'port' => $port, 'queue' => $name, 'retry_after' => 60]);
for ($i = 0; $i < 5; $i++) {
    $q->push("J$i");
}
$q->later(0, 'Due');      // due at once: pop migrates it in the same call
$q->pop()->delete();      // warm up: loads the script on this connection
$r->cmd('CONFIG', 'RESETSTAT');
// MONITOR shows each command a client sends, and marks the ones a script runs with "lua".
$mon = stream_socket_client("tcp://127.0.0.1:$port");
fwrite($mon, "MONITOR\r\n");
fgets($mon);
$names = [];
while ($job = $q->pop()) {
    $names[] = $job->getName();
}
$r->cmd('PING');  // a marker: everything before it in the monitor stream is ours
$sent = [];
stream_set_timeout($mon, 5);
while (($line = fgets($mon)) !== false && !str_contains($line, '"PING"')) {
    if (!str_contains($line, ' lua]')) {
        preg_match('/\] "([A-Za-z]+)"/', $line, $cm);
        $sent[] = strtoupper($cm[1]);
    }
}
fclose($mon);
echo "client sent: ", implode(' ', $sent), "\n";
// Five pops that found a job plus one that found none: six calls, nothing else.
$stats = $r->cmd('INFO', 'commandstats');
preg_match_all('/^cmdstat_([a-z|]+):calls=(\d+)/m', $stats, $m);
$top = [];
foreach ($m[1] as $i => $cmd) {
    $top[$cmd] = (int) $m[2][$i];
}
echo implode(',', $names), "\n";
var_dump($top['evalsha'] ?? 0, $top['eval'] ?? 0);
// Every other command in the stats ran inside the script (redis counts those too): none came
// from the client. The client-side ones would be llen, zadd, zrem ... outside EVALSHA.
$r->cmd('CONFIG', 'RESETSTAT');
$q->size();
$size = $r->cmd('INFO', 'commandstats');
var_dump((bool) preg_match('/cmdstat_llen:calls=1,/', $size), (bool) preg_match('/cmdstat_zcard:calls=2,/', $size));

// After SCRIPT FLUSH the first call answers NOSCRIPT; FastQueue sends EVAL once and goes on.
$r->cmd('SCRIPT', 'FLUSH');
$r->cmd('CONFIG', 'RESETSTAT');
$q->push('After');
var_dump($q->pop()->getName());
$stats = $r->cmd('INFO', 'commandstats');
preg_match('/cmdstat_evalsha:calls=(\d+),.*failed_calls=(\d+)/', $stats, $sha);
preg_match('/cmdstat_eval:calls=(\d+)/', $stats, $ev);
echo "evalsha calls={$sha[1]} failed={$sha[2]} eval calls={$ev[1]}\n";
fq_stop_redis($pid);
?>
--EXPECT--
client sent: EVALSHA EVALSHA EVALSHA EVALSHA EVALSHA EVALSHA
J1,J2,J3,J4,Due
int(6)
int(0)
bool(true)
bool(true)
string(5) "After"
evalsha calls=2 failed=2 eval calls=2
