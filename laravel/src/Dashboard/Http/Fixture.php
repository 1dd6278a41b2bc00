<?php

namespace FastQueue\Laravel\Dashboard\Http;

/** Placeholder figures in the contract's shape, until Data\Overview and Data\Workers land. */
final class Fixture
{
    /** @return array<string, mixed> */
    public static function overview(): array
    {
        $now = microtime(true);

        return [
            'generated_at' => $now, 'stale' => true, 'stale_reason' => 'no worker publishes', 'last_publication' => null,
            'history' => ['interval' => 10, 'retention' => 3600, 'window' => 300, 'snapshots' => 0],
            'totals' => ['jobs_per_minute' => null, 'failed_per_minute' => null, 'processes' => 0, 'longest_wait' => null],
            'queues' => [],
            'points' => [],
        ];
    }

    /** @return array<string, mixed> */
    public static function workers(): array
    {
        return ['generated_at' => microtime(true), 'supervisors' => [], 'workers' => []];
    }
}
