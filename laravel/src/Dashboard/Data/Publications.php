<?php

namespace FastQueue\Laravel\Dashboard\Data;

use FastQueue\Laravel\Console\MetricsCommand;

/**
 * The live publications of the workers on one Redis connection (docs/metrics.md,
 * "metrics_publish"): the members of P"fastqueue:metrics:{workers}" whose key is still there.
 * A key expires three metrics intervals after its worker's last publication, and a worker that
 * ends deletes it, so a live key is a worker that published within three intervals.
 */
final class Publications
{
    /**
     * The workers' figures, by label, in label order.
     *
     * @param  object  $redis  a Laravel Redis connection (it adds the prefix itself)
     * @return array<string, WorkerFigures>
     */
    public static function read(object $redis): array
    {
        $members = (array) $redis->zrangebyscore(MetricsCommand::WORKERS_KEY, '-inf', '+inf', ['withscores' => true]);
        if ($members === []) {
            return [];
        }
        $labels = array_map('strval', array_keys($members));
        sort($labels, SORT_STRING);
        // One MGET: the keys share the set's hash tag, so one Cluster slot.
        $texts = array_values((array) $redis->mget(array_map(fn ($l) => MetricsCommand::WORKERS_KEY.':'.$l, $labels)));
        $workers = [];
        foreach ($labels as $i => $label) {
            // phpredis answers false for a missing key, predis null.
            if (is_string($texts[$i] ?? null)) {
                $workers[$label] = WorkerFigures::parse($label, (float) $members[$label], $texts[$i]);
            }
        }

        return $workers;
    }
}
