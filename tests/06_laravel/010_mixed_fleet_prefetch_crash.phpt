--TEST--
Laravel and FastQueue on one queue after a FastQueue worker with prefetch 4 died in job 2: whoever migrates the expired reservations, jobs 3 and 4 (never started) come back with no attempt charged and job 2 with its attempt counted; FastQueue puts them back at the head in their order, Laravel's migration appends them at the tail behind a job pushed later
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel.inc'; fq_skip_unless_laravel(); ?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading uninitialised memory, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../inc/laravel.inc';
require __DIR__ . '/../inc/signals.inc';
$name = 'lv010';

// A FastQueue worker reserves j1..j4, finishes j1 and dies in j2; a job is pushed after.
function crash_with_prefetch(string $name): void
{
    fq_clean($name);
    $q = fq_queue(['queue' => $name]);
    foreach (['j1', 'j2', 'j3', 'j4'] as $data) {
        $q->push('J', $data);
    }
    $handler = 'function ($job) { if ($job->getData() === "j2") { posix_kill(getmypid(), SIGKILL); sleep(5); } }';
    $c = fq_sig_worker($name, $handler, ['prefetch' => 4, 'timeout' => 1, 'timeout_grace' => 0.5], ['retry_after' => 3]);
    $r = $c->wait(fq_sig_t(10));
    echo fq_sig_status($r), ', ', fq_sig_reserved_in_order($name), "\n";
    $q->push('J', 'later');
    // Expire the reservations now rather than wait: every score moves by the same amount, so
    // their order stays (ZINCRBY in Redis: a PHP float printed back would keep 14 digits, and
    // the scores' 6 decimals tell the jobs of one second apart).
    $key = "queues:$name:reserved";
    foreach (fq_raw()->cmd('ZRANGE', $key, '0', '-1') as $member) {
        fq_raw()->cmd('ZINCRBY', $key, '-100', $member);
    }
}

function show(string $who, array $jobs): void
{
    echo "$who pops: ", implode(' ', $jobs), "\n";
}

echo "Laravel migrates\n";
crash_with_prefetch($name);
$laravel = fq_laravel_queue($name);
$jobs = [];
while ($j = $laravel->pop()) {
    $jobs[] = json_decode($j->getRawBody(), true)['data'] . ':' . $j->attempts();
    $j->delete();
}
show('Laravel', $jobs);
var_dump(fq_queue_state($name) === ['queue' => [], 'delayed' => [], 'reserved' => [], 'notify' => 0]);

echo "FastQueue migrates\n";
crash_with_prefetch($name);
$fq = fq_queue(['queue' => $name]);
$jobs = [];
while ($j = $fq->pop()) {
    $jobs[] = $j->getData() . ':' . $j->attempts();
    $j->delete();
}
show('FastQueue', $jobs);
var_dump(fq_queue_state($name) === ['queue' => [], 'delayed' => [], 'reserved' => [], 'notify' => 0]);
?>
--CLEAN--
<?php require __DIR__ . '/../inc/config.inc'; if (fq_test_port()) fq_clean('lv010'); ?>
--EXPECT--
Laravel migrates
killed by signal 9, reserved in order [j2:1 j3:0 j4:0]
Laravel pops: later:1 j2:2 j3:1 j4:1
bool(true)
FastQueue migrates
killed by signal 9, reserved in order [j2:1 j3:0 j4:0]
FastQueue pops: j2:2 j3:1 j4:1 later:1
bool(true)
