<?php

namespace FastQueue\Laravel\Events;

/**
 * A queue's measured wait is over its threshold (fastqueue.alerts.waits, or Horizon's "waits"):
 * fired by the watcher (fastqueue:watch) at most once per queue per fastqueue.alerts.interval
 * across every host, while the wait stays over.
 */
class LongWaitDetected
{
    /**
     * @param  string  $connection  the queue connection
     * @param  string  $queue  the queue, without the Redis prefix
     * @param  float  $seconds  the measured wait: how long the oldest due job has waited
     * @param  float  $threshold  the queue's threshold, in seconds
     * @param  float  $since  Unix time the wait was first seen over the threshold
     * @param  float  $at  Unix time of the judgement that raised this event
     */
    public function __construct(
        public readonly string $connection,
        public readonly string $queue,
        public readonly float $seconds,
        public readonly float $threshold,
        public readonly float $since,
        public readonly float $at,
    ) {
    }
}
