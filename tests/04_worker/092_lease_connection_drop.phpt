--TEST--
Lease renewal: the renewal connection killed (CLIENT KILL) while a prefetched job runs: it reconnects, no lease is lost, the job runs once, and its score keeps its .NNNNNN fraction
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/lease.inc';
$name = 'w092';
fql_clean($name);
$raw = fq_raw();
$q = fq_queue(['queue' => $name]);
// prefetch 2 with retry_after 4 and timeout 1 (Long's own: 30): jobs are reserved uncharged,
// scored until.NNNNNN.
// Short and Long come in one batch: Long is the second, scored until.NNNNNN with NNNNNN > 0.
fql_push($q, $name, 'Short', 0);
fql_push($q, $name, 'Long', 9, 30);
$a = fql_worker($name, 4, ['prefetch' => 2, 'timeout' => 1]);
$a->waitFor('started X@y' . "\n" . 'started X@y', fq_slow() ? 120 : 10);
$b = fql_worker($name, 4, ['timeout' => 1]);
fql_ready($b);
$scores = [];
$kills = 0;
for ($t = microtime(true); microtime(true) - $t < fql_t(12); usleep(200000)) {
    $rows = $raw->cmd('ZRANGE', "queues:$name:reserved", '0', '-1', 'WITHSCORES');
    $long = null;
    for ($i = 0; $i < count($rows); $i += 2) {
        if (str_contains($rows[$i], '"Long"')) $long = $rows[$i + 1];
    }
    if ($long === null) {
        if (count(fql_runs($name)) >= 2) break;
        continue;
    }
    $scores[] = $long;
    // Every client but this one: the workers' own connections and the renewal threads'.
    if (microtime(true) - $t > 1 && microtime(true) - $t < 6 && count($scores) % 5 === 0) {
        $kills += $raw->cmd('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
    }
}
$a->signal(SIGTERM);
$b->signal(SIGTERM);
$ra = $a->wait(fql_t(15));
$rb = $b->wait(fql_t(15));
echo 'connections killed: ', $kills > 3 ? 'several' : $kills, "\n";
$fractions = array_unique(array_map(fn($s) => round((float) $s - floor((float) $s), 6), $scores));
// Its number in that second's reservations (not 0: Short was before it), the same throughout.
echo 'fraction: ', count($fractions) === 1 && reset($fractions) > 0 ? 'one, kept' : implode(' ', $fractions), "\n";
$ints = array_map(fn($s) => (int) $s, $scores);
echo 'score moved forward: ', max($ints) - min($ints) >= 6 ? 'yes' : 'no', "\n";
echo 'runs: ', implode(' ', array_map(fn($r) => strstr($r, '@', true), fql_runs($name))), "\n";
echo 'leases lost: ', preg_match_all('/"leases_lost":0/', $ra['stdout'] . $rb['stdout']) === 2 ? 'none' : $ra['stdout'] . $rb['stdout'], "\n";
echo 'a renewal failed and was retried: ', str_contains($ra['stderr'] . $rb['stderr'], 'lease renewal works again') ? 'yes' : 'no', "\n";
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../inc/config.inc'; if (fq_test_port()) { fq_clean('w092'); fq_raw()->cmd('DEL', 'w092:runs'); } ?>
--EXPECT--
connections killed: several
fraction: one, kept
score moved forward: yes
runs: Short Long
leases lost: none
a renewal failed and was retried: yes
pending=0 delayed=0 reserved=0
