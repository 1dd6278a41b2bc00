--TEST--
Chaos with prefetch 32 and tries 1: two workers serve a queue while one of them is killed with SIGKILL at random moments and replaced; at the end every job ran or was failed, nothing is left in any key, and each kill cost at most one job, the one in flight (failed, as its attempt was charged, or run again, as it finished unacknowledged), never the prefetched jobs that had not started
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading uninitialised memory, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/chaos.inc';
$seed = (int) (getenv('FASTQUEUE_CHAOS_SEED') ?: random_int(1, 1 << 30));
// Under valgrind every process is many times slower: fewer jobs and kills, same rules.
[$n, $kills] = fq_slow() ? [300, 3] : [2000, 8];
$r = fq_chaos('sg044', ['prefix' => 'sg044:', 'retry_after' => 3],
    ['prefetch' => 32, 'tries' => 1, 'timeout' => 1, 'timeout_grace' => 0.5, 'sleep' => 0.05],
    $n, $kills, 2, 2000, $seed);
$a = fq_chaos_account($r);
fwrite(STDERR, "seed $seed: " . json_encode($a + ['kills' => $r['kills'], 'seconds' => round($r['seconds'], 1)]) . "\n");
echo "kills made: ", $r['kills'] === $kills ? 'all' : $r['kills'], "\n";
echo "every job ran or was failed: ", $a['missing'] === 0 ? 'yes' : "no, {$a['missing']} missing (seed $seed)", "\n";
echo "left in Redis: {$r['left']}\n";
echo "failed + extra runs <= kills: ", $a['failed'] + $a['extra_runs'] <= $r['kills'] ? 'yes'
    : "no: {$a['failed']} failed, {$a['extra_runs']} extra runs for {$r['kills']} kills (seed $seed)", "\n";
echo "failed only as attempted too many times: ", count(array_filter($r['failed'], fn($c) => $c !== 'FastQueue\MaxAttemptsExceededException')) === 0 ? 'yes' : 'no', "\n";
echo "workers stopped by SIGTERM: ", implode(',', $r['stops']), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('sg044', 'sg044:'); ?>
--EXPECTF--
%Aseed %d: {"missing":0,"extra_runs":%d,"failed":%d,"failed_unrun":%d,"kills":%d,"seconds":%f}
kills made: all
every job ran or was failed: yes
left in Redis: 0
failed + extra runs <= kills: yes
failed only as attempted too many times: yes
workers stopped by SIGTERM: 0,0
