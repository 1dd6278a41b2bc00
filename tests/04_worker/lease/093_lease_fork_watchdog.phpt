--TEST--
Lease renewal: a job that forks (the child exits through the worker, the parent keeps renewing) runs once; a job the watchdog kills stops being renewed and comes back after retry_after
--EXTENSIONS--
fastqueue
pcntl
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/lease.inc';
$name = 'w093';
fql_clean($name);
$raw = fq_raw();
$q = fq_queue(['queue' => $name]);

// Fork: the child sleeps 2 s and exit()s, which unwinds the worker in the child; the parent
// waits for it, then sleeps on: 8 s in all, with retry_after 2 and a second worker waiting.
$fork = 'function fql_custom_body($job) {
    $pid = pcntl_fork();
    if ($pid === 0) { sleep(2); exit(0); }
    pcntl_waitpid($pid, $st);
    echo "child exited ", pcntl_wexitstatus($st), "\n";
    sleep(6);
}';
$a = fql_worker($name, 2, [], $fork);
$b = fql_worker($name, 2, [], $fork);
fql_ready($a, $b);
fql_push($q, $name, 'Fork', 0);
for ($t = microtime(true); microtime(true) - $t < fql_t(15) && !(fql_runs($name) && !$raw->cmd('ZCARD', "queues:$name:reserved")); ) {
    usleep(200000);
}
$a->signal(SIGTERM);
$b->signal(SIGTERM);
$out = $a->wait(fql_t(10))['stdout'] . $b->wait(fql_t(10))['stdout'];
echo 'fork: runs ', count(fql_runs($name)), ', ', substr_count($out, 'child exited 0'), " child exited 0\n";
echo 'parent kept renewing: ', preg_match('/"lease_renewals":([1-9]\d*)/', $out, $m) && $m[1] >= 8 ? 'yes' : $out, "\n";
echo fqw_counts($name), "\n";

// Watchdog: timeout 1 s in 'kill' mode, the job blocked in sleep(30); tries 2, so the second
// worker runs it again once its reservation ends: no renewal after the first worker died.
fql_clean($name);
$body = 'function fql_custom_body($job) { if ($job->attempts() === 1) { sleep(30); } }';
$a = fql_worker($name, 2, ['timeout' => 1, 'tries' => 2], $body);
fql_push($q, $name, 'Stuck', 0);
fql_ready($a);
$a->waitFor('started', fql_t(10));
$ra = $a->wait(fql_t(10));
$died = microtime(true);
echo 'watchdog: status ', $ra['status'], ', ', str_contains($ra['stderr'], 'timed out') || $ra['status'] !== 0 ? 'killed' : $ra['stderr'], "\n";
$b = fql_worker($name, 2, ['timeout' => 1, 'tries' => 2], $body);
$t = microtime(true);
fql_ready($b);
$startup = microtime(true) - $t;
while (microtime(true) - $died < fql_t(8) && count(fql_runs($name)) < 2) {
    usleep(20000);
}
echo 'taken back within retry_after + 1: ', microtime(true) - $died <= 3 + (fq_slow() ? 2 + $startup : 0.3) ? 'yes' : 'no', "\n";
$b->signal(SIGTERM);
$b->wait(10);
echo 'runs: ', count(fql_runs($name)), ', ', fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w093'); fq_raw()->cmd('DEL', 'w093:runs'); } ?>
--EXPECT--
fork: runs 1, 1 child exited 0
parent kept renewing: yes
pending=0 delayed=0 reserved=0
watchdog: status 1, killed
taken back within retry_after + 1: yes
runs: 2, pending=0 delayed=0 reserved=0
