--TEST--
Laravel: a payload's backoff as Laravel's Job::backoff() reads it, "backoff" else "delay" (Laravel 13 writes the dispatch delay there); the native worker releases a failed job after it, as Laravel's worker does
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel.inc'; fq_skip_unless_laravel(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/laravel.inc';

$name = 'lv011';
fq_clean($name);
$laravel = fq_laravel_queue($name);
$fq = fq_queue(['queue' => $name]);

// Payloads as Laravel writes them (later() in the running version) and by hand: with a backoff,
// with only a delay (Laravel 13's later(), and payloads of old Laravel versions), with neither.
$cases = [
    'later() of this Laravel' => fn () => $laravel->later(7, 'App\\Jobs\\Late@handle', ['x' => 1]),
    'backoff and delay' => fn () => $laravel->pushRaw(json_encode(['uuid' => 'u1', 'displayName' => 'A', 'job' => 'A@handle', 'backoff' => '3,4', 'delay' => 9, 'data' => [], 'id' => 'i1', 'attempts' => 0])),
    'null backoff, delay' => fn () => $laravel->pushRaw(json_encode(['uuid' => 'u2', 'displayName' => 'B', 'job' => 'B@handle', 'backoff' => null, 'delay' => 5, 'data' => [], 'id' => 'i2', 'attempts' => 0])),
    'no backoff, delay' => fn () => $laravel->pushRaw(json_encode(['uuid' => 'u3', 'displayName' => 'C', 'job' => 'C@handle', 'delay' => 6, 'data' => [], 'id' => 'i3', 'attempts' => 0])),
    'neither' => fn () => $laravel->pushRaw(json_encode(['uuid' => 'u4', 'displayName' => 'D', 'job' => 'D@handle', 'data' => [], 'id' => 'i4', 'attempts' => 0])),
];
foreach ($cases as $label => $push) {
    fq_clean($name);
    $push();
    // Make a delayed job due now.
    foreach (fq_raw()->cmd('ZRANGE', "queues:$name:delayed", '0', '-1') as $m) {
        fq_raw()->cmd('ZADD', "queues:$name:delayed", 'XX', '1', $m);
    }
    // The worker's own --backoff is 2: it applies when the job has none.
    $worker = new FastQueue\Worker($fq, function () { throw new RuntimeException('fails'); }, ['tries' => 3, 'backoff' => 2, 'stop_when_empty' => true, 'sleep' => 0]);
    $released = null;
    $seen = null;
    $worker->on('processing', function (FastQueue\Job $job) use (&$seen, $laravel) {
        $raw = $job->getRawBody();
        $lj = new Illuminate\Queue\Jobs\RedisJob($laravel->getContainer(), $laravel, $raw, $raw, 'redis', $job->getQueue());
        // Laravel's calculateBackoff with the worker's --backoff of 2.
        $list = explode(',', (string) ($lj->backoff() ?? 2));
        $seen = [$job->backoff(), $lj->backoff() === null ? null : array_map('intval', explode(',', (string) $lj->backoff())), (int) ($list[$job->attempts() - 1] ?? end($list))];
    });
    $worker->on('released', function (FastQueue\Job $job, int $delay) use (&$released) {
        $released = $delay;
    });
    $worker->daemon($name);
    [$native, $fromLaravel, $laravelDelay] = $seen;
    echo str_pad($label, 26), $native === $fromLaravel ? 'backoff() as Laravel\'s' : 'backoff() DIFFERS: ' . json_encode($native) . ' vs ' . json_encode($fromLaravel),
        ', ', $released === $laravelDelay ? 'released after Laravel\'s backoff' : "released after $released s, Laravel: $laravelDelay s", "\n";
}
fq_clean($name);
?>
--CLEAN--
<?php require __DIR__ . '/../inc/config.inc'; if (fq_test_port()) fq_clean('lv011'); ?>
--EXPECT--
later() of this Laravel   backoff() as Laravel's, released after Laravel's backoff
backoff and delay         backoff() as Laravel's, released after Laravel's backoff
null backoff, delay       backoff() as Laravel's, released after Laravel's backoff
no backoff, delay         backoff() as Laravel's, released after Laravel's backoff
neither                   backoff() as Laravel's, released after Laravel's backoff
