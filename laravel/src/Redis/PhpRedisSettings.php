<?php

namespace FastQueue\Laravel\Redis;

use Illuminate\Redis\Connectors\PhpRedisConnector;
use Illuminate\Support\Arr;
use InvalidArgumentException;

/**
 * Laravel's PhpRedisConnector, stopped where it would create the \Redis client: connect()
 * merges the settings as the running Laravel version does, and formatHost() writes the host
 * as phpredis would get it; then ClientSettings is thrown instead of connecting.
 */
class PhpRedisSettings extends PhpRedisConnector
{
    protected function createClient(array $config)
    {
        $config['host'] ??= '127.0.0.1'; // as RedisQueue defaults it, rather than a warning
        // phpredis takes the SSL context options from its context's "stream" entry.
        $context = Arr::get($config, 'context');
        $ssl = is_array($context) ? ($context['stream'] ?? null) : $context;

        throw new ClientSettings($config, (string) $this->formatHost($config), $ssl, is_array($context) ? 'context.stream' : 'context');
    }

    public function connectToCluster(array $config, array $clusterOptions, array $options)
    {
        throw new InvalidArgumentException('Redis Cluster is not supported by fastqueue:work.');
    }
}
