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
    /**
     * @param  array<string, mixed>  $config
     */
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

    /**
     * A cluster (database.redis.clusters.NAME): Laravel's own connectToCluster() merges the
     * options (global, clusters.options, the cluster's own) and writes the seeds, then hands
     * both to createRedisClusterInstance(), stopped below. phpredis always speaks Redis Cluster
     * here, whatever options.cluster says.
     *
     * @param  array<string, mixed>  $config
     * @param  array<string, mixed>  $clusterOptions
     * @param  array<string, mixed>  $options
     */
    public function connectToCluster(array $config, array $clusterOptions, array $options)
    {
        foreach ($config as $key => $node) {
            if ($key === 'options') {
                continue;
            }
            if (! is_array($node)) {
                throw new InvalidArgumentException("the cluster's entry [{$key}] is not a node (an array with host and port, or a URL)");
            }
            foreach (['host', 'port'] as $required) {
                if (! isset($node[$required]) || $node[$required] === '') {
                    throw new InvalidArgumentException("the cluster's node [{$key}] has no {$required}");
                }
            }
        }

        return parent::connectToCluster($config, $clusterOptions, $options);
    }

    /**
     * What RedisCluster would be given. $servers are the seeds as the running Laravel writes
     * them, "scheme://host:port" (8.x adds "?database=..&password=..", which phpredis does not
     * read: it authenticates every node with the merged options' password only). Its context
     * is the SSL context options themselves, not a "stream" entry as for a single server.
     *
     * @param  list<string>  $servers
     * @param  array<string, mixed>  $options
     */
    protected function createRedisClusterInstance(array $servers, array $options)
    {
        $auth = $options['password'] ?? null;
        $shared = Arr::only($options, ['prefix', 'timeout', 'read_timeout']);
        // phpredis also takes [user, password] (or ['user' => .., 'pass' => ..]).
        if (is_array($auth)) {
            $auth = array_values(array_key_exists('pass', $auth) ? [$auth['user'] ?? null, $auth['pass']] : $auth);
            $shared += count($auth) === 2 ? ['username' => $auth[0], 'password' => $auth[1]] : ['password' => $auth[0] ?? null];
        } else {
            $shared['password'] = $auth;
        }
        $context = Arr::get($options, 'context');
        $nodes = [];
        foreach (array_values($servers) as $seed) {
            $seed = explode('?', (string) $seed, 2)[0];
            $colon = strrpos($seed, ':');
            $nodes[] = ['host' => substr($seed, 0, $colon), 'port' => (int) substr($seed, $colon + 1), 'ssl' => $context] + $shared;
        }

        throw new ClientSettings($shared, '', $context, 'options.context', $nodes);
    }
}
