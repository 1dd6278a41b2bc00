<?php

namespace FastQueue\Laravel\Console;

use FastQueue\Laravel\Metrics\Exposition;
use Illuminate\Console\Command;
use Symfony\Component\Console\Output\OutputInterface;
use Throwable;

/**
 * php artisan fastqueue:metrics: the figures every `fastqueue:work --metrics-publish` worker of
 * a queue connection published to Redis, merged into one Prometheus text exposition on
 * standard output, for a textfile collector or a route to scrape.
 *
 * The workers publish under their RedisQueue's prefix, which is the Redis connection's prefix
 * (RedisQueueFactory reads it from the same settings Laravel's Redis client gets): the set
 * P"fastqueue:metrics:{workers}" (member: the worker label, score: the last publication's Unix
 * time) and beside it P"fastqueue:metrics:{workers}:WORKER", the worker's exposition, which
 * expires when the worker stops publishing. They are read here through the application's own
 * Redis connection (phpredis or predis), which adds that prefix itself.
 */
class MetricsCommand extends Command
{
    /** The set of publishing workers, without the prefix; each one's key is this, ":" and its label. */
    public const WORKERS_KEY = 'fastqueue:metrics:{workers}';

    /**
     * @var string
     */
    protected $signature = 'fastqueue:metrics
                            {--connection= : The queue connection whose workers published (default: queue.default)}
                            {--prune : Remove the workers whose figures are gone from the set of workers}';

    /**
     * @var string
     */
    protected $description = 'Print the figures of every fastqueue:work --metrics-publish worker as one Prometheus exposition';

    /** @return int */
    public function handle()
    {
        $connection = (string) ($this->option('connection') ?? $this->laravel['config']->get('queue.default'));
        $queue = $this->laravel['config']->get("queue.connections.{$connection}");
        if (! is_array($queue) || ($queue['driver'] ?? null) !== 'redis') {
            return $this->failWith(is_array($queue)
                ? "The [{$connection}] queue connection uses the [".($queue['driver'] ?? 'none').'] driver: fastqueue:metrics reads Redis queue connections only.'
                : "The [{$connection}] queue connection has not been configured.");
        }
        $redisName = (string) ($queue['connection'] ?? 'default');

        try {
            $redis = $this->laravel['redis']->connection($redisName !== '' ? $redisName : 'default');
            [$texts, $gone] = $this->published($redis);
            if ($gone !== [] && $this->option('prune')) {
                $redis->zrem(self::WORKERS_KEY, ...$gone);
            }
        } catch (Throwable $e) {
            return $this->failWith("Cannot read the published metrics from Redis connection [{$redisName}]: ".get_class($e).': '.$e->getMessage());
        }

        $exposition = new Exposition;
        foreach ($texts as $text) {
            $exposition->add($text);
        }
        $this->output->write($exposition->render(count($texts)), false, OutputInterface::OUTPUT_RAW);

        return 0;
    }

    /**
     * [the expositions of the workers whose key is there, by worker label, the labels whose key
     * is gone]. One MGET: the keys share the set's hash tag, so one Cluster slot.
     *
     * @return array{array<string, string>, list<string>}
     */
    private function published(object $redis): array
    {
        $workers = array_map('strval', (array) $redis->zrange(self::WORKERS_KEY, 0, -1));
        if ($workers === []) {
            return [[], []];
        }
        sort($workers, SORT_STRING);
        $values = array_values((array) $redis->mget(array_map(fn ($w) => self::WORKERS_KEY.':'.$w, $workers)));
        $texts = $gone = [];
        foreach ($workers as $i => $worker) {
            // phpredis answers false for a missing key, predis null.
            if (is_string($values[$i] ?? null)) {
                $texts[$worker] = $values[$i];
            } else {
                $gone[] = $worker;
            }
        }

        return [$texts, $gone];
    }

    /** An error on standard error (standard output holds the exposition); status 1. */
    private function failWith(string $message): int
    {
        $output = method_exists($this->output, 'getErrorStyle') ? $this->output->getErrorStyle() : $this->output;
        $output->writeln('<error>'.$message.'</error>');

        return 1;
    }
}
