--TEST--
A supervisor killed with kill -9 leaves no worker behind: each gets SIGTERM from the kernel (the parent-death signal), an idle FastQueue worker and a plain process alike are gone within two seconds
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
// The FastQueue workers write to a file: they outlive the supervisor's stdout.
$out = tempnam(sys_get_temp_dir(), 'sv005-');
$c = fq_sup_child(['fastqueue' => [fq_sup_worker_cmd('sv005-empty'), 2, ['env' => ['FQ_SV_OUT' => $out]]],
    'plain' => [['sleep', '60'], 1, []]]);
$until = fq_sig_now() + fq_sig_t(30);
while (substr_count((string) file_get_contents($out), 'looping') < 2 && fq_sig_now() < $until) {
    usleep(20000);
}
echo substr_count((string) file_get_contents($out), 'looping'), " FastQueue workers looping\n";
$pids = fq_sup_started($c->stdout());
echo count($pids), " workers started, alive: ", count(array_filter($pids, 'fq_sup_alive')), "\n";
$c->signal(SIGKILL);
$r = $c->wait(fq_sig_t(5));
echo fq_sig_status($r), "\n";
$t = fq_sig_now();
$left = fq_sup_wait_gone($pids, fq_sig_t(2));
echo $left ? 'still alive after ' . fq_sig_t(2) . ' s: ' . implode(', ', $left) : 'all gone', "\n";
// The FastQueue workers stopped as on a quit signal: their loop returned 0.
preg_match_all('/^daemon returned (\d+) \d+$/m', (string) file_get_contents($out), $m);
echo "daemon returned: ", implode(', ', $m[1]), "\n";
unlink($out);
?>
--EXPECT--
2 FastQueue workers looping
3 workers started, alive: 3
killed by signal 9
all gone
daemon returned: 0, 0
