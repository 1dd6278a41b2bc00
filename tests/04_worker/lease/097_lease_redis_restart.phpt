--TEST--
Lease renewal across a Redis restart (kill -9, then the same port again, AOF on so the reservation survives): renewals fail while Redis is away (counted), reconnect once it is back and go on moving the score; the job runs once beside a second worker that polls the queue
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
require __DIR__ . '/../../inc/lease.inc';
require __DIR__ . '/../../inc/errors.inc';
$name = 'w097';
// appendfsync always: every renewal Redis acknowledged is on disk when it is killed.
$aof = ['--appendonly', 'yes', '--appendfsync', 'always'];
[$port, $pid] = fq_private_redis('w097', $aof);
(new FastQueue\RedisQueue(['host' => '127.0.0.1', 'port' => $port]))->pushRaw(json_encode(['uuid' => 'Long',
    'displayName' => 'Long', 'job' => 'X@y', 'data' => 0, 'attempts' => 0, 'maxTries' => null, 'timeout' => null]), $name);
// Long runs until the test is done watching (it waits for a file). The workers use the private
// server, the job's run is recorded there.
$done = sys_get_temp_dir() . '/fq-w097-' . getmypid();
@unlink($done);
$before = sprintf('
    $q = new FastQueue\RedisQueue(["host" => "127.0.0.1", "port" => %d, "queue" => $queue, "retry_after" => 3]);
    $raw = new FqRaw("127.0.0.1", %1$d);
    function fql_custom_body($job) {
        while (!file_exists(%s)) { usleep(50000); }
    }', $port, var_export($done, true));
// retry_after 3: a renewal every second, tried again every 0.25 s after a failure.
$a = fql_worker($name, 3, [], $before);
$a->waitFor('started X@y', fq_slow() ? 120 : 10);
// A second worker (no renewal) polls the queue throughout: it would migrate the reservation
// back and run the job if the lease ended.
$b = fql_worker($name, 3, ['lease_renewal' => false], $before);
fql_ready($b);

// The reservation's score over $seconds, as [score, seconds ahead of the clock] (null: not there).
function watch(int $port, string $name, float $seconds): array
{
    $raw = new FqRaw('127.0.0.1', $port);
    $seen = [];
    for ($t = microtime(true); microtime(true) - $t < $seconds; usleep(200000)) {
        $rows = $raw->cmd('ZRANGE', "queues:$name:reserved", '0', '-1', 'WITHSCORES');
        $seen[] = count($rows) === 2 ? [(float) $rows[1], (float) $rows[1] - time()] : null;
    }
    return $seen;
}

function summary(array $seen): string
{
    if (count($seen) < 3) {
        return 'not renewed (' . count($seen) . ' samples after the first renewal)';
    }
    if (in_array(null, $seen, true)) {
        return 'not there at times';
    }
    $scores = array_column($seen, 0);
    return (min(array_column($seen, 1)) > 0 ? 'ahead of the clock' : 'fell behind the clock')
        . ', ' . (max($scores) - min($scores) >= 2 ? 'moved forward' : 'stuck at ' . implode(' ', array_unique($scores)));
}

$before = watch($port, $name, 3);
posix_kill($pid, SIGKILL);
for ($i = 0; $i < 200 && fq_is_redis_server($pid); $i++) {
    usleep(10000);
}
// Away for 1.5 s (half of retry_after): a renewal and several retries fail meanwhile.
usleep(1500000);
fq_restart_redis('w097', $port, $aof);
$after = watch($port, $name, 6);
// Until the worker's first renewal after the restart, the score is the one Redis kept, and a
// slow restart (AOF load, a loaded machine) may outlast it: the lease is judged from that
// renewal on.
$kept = $after[0][0] ?? null;
while ($after && $after[0] !== null && $after[0][0] === $kept) {
    array_shift($after);
}
touch($done);
$raw = new FqRaw('127.0.0.1', $port);
for ($t = microtime(true); microtime(true) - $t < fql_t(10) && $raw->cmd('ZCARD', "queues:$name:reserved"); usleep(100000)) {
}
$a->signal(SIGTERM);
$b->signal(SIGTERM);
$ra = $a->wait(fql_t(15));
$rb = $b->wait(fql_t(15));
@unlink($done);
echo 'before the restart: ', summary($before), "\n";
echo 'after the restart: ', summary($after), "\n";
echo 'runs: ', implode(' ', array_map(fn($r) => strstr($r, '@', true), $raw->cmd('LRANGE', "$name:runs", '0', '-1'))), "\n";
preg_match('/"lease_failures":(\d+)/', $ra['stdout'], $f);
echo 'renewals failed while Redis was away: ', $f && $f[1] > 0 ? 'yes' : $ra['stdout'] . $ra['stderr'], "\n";
echo 'says so, then that it works again: ', str_contains($ra['stderr'], 'lease renewal failed')
    && str_contains($ra['stderr'], 'lease renewal works again') ? 'yes' : $ra['stderr'], "\n";
echo 'leases lost: ', str_contains($ra['stdout'], '"leases_lost":0') ? 'none' : $ra['stdout'], "\n";
echo 'other worker ran: ', str_contains($rb['stdout'], 'started') ? $rb['stdout'] : 'nothing', "\n";
printf("pending=%d delayed=%d reserved=%d\n", $raw->cmd('LLEN', "queues:$name"),
    $raw->cmd('ZCARD', "queues:$name:delayed"), $raw->cmd('ZCARD', "queues:$name:reserved"));
fq_stop_tracked('w097');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('w097'); ?>
--EXPECT--
before the restart: ahead of the clock, moved forward
after the restart: ahead of the clock, moved forward
runs: Long
renewals failed while Redis was away: yes
says so, then that it works again: yes
leases lost: none
other worker ran: nothing
pending=0 delayed=0 reserved=0
