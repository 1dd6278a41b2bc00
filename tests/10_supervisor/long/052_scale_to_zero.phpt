--TEST--
Scale to zero: a pool of a balanced group with min_processes 0 has no process while its queue is empty; a push starts one within 1 s (the log's "started"), its job runs, and once the queue is empty again the pool is back to zero within two cooldowns, twice over
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/supervisor_balance.inc';
$qz = 'sv052z';
fq_bal_clean($qz);
// A cooldown of 5 s: each push comes 2 s after the start or after the turn that took the pool
// back to zero, so only the poll of a pool at zero starts its process within 1 s; the next
// turn would be 3 s away.
$c = fq_bal_child(['stop_timeout' => 10],
    ['g' => ['balance' => 'auto', 'max_processes' => 2, 'max_shift' => 1, 'cooldown' => 5]],
    ['Z' => fq_bal_pool($qz, 0, ['group' => 'g', 'min_processes' => 0, 'max_processes' => 2])]);

// Whether the pool stays without a process for $seconds: none alive, none started.
$none = function (float $seconds) use ($c): bool {
    $from = count(fq_bal_events($c->stdout()));
    $samples = fq_bal_drive($c, $seconds, fn() => true);
    $started = array_filter(array_slice(fq_bal_events($c->stdout()), $from), fn($e) => $e['event'] === 'started');
    return !$started && !array_filter($samples, fn($s) => $s[1] !== []);
};
// The first event of $kind from the $from'th on, waiting up to $seconds.
$await = function (string $kind, int $from, float $seconds) use ($c): ?array {
    for ($until = fq_sig_now() + $seconds; fq_sig_now() < $until; usleep(10000)) {
        foreach (array_slice(fq_bal_events($c->stdout()), $from) as $e) {
            if ($e['event'] === $kind) {
                return $e;
            }
        }
    }
    return null;
};

echo $none(2.0) ? "no process while the queue is empty\n" : "a process ran for an empty queue\n";
$ids = [];
foreach ([1, 2] as $round) {
    $from = count(fq_bal_events($c->stdout()));
    $pushed = microtime(true);
    array_push($ids, ...fq_bal_push($qz, 'z', $round, 1, 0.2));
    $started = $await('started', $from, fq_sig_t(10));
    $latency = $started ? $started['t'] - $pushed : INF;
    // The promise is 1 s; the rest is room for a busy machine.
    echo "round $round: ", $latency <= 1.0 + (fq_slow() ? 2.0 : 1.0) ? "a process started within 1 s of the push"
        : sprintf('the process started %.3f s after the push', $latency), "\n";
    if (fq_bal_verbose()) {
        printf("round %d: push to start %.3f s\n", $round, $latency);
    }
    // Then the job runs, its worker's boot included.
    for ($until = fq_sig_now() + fq_sig_t(15); fq_sig_now() < $until && !fq_raw()->cmd('HGET', "svb:$qz:end", "z-$round"); usleep(20000));
    $ended = microtime(true);
    echo "round $round: the job ", fq_raw()->cmd('HGET', "svb:$qz:end", "z-$round") ? 'ran' : 'did not run', "\n";
    if (fq_bal_verbose()) {
        printf("round %d: push to the job's end (0.2 s of work, the boot included) %.3f s\n", $round, $ended - $pushed);
    }
    // Back to zero at a balancing turn, and the worker's exit: the first turn after the job may
    // still read its worker busy (the metrics are published every second), and a pool that is
    // not idle gives up a process only at the second turn in a row that wants it: two cooldowns.
    $pid = $started['pid'] ?? 0;
    $left = fq_sup_wait_gone([$pid], fq_sig_t(2 * 5 + 3));
    $shrunk = $await('shrinking', $from, 0.1);
    echo "round $round: ", !$left && $shrunk ? 'back to zero' : ($left ? 'still running two cooldowns and 3 s after its job' : 'ended without a shrink'), "\n";
    if (fq_bal_verbose()) {
        printf("round %d: job end to zero %.3f s\n", $round, microtime(true) - $ended);
    }
    echo $none(2.0) ? "round $round: no process while the queue is empty\n" : "round $round: a process ran for an empty queue\n";
}
$c->signal(SIGTERM);
$r = $c->wait(fq_sig_t(15));
echo fq_sig_status($r), "\n";
$events = fq_bal_events($r['stdout']);
echo "started in all: ", count(array_filter($events, fn($e) => $e['event'] === 'started')), "\n";
echo "target at the end: ", end($events)['targets']['Z'] ?? '?', "\n";
echo "Z: ", fq_bal_account($qz, $ids), "\n";
echo $r['stderr'];
fq_bal_clean($qz);
?>
--CLEAN--
<?php
require __DIR__ . '/../../inc/supervisor_balance.inc';
if (fq_test_port()) {
    fq_bal_clean('sv052z');
}
?>
--EXPECT--
no process while the queue is empty
round 1: a process started within 1 s of the push
round 1: the job ran
round 1: back to zero
round 1: no process while the queue is empty
round 2: a process started within 1 s of the push
round 2: the job ran
round 2: back to zero
round 2: no process while the queue is empty
status 0
started in all: 2
target at the end: 0
Z: 2 jobs, each run once
