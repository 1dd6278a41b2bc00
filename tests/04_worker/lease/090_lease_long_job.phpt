--TEST--
Lease renewal: a job that runs 10 x retry_after, blocked in C, runs exactly once with 3 workers on its queue
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/lease.inc';
$name = 'w090';
fql_clean($name);
$raw = fq_raw();
$q = fq_queue(['queue' => $name]);

$workers = [fql_worker($name, 2), fql_worker($name, 2), fql_worker($name, 2)];
fql_ready(...$workers);
fql_push($q, $name, 'Long', 20);
$scores = [];
for ($t = microtime(true); microtime(true) - $t < fql_t(25); usleep(250000)) {
    $before = microtime(true);
    $rows = $raw->cmd('ZRANGE', "queues:$name:reserved", '0', '-1', 'WITHSCORES');
    if ($rows) {
        $scores[] = [(float) $rows[1], $before, microtime(true)];
    } elseif ($scores && fql_runs($name)) {
        // Done. Only once it was seen reserved: an empty read just before the worker took the
        // job, then its run recorded just after, is a job that has only begun.
        break;
    }
}
foreach ($workers as $w) {
    $w->signal(SIGTERM);
}
$renewals = 0;
foreach ($workers as $w) {
    $r = $w->wait(fql_t(30));
    preg_match('/"lease_renewals":(\d+)/', $r['stdout'], $m);
    $renewals += (int) ($m[1] ?? 0);
    if ($r['status'] !== 0 || trim($r['stderr']) !== '') {
        echo "worker: status ", var_export($r['status'], true), "\n", $r['stderr'];
    }
}
$runs = fql_runs($name);
echo 'runs: ', count($runs), ' of ', implode(',', array_unique(array_map(fn($r) => strstr($r, '@', true), $runs))), "\n";
// The promise: while it ran, its reservation never ended (a score at or before the time of
// the read is one a migration would take back), and never ran past retry_after from then (a
// renewal ends it at floor(now) + 2; the .NNNNNN fraction is far below 0.01). How much was
// left depends on how soon the renewal thread got a CPU, which a loaded machine decides, so
// that is not checked.
$bad = array_filter($scores, fn($s) => $s[0] <= $s[1] || $s[0] > $s[2] + 2.01);
echo 'observed ', count($scores) >= 40 ? 'many' : count($scores), ' scores; ended or too long: ', count($bad), "\n";
echo 'renewals: ', $renewals >= 15 ? 'at least 15' : $renewals, "\n";
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w090'); fq_raw()->cmd('DEL', 'w090:runs'); } ?>
--EXPECT--
runs: 1 of Long
observed many scores; ended or too long: 0
renewals: at least 15
pending=0 delayed=0 reserved=0
