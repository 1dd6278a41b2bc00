--TEST--
No quit signal is lost while runNextJob() installs or restores its handlers: each of many SIGTERMs sent to a tight runNextJob() loop reaches the pcntl handler found before
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
$queue = 'sg035';
fq_clean($queue);
// An empty queue and sleep 0: the loop spends much of its time installing and restoring the
// handlers, where a signal used to fall between the install and the flag reset.
$signals = fq_slow() ? 60 : 1500;
$c = fq_child('pcntl_async_signals(true);
$got = 0;
pcntl_signal(SIGTERM, function ($signo) use (&$got) { $got++; echo "got $got\n"; });
$w = new FastQueue\Worker(fq_queue(), fn($job) => null, ["sleep" => 0]);
echo "ready\n";
while ($got < ' . $signals . ') {
    $w->runNextJob("sg035");
}
echo "loop ended\n";');
// FqChild::waitFor() looks every 10 ms; this looks every 0.2 ms, so many signals fit in a second.
function sg035_wait(FqChild $c, string $text, float $seconds): bool
{
    $until = fq_sig_now() + $seconds;
    do {
        if (str_contains($c->stdout(), $text)) {
            return true;
        }
        usleep(200);
    } while (fq_sig_now() < $until);
    return false;
}
echo $c->waitFor('ready', fq_sig_t(5)) ? "ready\n" : "not ready\n";
$lost = 0;
for ($i = 1; $i <= $signals; $i++) {
    // Random points of the loop; one signal at a time, as signals of one kind pending together
    // are delivered once.
    usleep(random_int(0, 300));
    $c->signal(SIGTERM);
    if (!sg035_wait($c, "got " . ($i - $lost) . "\n", fq_sig_t(1))) {
        $lost++;
    }
    if ($lost >= 3) {
        break;
    }
}
echo $lost ? "lost $lost of $i signals\n" : "no signal lost\n";
$r = $c->wait(fq_sig_t(5));
echo fq_sig_status($r), "\n";
echo str_contains($r['stdout'], "loop ended\n") ? "loop ended\n" : "loop did not end\n";
echo $r['stderr'];
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg035'); ?>
--EXPECT--
ready
no signal lost
status 0
loop ended
