--TEST--
SIGUSR2 and SIGCONT to the supervisor reach its workers: a FastQueue worker takes no job while paused and takes it after; a PHP process with no handler of its own is not killed by SIGUSR2; one still booting gets it once its handler is set; no worker is started while paused
--EXTENSIONS--
fastqueue
posix
pcntl
--SKIPIF--
<?php require __DIR__ . '/../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../inc/supervisor.inc';
$queue = 'sv007';
fq_clean($queue);
fq_raw()->cmd('DEL', 'sv:done:while-paused');
$listener = <<<'PHP'
pcntl_async_signals(true);
// Each line in one write: the supervisor and its workers share the test's pipe, and a line
// written in parts can take another process's line into its middle.
pcntl_signal(SIGUSR2, function () { echo "usr2 " . getmypid() . "\n"; });
pcntl_signal(SIGCONT, function () { echo "cont " . getmypid() . "\n"; });
echo "ready " . getmypid() . "\n";
while (true) { sleep(1); }
PHP;
$go = sys_get_temp_dir() . '/sv007-go-' . getmypid();
@unlink($go);
$c = fq_sup_child([
    'fastqueue' => [fq_sup_worker_cmd($queue), 1, []],
    'listener' => [fq_sup_php_cmd($listener), 1, []],
    // Sets its handlers only once the test says so, after the pause.
    'booting' => [fq_sup_php_cmd('while (!file_exists(' . var_export($go, true) . ')) { usleep(20000); } echo "booted\n"; '
        . $listener), 1, []],
    // PHP catches SIGUSR2 itself from its start, to carry out the default action: the end of the
    // process, had the supervisor not started it with the signal ignored. Untraced in the
    // valgrind pass, so that valgrind does not stand between.
    // (Its sleep() returns early on the signal, as on any signal PHP catches: hence the loop.)
    'deaf' => [array_merge(fq_sup_php_cmd('while (true) { sleep(60); }'), ['fq-untraced-by-valgrind']), 1, []],
]);
$ready = $c->waitFor('looping', fq_sig_t(30)) && $c->waitFor('ready', fq_sig_t(30));
echo $ready ? "workers ready\n" : "workers not ready\n";
$deaf = fq_sup_started($c->stdout(), 'deaf')[0];

echo str_contains($c->stdout(), 'booted') ? "booted too soon\n" : "one is still booting\n";
$c->signal(SIGUSR2);
echo $c->waitFor('usr2', fq_sig_t(5)) ? "the listener got SIGUSR2\n" : "the listener did not get SIGUSR2\n";
touch($go);
echo $c->waitFor('log paused', 1) ? "the log says paused\n" : "no pause in the log\n";
usleep(300000);
echo "the deaf worker is alive after the pause: ", fq_sup_alive($deaf) ? 'yes' : 'no', "\n";
fq_queue()->push('J', 'while-paused', $queue);
// The deaf worker dies meanwhile: a paused supervisor starts no other, even past its 1 s delay.
posix_kill($deaf, SIGKILL);
usleep((int) (fq_sig_t(1.5) * 1e6));
echo "the deaf worker died of SIGUSR2: ", str_contains($c->stdout(), "pid $deaf was killed by signal 12") ? 'yes' : 'no', "\n";
echo "while paused: ", fq_sig_state($queue), ", workers started: ", count(fq_sup_started($c->stdout())), "\n";
// The booting one got SIGUSR2 once its handler was set: the supervisor repeats it to young workers.
$booting = fq_sup_started($c->stdout(), 'booting')[0];
$until = fq_sig_now() + fq_sig_t(5);
while (!str_contains($c->stdout(), "usr2 $booting") && fq_sig_now() < $until) {
    usleep(20000);
}
echo "the booting worker: ", str_contains($c->stdout(), 'booted') ? 'booted' : 'not booted', ", paused: ",
    str_contains($c->stdout(), "usr2 $booting") ? 'yes' : 'no', ", alive: ", fq_sup_alive($booting) ? 'yes' : 'no', "\n";

$c->signal(SIGCONT);
echo $c->waitFor('start while-paused', fq_sig_t(5)) ? "the job started after SIGCONT\n" : "the job did not start\n";
echo $c->waitFor('cont', 1) ? "the listener got SIGCONT\n" : "the listener did not get SIGCONT\n";
echo count(fq_sup_wait_lines($c, '/^log pool "deaf": started/m', 2, fq_sig_t(5))), " deaf workers started in all\n";
$c->waitFor('end while-paused', fq_sig_t(5));
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(10));
echo fq_sig_status($r), "\n";
foreach (preg_grep('/^log (paused|continued)/', explode("\n", $r['stdout'])) as $line) {
    echo $line, "\n";
}
echo "done: ", fq_raw()->cmd('GET', 'sv:done:while-paused'), "\n";
unlink($go);
fq_clean($queue);
fq_raw()->cmd('DEL', 'sv:done:while-paused');
?>
--CLEAN--
<?php
require __DIR__ . '/../inc/config.inc';
if (fq_test_port()) {
    fq_clean('sv007');
    fq_raw()->cmd('DEL', 'sv:done:while-paused');
}
?>
--EXPECT--
workers ready
one is still booting
the listener got SIGUSR2
the log says paused
the deaf worker is alive after the pause: yes
the deaf worker died of SIGUSR2: no
while paused: pending [while-paused:0] reserved [] delayed [], workers started: 4
the booting worker: booted, paused: yes, alive: yes
the job started after SIGCONT
the listener got SIGCONT
2 deaf workers started in all
status 0
log paused: SIGUSR2 to 4 workers, none started until continued
log continued: SIGCONT to 3 workers
done: 1
