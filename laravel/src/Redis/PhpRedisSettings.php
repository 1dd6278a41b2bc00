<?php

namespace FastQueue\Laravel\Redis;

use Illuminate\Redis\Connectors\PhpRedisConnector;
use Illuminate\Support\Arr;
use InvalidArgumentException;

/**
 * Laravel's PhpRedisConnector, stopped where it would create the \Redis client: connect()
 * merges the settings as the running Laravel version does, formatHost() writes the host as
 * phpredis would get it ("tls://host"), and the context is read as establishConnection()
 * reads it (normalized first where the version does that); then ClientSettings is thrown
 * instead of connecting.
 */
class PhpRedisSettings extends PhpRedisConnector
{
    protected function createClient(array $config)
    {
        $config['host'] ??= '127.0.0.1'; // as RedisQueue defaults it, rather than a warning
        $host = (string) $this->formatHost($config);

        // phpredis takes the SSL context options from the context's "stream" entry and ignores
        // every other entry: one there is refused, as it would be dropped.
        $context = Arr::get($config, 'context');
        if (is_array($context) && method_exists($this, 'normalizeContext')) {
            $context = $this->normalizeContext($context);
        }
        if (is_array($context)) {
            foreach (array_keys($context) as $key) {
                if ($key !== 'stream') {
                    throw new InvalidArgumentException("the context entry [{$key}] is not read by phpredis: SSL options go in [context.stream]");
                }
            }
        }

        throw new ClientSettings($config, $host, is_array($context) ? ($context['stream'] ?? null) : $context, is_array($context) ? 'context.stream' : 'context');
    }

    public function connectToCluster(array $config, array $clusterOptions, array $options)
    {
        throw new InvalidArgumentException('Redis Cluster is not supported by fastqueue:work.');
    }
}
