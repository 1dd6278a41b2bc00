<?php
// Puts N fresh no-op jobs on a queue for one bench run (not timed).
// Usage: php bench/lib/push.php PORT QUEUE N
//
// The payloads are made by Laravel 8.83's own Illuminate\Queue\RedisQueue::createPayload, exactly
// as RedisQueue::push('BenchNoopJob@handle', ['i' => $i], QUEUE) would make them; they are then
// written with pipelined RPUSHes (the list and one "1" per job on :notify, the state Laravel's push
// script leaves) because pushing is not what is measured.

declare(strict_types=1);

require __DIR__ . '/common.php';
bench_require_laravel();

[$port, $queue, $n] = bench_args($argv);

/** Only exposes Laravel's protected createPayload. */
final class BenchPayloadMaker extends Illuminate\Queue\RedisQueue
{
    public function make(string $job, string $queue, array $data): string
    {
        return $this->createPayload($job, $this->getQueue($queue), $data);
    }
}

$app = new Illuminate\Container\Container();
$maker = new BenchPayloadMaker(
    new Illuminate\Redis\RedisManager($app, 'phpredis', ['default' => ['host' => '127.0.0.1', 'port' => $port]]),
    $queue
);
$key = $maker->getQueue($queue); // "queues:NAME" (no prefix is configured on either side)

$r = bench_redis($port);
bench_clear($r, $key);

// bench/run --data-bytes: data the size of a real job's serialized command.
$pad = str_repeat('x', (int) (getenv('BENCH_DATA_BYTES') ?: 0));
$chunk = 1000;
$r->multi(Redis::PIPELINE);
for ($i = 0; $i < $n; $i += $chunk) {
    $payloads = [];
    for ($j = $i, $end = min($n, $i + $chunk); $j < $end; $j++) {
        $payloads[] = $maker->make('BenchNoopJob@handle', $queue, $pad === '' ? ['i' => $j] : ['i' => $j, 'pad' => $pad]);
    }
    $r->rPush($key, ...$payloads);
    $r->rPush("$key:notify", ...array_fill(0, count($payloads), 1));
}
$r->exec();

$len = $r->lLen($key);
if ($len !== $n) {
    fwrite(STDERR, "push: LLEN $key = $len after pushing $n jobs\n");
    exit(1);
}
