<?php
// One bench run of Laravel 8.83's own Illuminate\Queue\Worker over the N jobs bench/lib/push.php put
// on QUEUE. Usage: php bench/lib/laravel-worker.php PORT QUEUE N
//
// The worker is assembled as bench/lib/laravel-app.php says. No cache is set, so the worker does
// not poll a restart key (one Redis GET per job fewer than an app whose cache store is Redis).
// Only daemon() is timed.

declare(strict_types=1);

require __DIR__ . '/laravel-app.php';

use Illuminate\Queue\WorkerOptions;

[$port, $queue, $n] = bench_args($argv);

/** The no-op job: records which job ran and deletes itself (a Class@method job must, in Laravel). */
final class BenchNoopJob
{
    public static array $seen = [];
    public static int $calls = 0;

    public function handle($job, array $data): void
    {
        self::$calls++;
        $i = $data['i'];
        self::$seen[$i] = (self::$seen[$i] ?? 0) + 1;
        $job->delete();
    }
}

[$worker, $manager] = bench_laravel_worker($port, $queue, null);

// name, backoff, memory, timeout, sleep, maxTries, force, stopWhenEmpty. timeout 60 is
// queue:work's default: an alarm per job, as on the FastQueue side.
$options = new WorkerOptions('default', 0, 512, 60, 0, 1, false, true);

$r = bench_redis($port);
$connection = $manager->connection('redis');     // connects; also done the same way on the FastQueue side
$before = $connection->size($queue);
if ($before !== $n) {
    fwrite(STDERR, "laravel: queue $queue holds $before jobs before the run, expected $n\n");
    exit(1);
}

bench_measure_and_finish($r, 'laravel', $queue, 'queues:' . $queue, $n,
    fn() => $worker->daemon('redis', $queue, $options), fn() => [BenchNoopJob::$seen, BenchNoopJob::$calls]);
