--TEST--
SIGTERM during runNextJob() goes, after the job, to the disposition found before: a pcntl handler runs after runNextJob() returns and can end the loop; SIG_IGN ignores it
--EXTENSIONS--
fastqueue
posix
pcntl
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading uninitialised memory, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/signals.inc';
// $disposition is PHP that sets up SIGTERM before the loop; the loop stops when $stop is set.
function sg032_child(string $queue, string $disposition): FqChild
{
    return fq_child('$stop = false;
' . $disposition . '
$w = new FastQueue\Worker(fq_queue(), ' . fq_sig_busy_handler(0.3) . ', ["sleep" => 0.1]);
$w->on("processed", function ($job) { echo "processed ", $job->getData(), "\n"; });
while (!$stop && $w->runNextJob(' . var_export($queue, true) . ')) {
    echo "runNextJob returned\n";
    pcntl_signal_dispatch();
}
echo "loop ended\n";');
}
$children = [
    'sg032handler' => sg032_child('sg032handler',
        'pcntl_signal(SIGTERM, function ($signo) use (&$stop) { echo "pcntl handler ran\n"; $stop = true; });'),
    'sg032ignored' => sg032_child('sg032ignored', 'pcntl_signal(SIGTERM, SIG_IGN);'),
];
foreach ($children as $queue => $c) {
    fq_clean($queue);
    $q = fq_queue(['queue' => $queue]);
    foreach (['j1', 'j2', 'j3'] as $data) {
        $q->push('J', $data);
    }
}
foreach ($children as $queue => $c) {
    echo "$queue: ", $c->waitFor('start j1', fq_sig_t(5)) ? "job started\n" : "job did not start\n";
    usleep(100000);
    $c->signal(SIGTERM);
}
foreach ($children as $queue => $c) {
    $r = $c->wait(fq_sig_t(5));
    echo "$queue: ", fq_sig_status($r), "\n", $r['stdout'], $r['stderr'];
    echo "$queue: ", fq_sig_state($queue), "\n";
}
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('sg032handler'); fq_clean('sg032ignored'); } ?>
--EXPECT--
sg032handler: job started
sg032ignored: job started
sg032handler: status 0
start j1 attempts=1
end j1
processed j1
runNextJob returned
pcntl handler ran
loop ended
sg032handler: pending [j2:0 j3:0] reserved [] delayed []
sg032ignored: status 0
start j1 attempts=1
end j1
processed j1
runNextJob returned
start j2 attempts=1
end j2
processed j2
runNextJob returned
start j3 attempts=1
end j3
processed j3
runNextJob returned
loop ended
sg032ignored: pending [] reserved [] delayed []
