<?php
// The driver of bench/limits-cost: a FastQueue\Worker that runs the no-op jobs of QUEUE until
// it is empty, with prefetch PREFETCH and one of the limits below, none of which ever binds.
//
// Usage: php -d extension=fastqueue.so bench/lib/limits-cost.php PORT QUEUE PREFETCH VARIANT READY_FILE
// It creates READY_FILE once the worker is made and waits until the file is gone, so that the
// caller can start counting. Variants:
//   none         no limits option
//   rate         rate 1,000,000 per 1 s
//   concurrency  concurrency 1,000,000 (a token pushed per job as its slot is freed)
//   both         both

declare(strict_types=1);

if ($argc < 6) {
    fwrite(STDERR, "usage: php bench/lib/limits-cost.php PORT QUEUE PREFETCH VARIANT READY_FILE\n");
    exit(2);
}
[, $port, $queue, $prefetch, $variant, $ready] = $argv;
$rate = ['rate' => 1000000, 'per' => 1];
$concurrency = ['concurrency' => 1000000];
$limits = [
    'none' => null,
    'rate' => [$queue => $rate],
    'concurrency' => [$queue => $concurrency],
    'both' => [$queue => $rate + $concurrency],
][$variant] ?? null;
if ($limits === null && $variant !== 'none') {
    fwrite(STDERR, "unknown variant $variant\n");
    exit(2);
}
$q = new FastQueue\RedisQueue(['port' => (int) $port, 'queue' => $queue, 'retry_after' => 60]);
$w = new FastQueue\Worker($q, fn() => null, ['prefetch' => (int) $prefetch, 'timeout' => 10,
    'stop_when_empty' => true, 'sleep' => 0, 'limits' => $limits]);
touch($ready);
while (file_exists($ready)) {
    usleep(10000);
}
$w->daemon($queue);
$left = $q->size($queue);
if ($left !== 0) {
    fwrite(STDERR, "$left jobs left\n");
    exit(1);
}
