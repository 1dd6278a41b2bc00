<?php

namespace FastQueue\Laravel\Dashboard\Data;

/**
 * A lock in Redis for one turn of work that several processes or hosts may try at once (a
 * history snapshot, an evaluation of the alerts): SET NX PX with a token of its own, released
 * only by its holder. The expiry frees it when its holder dies.
 */
final class RedisLock
{
    private const RELEASE = <<<'LUA'
if redis.call('get', KEYS[1]) == ARGV[1] then
    return redis.call('del', KEYS[1])
end
return 0
LUA;

    /** @param  object  $redis  a Laravel Redis connection */
    public function __construct(private object $redis, private string $key, private int $milliseconds)
    {
    }

    /**
     * Runs $work while holding the lock and returns true, or returns false at once when another
     * holds it.
     */
    public function run(callable $work): bool
    {
        $token = bin2hex(random_bytes(8));
        // phpredis answers true or false, predis a status "OK" or null.
        if (! $this->redis->set($this->key, $token, 'PX', $this->milliseconds, 'NX')) {
            return false;
        }
        try {
            $work();
        } finally {
            $this->redis->eval(self::RELEASE, 1, $this->key, $token);
        }

        return true;
    }
}
