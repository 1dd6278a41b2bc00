<?php

namespace FastQueue\Laravel\Events;

/**
 * A queue's measured wait is back under its threshold after a LongWaitDetected: fired once per
 * alert, across every host, by the watcher (fastqueue:watch).
 */
class LongWaitRecovered
{
    /**
     * @param  string  $connection  the queue connection
     * @param  string  $queue  the queue, without the Redis prefix
     * @param  float  $seconds  the measured wait now
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
