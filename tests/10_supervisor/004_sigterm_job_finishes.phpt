--TEST--
SIGTERM to the supervisor while its worker runs a 3 s job: the worker gets SIGTERM, the job finishes and is deleted (not released), no other job starts, and run() returns 0
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../inc/supervisor.inc';
$queue = 'sv004';
fq_clean($queue);
fq_raw()->cmd('DEL', 'sv:done:work:3', 'sv:done:next');
$q = fq_queue();
$q->push('J', 'work:3', $queue);
$q->push('J', 'next', $queue);

$c = fq_sup_child(['jobs' => [fq_sup_worker_cmd($queue), 1, []], 'idle' => [fq_sup_worker_cmd('sv004-empty'), 1, []]],
    ['stop_timeout' => 20]);
echo $c->waitFor('start work:3', fq_sig_t(30)) ? "the job started\n" : "the job did not start\n";
// The idle worker is in its loop too, so each has its handlers in place.
echo count(fq_sup_wait_lines($c, '/^looping \d+$/m', 2, fq_sig_t(30))), " workers looping\n";
usleep(300000);
$t = fq_sig_now();
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(15));
// Under valgrind each worker's own exit (PHP's shutdown, the leak check) takes seconds.
fq_sig_time('the supervisor ended after the job', fq_sig_now() - $t, 2.0, fq_slow() ? 20 : 4.5);
echo fq_sig_status($r), "\n";
// The busy worker's lines and the supervisor's, in the order they came.
$busy = preg_match('/^start work:3 (\d+)$/m', $r['stdout'], $m) ? $m[1] : '?';
foreach (explode("\n", trim($r['stdout'])) as $line) {
    if (preg_match("/^(start|end|daemon returned) .* $busy\$/", $line)) {
        echo substr($line, 0, -strlen(" $busy")), "\n";
    } elseif (preg_match('/^(log stopping|log stopped|run returned|log pool "jobs": pid \d+ exited)/', $line)) {
        echo preg_replace(['/pid \d+/', '/ after [\d.]+ s \(/'], ['pid N', ' after T ('], $line), "\n";
    }
}
echo $r['stderr'];
echo "done: ", fq_raw()->cmd('GET', 'sv:done:work:3'), ", next done: ", var_export(fq_raw()->cmd('GET', 'sv:done:next'), true), "\n";
echo fq_sig_state($queue), "\n";
fq_clean($queue);
fq_raw()->cmd('DEL', 'sv:done:work:3', 'sv:done:next');
?>
--CLEAN--
<?php
require __DIR__ . '/../inc/config.inc';
if (fq_test_port()) {
    fq_clean('sv004');
    fq_raw()->cmd('DEL', 'sv:done:work:3', 'sv:done:next');
}
?>
--EXPECT--
the job started
2 workers looping
the supervisor ended after the job: ok
status 0
start work:3
log stopping: SIGTERM to 2 workers, SIGKILL after 20 s
end work:3
daemon returned 0
log pool "jobs": pid N exited with status 0 after T (asked to stop)
log stopped
run returned 0
done: 1, next done: NULL
pending [next:0] reserved [] delayed []
