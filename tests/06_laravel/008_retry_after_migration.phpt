--TEST--
Laravel: an expired reservation is migrated back and popped again across the two implementations
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel.inc'; fq_skip_unless_laravel(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/laravel.inc';

// A worker that dies leaves its job in :reserved until retry_after passes; the next pop, by
// either implementation, puts it back on the queue and reserves it again. Rather than sleep,
// the test moves the reservation's score into the past once its expiry was checked.
$name = 'lv008';
fq_clean($name);
$reservedKey = "queues:$name:reserved";

function expire(string $key, string $member, int $retryAfter, int $t0, int $t1): void
{
    $score = (int) fq_raw()->cmd('ZSCORE', $key, $member);
    echo 'reserved until now+', $retryAfter, ': ', $score >= $t0 - 1 + $retryAfter && $score <= $t1 + $retryAfter ? 'yes' : "NO ($score)", "\n";
    fq_raw()->cmd('ZADD', $key, 'XX', (string) ($score - $retryAfter - 5), $member);
}

echo "reserved by FastQueue (retry_after 1), taken over by Laravel\n";
$fq = fq_queue(['queue' => $name, 'retry_after' => 1]);
$laravel = fq_laravel_queue($name);
$id = $fq->push('App\\Jobs\\Crash@handle', ['n' => 1]);
$t0 = time();
$fj = $fq->pop();
expire($reservedKey, $fj->getReservedJob(), 1, $t0, time());
$lj = $laravel->pop();
var_dump($lj->getJobId() === $id, $lj->attempts(), $lj->getRawBody() === $fj->getReservedJob());
var_dump(fq_raw()->cmd('ZRANGE', $reservedKey, '0', '-1') === [$lj->getReservedJob()], fq_raw()->cmd('LLEN', "queues:$name:notify"));
$lj->delete();
var_dump(fq_queue_state($name) === ['queue' => [], 'delayed' => [], 'reserved' => [], 'notify' => 0]);

echo "reserved by Laravel (retry_after 1), taken over by FastQueue\n";
$fq = fq_queue(['queue' => $name]);
$laravel = fq_laravel_queue($name, '', 1);
$id = $laravel->push('App\\Jobs\\Crash@handle', ['n' => 2]);
$t0 = time();
$lj = $laravel->pop();
expire($reservedKey, $lj->getReservedJob(), 1, $t0, time());
$fj = $fq->pop();
var_dump($fj->getJobId() === $id, $fj->attempts(), $fj->getRawBody() === $lj->getReservedJob());
var_dump(fq_raw()->cmd('ZRANGE', $reservedKey, '0', '-1') === [$fj->getReservedJob()], fq_raw()->cmd('LLEN', "queues:$name:notify"));
$fj->delete();
var_dump(fq_queue_state($name) === ['queue' => [], 'delayed' => [], 'reserved' => [], 'notify' => 0]);

echo "retry_after null: neither side migrates reservations\n";
$fq = fq_queue(['queue' => $name, 'retry_after' => null]);
$laravel = fq_laravel_queue($name, '', null);
$laravel->push('App\\Jobs\\Crash@handle', ['n' => 3]);
$lj = (fq_laravel_queue($name, '', 1))->pop();
fq_raw()->cmd('ZADD', $reservedKey, 'XX', '1', $lj->getReservedJob());
var_dump($fq->pop(), $laravel->pop(), fq_raw()->cmd('ZCARD', $reservedKey));
?>
--CLEAN--
<?php require __DIR__ . '/../inc/config.inc'; if (fq_test_port()) fq_clean('lv008'); ?>
--EXPECT--
reserved by FastQueue (retry_after 1), taken over by Laravel
reserved until now+1: yes
bool(true)
int(2)
bool(true)
bool(true)
int(0)
bool(true)
reserved by Laravel (retry_after 1), taken over by FastQueue
reserved until now+1: yes
bool(true)
int(2)
bool(true)
bool(true)
int(0)
bool(true)
retry_after null: neither side migrates reservations
NULL
NULL
int(1)
