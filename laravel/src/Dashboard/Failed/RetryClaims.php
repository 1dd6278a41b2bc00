<?php

namespace FastQueue\Laravel\Dashboard\Failed;

/**
 * Claims on failed records being retried, in Redis (SET NX with a lifetime), so that two bulk
 * retries at once, or one run twice, push each failed job once: a record is retried only by
 * the run that claimed it, and it is gone from the store (forgotten) before the claim is
 * released, so a later claim finds nothing to retry.
 *
 * A claim outlives a crashed run by at most TTL seconds, after which another run may retry
 * what that run had not.
 */
final class RetryClaims
{
    public const TTL = 600;

    private const PREFIX = 'fastqueue:dashboard:retrying:';

    /** @param object $redis a Laravel Redis connection (phpredis or predis) */
    public function __construct(private object $redis)
    {
    }

    /**
     * @param list<string> $ids
     * @return list<string> the ids this run now holds
     */
    public function claim(array $ids): array
    {
        $held = [];
        foreach ($ids as $id) {
            if ($this->redis->set(self::PREFIX . $id, (string) getmypid(), 'EX', self::TTL, 'NX')) {
                $held[] = $id;
            }
        }

        return $held;
    }

    /** @param list<string> $ids */
    public function release(array $ids): void
    {
        if ($ids !== []) {
            $this->redis->del(...array_map(fn ($id) => self::PREFIX . $id, $ids));
        }
    }
}
