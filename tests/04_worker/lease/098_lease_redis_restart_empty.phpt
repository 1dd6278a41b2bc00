--TEST--
Lease renewal across a Redis restart without persistence (kill -9, then an empty server on the same port): the reservation is gone with the rest of Redis's data, so the renewal finds nothing to renew and stops (XX adds nothing back), without counting a lost lease; the job, no longer in Redis anywhere, runs once, to its end, and its acknowledgement finds nothing
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
$name = 'w098';
// No AOF, no RDB: the restarted server is empty.
$aof = [];
[$port, $pid] = fq_private_redis('w098', $aof);
(new FastQueue\RedisQueue(['host' => '127.0.0.1', 'port' => $port]))->pushRaw(json_encode(['uuid' => 'Long',
    'displayName' => 'Long', 'job' => 'X@y', 'data' => 0, 'attempts' => 0, 'maxTries' => null, 'timeout' => null]), $name);
// Long runs until the test is done watching (it waits for a file). The workers use the private
// server, the job's run is recorded there.
$done = sys_get_temp_dir() . '/fq-w098-' . getmypid();
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
    if (in_array(null, $seen, true)) {
        return 'not there at times';
    }
    $scores = array_column($seen, 0);
    return (min(array_column($seen, 1)) > 0 ? 'ahead of the clock' : 'fell behind the clock')
        . ', ' . (max($scores) - min($scores) >= 2 ? 'moved forward' : 'stuck at ' . implode(' ', array_unique($scores)));
}

$before = watch($port, $name, 3);
// Killed just after a renewal: the reservation then has most of its 3 s ahead, and the
// renewal after the restart reaches it before its end however the seconds fall. (Killed at
// any moment, as before, it could have as little as 1 s: on a busy machine the restart and
// the renewal after it came later, and the test saw a lease lost.)
fql_after_renewal(new FqRaw('127.0.0.1', $port), $name);
posix_kill($pid, SIGKILL);
for ($i = 0; $i < 200 && fq_is_redis_server($pid); $i++) {
    usleep(10000);
}
// Away for 1.5 s (half of retry_after): a renewal and several retries fail meanwhile.
usleep(1500000);
fq_restart_redis('w098', $port, $aof);
$after = watch($port, $name, 6);
// The job ends once the file is there; the workers finish it before they stop.
touch($done);
$raw = new FqRaw('127.0.0.1', $port);
$a->signal(SIGTERM);
$b->signal(SIGTERM);
$ra = $a->wait(fql_t(15));
$rb = $b->wait(fql_t(15));
@unlink($done);
echo 'before the restart: ', summary($before), "\n";
echo 'after the restart: ', array_filter($after) === [] ? 'gone' : summary($after), "\n";
// The runs list went with the data: the workers' own output tells who ran what.
echo 'runs: renewing worker ', substr_count($ra['stdout'], 'started X@y'), ', other worker ',
    substr_count($rb['stdout'], 'started X@y'), "\n";
echo 'renewing worker: ', preg_match('/stopped 0 \{"processed":1,"lease_renewals":\d+,"leases_lost":0,"lease_failures":[1-9]\d*\}/',
    $ra['stdout']) ? 'processed 1, renewal failures counted, no lease lost' : json_encode($ra), "\n";
// Redis came back empty: ZADD XX found no member (GONE before the reservation's end), so the
// thread stopped renewing this job without a word: nothing was taken back, and nothing is left
// to renew.
echo 'said the renewal failed: ', str_contains($ra['stderr'], 'lease renewal failed') ? 'yes' : 'no', "\n";
echo 'said it works again: ', str_contains($ra['stderr'], 'lease renewal works again') ? 'yes' : 'no', "\n";
echo 'said a lease was lost: ', str_contains($ra['stderr'], 'was taken back') ? 'yes' : 'no', "\n";
printf("pending=%d delayed=%d reserved=%d\n", $raw->cmd('LLEN', "queues:$name"),
    $raw->cmd('ZCARD', "queues:$name:delayed"), $raw->cmd('ZCARD', "queues:$name:reserved"));
fq_stop_tracked('w098');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('w098'); ?>
--EXPECT--
before the restart: ahead of the clock, moved forward
after the restart: gone
runs: renewing worker 1, other worker 0
renewing worker: processed 1, renewal failures counted, no lease lost
said the renewal failed: yes
said it works again: no
said a lease was lost: no
pending=0 delayed=0 reserved=0
