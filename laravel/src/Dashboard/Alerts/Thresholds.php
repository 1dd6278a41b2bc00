<?php

namespace FastQueue\Laravel\Dashboard\Alerts;

use Illuminate\Contracts\Config\Repository as Config;

/**
 * The long-wait thresholds: fastqueue.alerts.waits, in Horizon's shape ("CONNECTION:QUEUE" =>
 * seconds), or Horizon's own config/horizon.php "waits" while FastQueue's is empty, as the
 * supervisor reads Horizon's supervisors. A key without a connection ("default") is the
 * default queue connection's queue; a threshold that is not a positive number is left out
 * (Horizon's 0 turns a queue's alert off).
 */
final class Thresholds
{
    /** @return list<array{connection: string, queue: string, seconds: float}> */
    public static function read(Config $config): array
    {
        $waits = (array) $config->get('fastqueue.alerts.waits', []);
        if ($waits === []) {
            $waits = (array) $config->get('horizon.waits', []);
        }
        $default = (string) $config->get('queue.default');
        $thresholds = [];
        foreach ($waits as $key => $seconds) {
            if (! is_numeric($seconds) || $seconds <= 0) {
                continue;
            }
            [$connection, $queue] = str_contains((string) $key, ':') ? explode(':', (string) $key, 2) : [$default, (string) $key];
            $thresholds[] = ['connection' => $connection, 'queue' => $queue, 'seconds' => (float) $seconds];
        }

        return $thresholds;
    }

    /** @return list<string> the queues of $connection that have a threshold */
    public static function queuesOf(Config $config, string $connection): array
    {
        return array_values(array_map(fn ($t) => $t['queue'], array_filter(self::read($config), fn ($t) => $t['connection'] === $connection)));
    }
}
