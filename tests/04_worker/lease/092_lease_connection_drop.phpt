--TEST--
Lease renewal: the renewal connection killed (CLIENT KILL) while a prefetched job runs: it reconnects, no lease is lost, the job runs once, and its score keeps its .NNNNNN fraction
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/lease.inc';
$name = 'w092';
fql_clean($name);
$raw = fq_raw();
$q = fq_queue(['queue' => $name]);
// prefetch 2 with retry_after 4 and timeout 1 (Long's own: 120): jobs are reserved uncharged,
// scored until.NNNNNN.
// Long runs until the test has watched its reservation for 10 s (it waits for a file), not for
// a time of its own: under valgrind the second worker alone can take longer to start than a
// fixed job would run, and the watch would then see no reservation at all.
$done = sys_get_temp_dir() . '/fq-w092-' . getmypid();
@unlink($done);
$body = 'function fql_custom_body($job) {
    if ($job->payload()["uuid"] === "Long") {
        while (!file_exists(' . var_export($done, true) . ')) { usleep(50000); }
    }
}';
fql_push($q, $name, 'Short', 0);
fql_push($q, $name, 'Long', 0, 120);
$a = fql_worker($name, 4, ['prefetch' => 2, 'timeout' => 1], $body);
$a->waitFor('started X@y' . "\n" . 'started X@y', fq_slow() ? 120 : 10);
$b = fql_worker($name, 4, ['timeout' => 1], $body);
fql_ready($b);
// Long's score gets a fraction of the test's own (+0.5 s, ZINCRBY, atomic beside the renewals'
// increments): its .NNNNNN from the reserve is 0 when it was first of its second's
// reservations, which depends on the machine's speed, and a renewal that wrote a whole
// score would keep a 0.
$marked = false;
$scores = [];
$kills = 0;
// Every client but this one (the workers' own connections and the renewal threads') is killed
// at 1.5, 3 and 4.5 s: at least once in each renewal step (4 / 3 s) of that time.
$killAt = [1.5, 3.0, 4.5];
for ($t = microtime(true); microtime(true) - $t < 10; usleep(200000)) {
    $rows = $raw->cmd('ZRANGE', "queues:$name:reserved", '0', '-1', 'WITHSCORES');
    for ($i = 0; $i < count($rows); $i += 2) {
        if (!str_contains($rows[$i], '"Long"')) continue;
        if (!$marked) {
            $raw->cmd('ZINCRBY', "queues:$name:reserved", '0.5', $rows[$i]);
            $marked = true;
            continue;
        }
        $scores[] = $rows[$i + 1];
    }
    if ($killAt && microtime(true) - $t >= $killAt[0]) {
        array_shift($killAt);
        $kills += $raw->cmd('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
    }
}
touch($done);
for ($t = microtime(true); microtime(true) - $t < fql_t(10) && count(fql_runs($name)) < 2; usleep(100000)) {
}
for ($t = microtime(true); microtime(true) - $t < fql_t(10) && $raw->cmd('ZCARD', "queues:$name:reserved"); usleep(100000)) {
}
@unlink($done);
$a->signal(SIGTERM);
$b->signal(SIGTERM);
$ra = $a->wait(fql_t(15));
$rb = $b->wait(fql_t(15));
echo 'connections killed: ', $kills > 3 ? 'several' : $kills, "\n";
$fractions = array_unique(array_map(fn($s) => round((float) $s - floor((float) $s), 6), $scores));
// Its number in that second's reservations plus the test's 0.5, the same throughout.
echo 'fraction: ', count($fractions) === 1 && reset($fractions) >= 0.5 ? 'one, kept' : implode(' ', $fractions), "\n";
$ints = array_map(fn($s) => (int) $s, $scores);
// Watched for 10 s, renewed every 4 / 3 s to end floor(now) + 4: it moved about 10 s.
echo 'score moved forward: ', $ints && max($ints) - min($ints) >= 6 ? 'yes' : 'no (' . implode(' ', array_unique($ints)) . ')', "\n";
echo 'runs: ', implode(' ', array_map(fn($r) => strstr($r, '@', true), fql_runs($name))), "\n";
echo 'leases lost: ', preg_match_all('/"leases_lost":0/', $ra['stdout'] . $rb['stdout']) === 2 ? 'none' : $ra['stdout'] . $rb['stdout'], "\n";
echo 'a renewal failed and was retried: ', str_contains($ra['stderr'] . $rb['stderr'], 'lease renewal works again') ? 'yes' : 'no', "\n";
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w092'); fq_raw()->cmd('DEL', 'w092:runs'); } ?>
--EXPECT--
connections killed: several
fraction: one, kept
score moved forward: yes
runs: Short Long
leases lost: none
a renewal failed and was retried: yes
pending=0 delayed=0 reserved=0
