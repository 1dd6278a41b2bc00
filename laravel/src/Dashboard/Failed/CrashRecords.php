<?php

namespace FastQueue\Laravel\Dashboard\Failed;

use Illuminate\Contracts\Foundation\Application;
use Throwable;

/**
 * The crash record of a failed job's last attempts (queues:QUEUE:crash:UUID:ATTEMPT, written
 * when an attempt ended its worker; docs/delivery.md), read from the Redis connection of the
 * job's queue connection. Records expire a day or so after the crash.
 */
final class CrashRecords
{
    public function __construct(private Application $app)
    {
    }

    /** @return array{attempt: int, reason: string}|null the record of the attempt that failed, else of the one before */
    public function previous(FailedRecord $record): ?array
    {
        $attempts = $record->attempts();
        $config = $this->app['config'];
        $connection = $record->connection();
        if ($attempts === null || $record->uuid() === null || $record->queue() === null || $connection === null
            || $config->get("queue.connections.$connection.driver") !== 'redis') {
            return null;
        }
        try {
            $redis = $this->app['redis']->connection($config->get("queue.connections.$connection.connection", 'default'));
            foreach ([$attempts, $attempts - 1] as $attempt) {
                $reason = $attempt > 0 ? $redis->get("queues:{$record->queue()}:crash:{$record->uuid()}:$attempt") : null;
                if (is_string($reason) && $reason !== '') {
                    return ['attempt' => $attempt, 'reason' => $reason];
                }
            }
        } catch (Throwable) {
            return null; // a page without the crash record rather than no page
        }

        return null;
    }
}
