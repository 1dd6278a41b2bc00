--TEST--
Lease renewal: a worker killed with kill -9 mid-job stops renewing; another worker runs the job within retry_after plus one step (and a second for the migration)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/lease.inc';
$name = 'w091';
fql_clean($name);
$q = fq_queue(['queue' => $name]);
// The first run sleeps 30 s; the second (attempt 2, after the kill) returns at once.
$body = 'function fql_custom_body($job) { if ($job->attempts() === 1) sleep(30); }';
$a = fql_worker($name, 2, ['tries' => 3], $body);
fql_push($q, $name, 'Long', 0);
fql_ready($a);
$a->waitFor('started X', fql_t(10));
sleep(3); // renewed several times by now: without renewal it would already be back
$b = fql_worker($name, 2, ['tries' => 3], $body);
fql_ready($b);
echo 'runs before the kill: ', count(fql_runs($name)), "\n";
$a->signal(SIGKILL);
$killed = microtime(true);
$back = null;
while (microtime(true) - $killed < fql_t(10)) {
    if (count(fql_runs($name)) === 2) {
        $back = microtime(true) - $killed;
        break;
    }
    usleep(20000);
}
// retry_after 2 + step 0.5, + up to 1 s before a worker looks for expired reservations again.
$limit = 2 + 0.5 + 1 + (fq_slow() ? 2 : 0.3);
echo 'taken back: ', $back === null ? 'never' : ($back <= $limit ? 'in time' : sprintf('after %.2f s', $back)), "\n";
$b->signal(SIGTERM);
$rb = $b->wait(fql_t(10));
$ra = $a->wait(5);
echo 'killed worker: signal ', $ra['signal'], "\n";
echo 'other worker: ', trim(str_replace("ready\n", '', $rb['stdout'])), "\n";
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w091'); fq_raw()->cmd('DEL', 'w091:runs'); } ?>
--EXPECTF--
runs before the kill: 1
taken back: in time
killed worker: signal 9
other worker: started X@y
stopped 0 {"processed":1,"lease_renewals":0,"leases_lost":0,"lease_failures":0}
pending=0 delayed=0 reserved=0
