<?php

namespace FastQueue\Laravel\Redis;

use Exception;

/**
 * What the application's Redis client would be given for one connection, caught on its way to
 * the client: thrown by PhpRedisSettings and PredisSettings instead of connecting, so that
 * Laravel's own RedisManager and connectors do the parsing and merging. It never leaves
 * RedisQueueFactory; its message is empty.
 */
final class ClientSettings extends Exception
{
    /**
     * @param  array<string, mixed>  $config  the merged settings the client reads (host, port, password, ...)
     * @param  string  $host  the host as the client gets it, a transport in front when one is
     *                        set ("tls://redis.example", "unix:///run/redis.sock")
     * @param  mixed  $ssl  the SSL context options the client would apply, null when none
     * @param  string  $sslKey  where they are written, for messages ("context.stream", "ssl")
     * @param  list<array<string, mixed>>|null  $nodes  for a Redis Cluster, the settings the client uses for each
     *                             seed node, in the shape of $config with the host as above and
     *                             "ssl" holding the node's SSL context options; null otherwise
     */
    public function __construct(
        public readonly array $config,
        public readonly string $host,
        public readonly mixed $ssl,
        public readonly string $sslKey,
        public readonly ?array $nodes = null,
    ) {
        parent::__construct('');
    }
}
