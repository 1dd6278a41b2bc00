<?php
// Soak: runs N no-op jobs through FastQueue\Worker and prints the worker's RSS every N/10
// jobs, to show memory stays flat. Usage: php -d extension=modules/fastqueue.so bench/soak.php PORT [N] [PREFETCH]
$port = (int) ($argv[1] ?? 6379);
$n = (int) ($argv[2] ?? 1000000);
$prefetch = (int) ($argv[3] ?? 32);
$q = new FastQueue\RedisQueue(['port' => $port, 'queue' => 'soak']);
$q->clear('soak');
for ($i = 0; $i < $n; $i += 1000) {
    $q->bulk(array_fill(0, min(1000, $n - $i), 'Noop@handle'), ['batch' => $i], 'soak');
}
function rss_kb(): int
{
    return (int) (explode(' ', file_get_contents('/proc/self/statm'))[1]) * 4;
}
$count = 0;
$step = max(1, intdiv($n, 10));
$samples = [];
$w = new FastQueue\Worker($q, function (FastQueue\Job $job) use (&$count, &$samples, $step) {
    $job->getData();
    if (++$count % $step === 0) {
        $samples[] = [$count, rss_kb(), memory_get_usage()];
    }
}, ['sleep' => 0, 'stop_when_empty' => true, 'timeout' => 0, 'prefetch' => $prefetch]);
$t = hrtime(true);
$status = $w->daemon('soak');
$s = (hrtime(true) - $t) / 1e9;
foreach ($samples as [$c, $rss, $zend]) {
    printf("%9d jobs  RSS %7d KiB  zend heap %8d bytes\n", $c, $rss, $zend);
}
printf("%d jobs in %.1f s (%.0f jobs/s), status %d, left in queue %d\n", $count, $s, $count / $s, $status, $q->size('soak'));
$first = $samples[0][1];
$last = end($samples)[1];
printf("RSS from first to last sample: %+d KiB\n", $last - $first);
