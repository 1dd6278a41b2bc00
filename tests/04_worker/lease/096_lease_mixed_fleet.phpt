--TEST--
Lease renewal in a mixed fleet: Laravel's own RedisQueue::pop() (its migration of expired reservations included) polls the queue beside a renewing FastQueue worker whose job runs 5 x retry_after: Laravel never takes the renewed job, and it runs once
--EXTENSIONS--
fastqueue
pcntl
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel.inc'; fq_skip_unless_laravel(); ?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading uninitialised memory, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/lease.inc';
$name = 'w096';
fql_clean($name);
$raw = fq_raw();
$q = fq_queue(['queue' => $name]);
// Long runs until the test has watched Laravel poll beside it for 10 s (it waits for a file):
// under valgrind Laravel's poller alone can take longer to start than a fixed job would run.
$done = sys_get_temp_dir() . '/fq-w096-' . getmypid();
@unlink($done);
$body = 'function fql_custom_body($job) {
    while (!file_exists(' . var_export($done, true) . ')) { usleep(50000); }
}';
fql_push($q, $name, 'Long', 0);
$a = fql_worker($name, 2, [], $body);
$a->waitFor('started X@y', fq_slow() ? 120 : 10);

// Laravel's worker loop reduced to its Redis side: Illuminate\Queue\RedisQueue::pop() (which
// first migrates expired :delayed and :reserved jobs back to the queue, then takes one) every
// 50 ms, with retry_after 2 like the FastQueue worker. A job it takes is recorded as run by
// "laravel" and deleted, as a Laravel worker would once it ran it.
$laravel = fq_child(sprintf('
    require_once %s;
    $queue = %s;
    $stop = false;
    pcntl_async_signals(true);
    pcntl_signal(SIGTERM, function () use (&$stop) { $stop = true; });
    $lq = fq_laravel_queue($queue, "", 2);
    $raw = fq_raw();
    $polls = $taken = 0;
    echo "ready\n";
    while (!$stop) {
        $job = $lq->pop();
        $polls++;
        if ($job) {
            $taken++;
            $raw->cmd("RPUSH", "$queue:runs", json_decode($job->getRawBody(), true)["uuid"] . "@laravel");
            $job->delete();
        }
        usleep(50000);
    }
    echo "polls $polls taken $taken\n";
    ', var_export(__DIR__ . '/../../inc/laravel.inc', true), var_export($name, true)));
$laravel->waitFor('ready', fq_slow() ? 120 : 10);

// Watched for 10 s (5 x retry_after): the reservation's score, seconds ahead of the clock,
// must never fall to 0 (Laravel's migration takes what scores at or below time()).
$ahead = [];
for ($t = microtime(true); microtime(true) - $t < 10; usleep(200000)) {
    $rows = $raw->cmd('ZRANGE', "queues:$name:reserved", '0', '-1', 'WITHSCORES');
    $ahead[] = count($rows) === 2 ? (float) $rows[1] - time() : null;
}
touch($done);
for ($t = microtime(true); microtime(true) - $t < fql_t(10) && $raw->cmd('ZCARD', "queues:$name:reserved"); usleep(100000)) {
}
@unlink($done);
$laravel->signal(SIGTERM);
$a->signal(SIGTERM);
$rl = $laravel->wait(fql_t(15));
$ra = $a->wait(fql_t(15));
preg_match('/polls (\d+) taken (\d+)/', $rl['stdout'], $m);
echo 'Laravel polled: ', $m && $m[1] >= 20 ? 'many times' : $rl['stdout'] . $rl['stderr'], "\n";
echo 'Laravel took: ', $m ? $m[2] : '?', "\n";
echo 'reservation there and ahead of the clock throughout: ',
    !in_array(null, $ahead, true) && min($ahead) > 0 ? 'yes' : 'no (' . implode(' ', array_map('json_encode', $ahead)) . ')', "\n";
echo 'runs: ', implode(' ', fql_runs($name) ? array_map(fn($r) => strstr($r, '@', true) . (str_ends_with($r, '@laravel') ? '@laravel' : ''), fql_runs($name)) : []), "\n";
preg_match('/"lease_renewals":(\d+)/', $ra['stdout'], $n);
// 10 s watched, a renewal every (2 - 1) / 2 s.
echo 'renewals: ', $n && $n[1] >= 10 ? 'many' : $ra['stdout'] . $ra['stderr'], "\n";
echo 'leases lost: ', str_contains($ra['stdout'], '"leases_lost":0') ? 'none' : $ra['stdout'], "\n";
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w096'); fq_raw()->cmd('DEL', 'w096:runs'); } ?>
--EXPECT--
Laravel polled: many times
Laravel took: 0
reservation there and ahead of the clock throughout: yes
runs: Long
renewals: many
leases lost: none
pending=0 delayed=0 reserved=0
