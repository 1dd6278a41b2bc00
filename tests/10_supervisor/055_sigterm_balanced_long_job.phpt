--TEST--
SIGTERM to a supervisor of a balanced group while a 5 s job runs and the other pool has a backlog the balancer would grow it for: no worker starts after the stop, the job finishes and is recorded, the other pool's jobs are not cut short, and the supervisor exits 0 once the job is done
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../inc/supervisor_balance.inc';
[$qa, $qb] = ['sv055a', 'sv055b'];
fq_bal_clean($qa, $qb);
$c = fq_bal_child(['stop_timeout' => 20],
    ['g' => ['balance' => 'auto', 'strategy' => 'size', 'max_processes' => 6, 'max_shift' => 1, 'cooldown' => 1]],
    ['A' => fq_bal_pool($qa, 1, ['group' => 'g', 'min_processes' => 1, 'max_processes' => 6]),
        'B' => fq_bal_pool($qb, 1, ['group' => 'g', 'min_processes' => 1, 'max_processes' => 6])]);
echo count(fq_sup_wait_lines($c, '/^looping \d+$/m', 2, fq_sig_t(30))), " workers looping\n";

$long = fq_bal_push($qa, 'long', 0, 1, 5);
echo $c->waitFor('start long-0 ', fq_sig_t(10)) ? "the 5 s job started\n" : "the 5 s job did not start\n";
$jobStart = fq_sig_now();
// A backlog on B that the balancer moves processes for, one every cooldown up to 5: it is
// still climbing at the stop.
$idsB = fq_bal_push($qb, 'b', 0, 400, 0.2);
usleep(1500000);
$t = fq_sig_now();
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(30));
$took = fq_sig_now() - $t;
$left = 5 - ($t - $jobStart);
// It waits for the job (less what the job had run, and the test's polling), and not much more.
fq_sig_time('the supervisor ended after the job', $took, $left - 0.3, $left + (fq_slow() ? 15 : 3));
echo fq_sig_status($r), "\n";
$events = fq_bal_events($r['stdout']);
$stop = array_search('stopping', array_column($events, 'event'), true);
echo $stop === false ? "no stopping event\n" : "stopping logged\n";
$after = $stop === false ? [] : array_slice($events, $stop + 1);
$late = array_filter($after, fn($e) => $e['event'] === 'started' || $e['event'] === 'scaled');
echo $late ? count($late) . " workers started or pools scaled after the stop\n" : "no worker started, no pool scaled after the stop\n";
echo end($events)['event'], " last\n";
$longPid = preg_match('/^start long-0 (\d+)$/m', $r['stdout'], $m) ? (int) $m[1] : 0;
$exit = array_values(array_filter($after, fn($e) => $e['event'] === 'exited' && $e['pid'] === $longPid));
echo "the 5 s job's worker: ", $exit ? "status {$exit[0]['status']}" : 'no exit logged', "\n";
echo "the 5 s job: ", fq_raw()->cmd('HGET', "svb:$qa:end", 'long-0') === '1' ? 'done' : 'not done', "\n";
echo "A: ", fq_bal_account($qa, $long), "\n";
echo "B: ", fq_bal_account($qb, $idsB, true), "\n";
echo $r['stderr'];
fq_bal_clean($qa, $qb);
?>
--CLEAN--
<?php
require __DIR__ . '/../inc/supervisor_balance.inc';
if (fq_test_port()) {
    fq_bal_clean('sv055a', 'sv055b');
}
?>
--EXPECT--
2 workers looping
the 5 s job started
the supervisor ended after the job: ok
status 0
stopping logged
no worker started, no pool scaled after the stop
stopped last
the 5 s job's worker: status 0
the 5 s job: done
A: 1 jobs, each run once
B: every job started ran once, the rest pending
