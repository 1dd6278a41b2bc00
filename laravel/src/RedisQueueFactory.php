<?php

namespace FastQueue\Laravel;

use FastQueue\RedisQueue;
use Illuminate\Cache\RedisStore;
use Illuminate\Contracts\Cache\Repository as CacheRepository;
use Illuminate\Contracts\Config\Repository as Config;
use Illuminate\Support\Arr;
use Illuminate\Support\ConfigurationUrlParser;
use InvalidArgumentException;
use Throwable;

/**
 * Builds a FastQueue\RedisQueue from the application's own configuration, reading it the way
 * Laravel's RedisConnector, RedisManager and PhpRedisConnector read it, so that fastqueue:work
 * talks to exactly the keys queue:work would.
 */
class RedisQueueFactory
{
    /** The key queue:restart writes through the cache repository. */
    public const RESTART_KEY = 'illuminate:queue:restart';

    public function __construct(protected Config $config)
    {
    }

    public function make(string $connection): RedisQueue
    {
        return new RedisQueue($this->options($connection));
    }

    /**
     * The RedisQueue options for a queue connection (queue.connections.NAME).
     *
     * @throws InvalidArgumentException when the connection is missing or not a Redis one
     */
    public function options(string $connection): array
    {
        $queue = $this->queueConfig($connection);

        $options = $this->redisOptions($queue['connection'] ?? 'default');
        // RedisConnector: 'queue' as given, retry_after defaults to 60 (also when null), block_for to null.
        $options['queue'] = (string) ($queue['queue'] ?? 'default');
        $options['retry_after'] = (int) ($queue['retry_after'] ?? 60);
        $options['block_for'] = isset($queue['block_for']) ? $queue['block_for'] + 0 : null;
        if (isset($queue['migration_batch_size'])) {
            $options['migration_batch_size'] = (int) $queue['migration_batch_size'];
        }

        return $options;
    }

    /**
     * The connection settings of a Redis connection (database.redis.NAME), merged as
     * PhpRedisConnector merges them: the connection's keys, then database.redis.options,
     * then the connection's own 'options'. The last one wins, so a global options.prefix
     * applies to every connection unless the connection overrides it.
     */
    public function redisOptions(string $name): array
    {
        $redis = (array) $this->config->get('database.redis', []);
        $name = $name !== '' ? $name : 'default';

        if (! isset($redis[$name]) || ! is_array($redis[$name]) && ! is_string($redis[$name])) {
            if (isset($redis['clusters'][$name])) {
                throw new InvalidArgumentException("Redis connection [{$name}] is a cluster: fastqueue:work does not support Redis Cluster.");
            }

            throw new InvalidArgumentException("Redis connection [{$name}] not configured.");
        }

        $parsed = (new ConfigurationUrlParser)->parseConfiguration($redis[$name]);
        $driver = strtolower((string) ($parsed['driver'] ?? ''));
        if (in_array($driver, ['tcp', 'tls'], true)) {
            $parsed['scheme'] = $driver;
        }
        unset($parsed['driver']);

        $global = (array) ($redis['options'] ?? []);
        $c = array_merge(Arr::except($parsed, 'options'), Arr::except($global, 'parameters'), (array) ($parsed['options'] ?? []));

        $scheme = strtolower((string) ($c['scheme'] ?? ''));
        if ($scheme === 'tls' || $scheme === 'ssl' || $scheme === 'rediss') {
            throw new InvalidArgumentException("Redis connection [{$name}] uses TLS: fastqueue:work does not support TLS connections.");
        }

        $host = (string) ($c['host'] ?? '127.0.0.1');
        $options = [];
        if (str_starts_with($host, 'unix://')) {
            $options['socket'] = substr($host, 7);
        } elseif ($scheme === 'unix' || str_starts_with($host, '/')) {
            $options['socket'] = $c['path'] ?? $host;
        } else {
            $options['host'] = $host;
            $options['port'] = (int) ($c['port'] ?? 6379);
        }
        // phpredis authenticates only with a non-empty password.
        if (! empty($c['password'])) {
            $options['password'] = (string) $c['password'];
            if (! empty($c['username'])) {
                $options['username'] = (string) $c['username'];
            }
        }
        if (isset($c['database'])) {
            $options['database'] = (int) $c['database'];
        }
        $options['prefix'] = ! empty($c['prefix']) ? (string) $c['prefix'] : '';
        if (! empty($c['timeout'])) {
            $options['connect_timeout'] = (float) $c['timeout'];
        }
        if (! empty($c['read_timeout'])) {
            $options['read_timeout'] = (float) $c['read_timeout'];
        }

        return $options;
    }

    /**
     * The restart key as the native worker can read it (without the Redis prefix, which the
     * worker adds), or null when $cache, the repository queue:restart writes to, is not a Redis
     * store on the queue connection's server, database and prefix.
     *
     * The key is the store's own: its getPrefix() followed by the restart key, exactly what
     * it reads and writes (Laravel 8 and 10 put a ':' after a non-empty cache prefix, later
     * versions do not). Which Redis connection it writes through is the store's too.
     */
    public function nativeRestartKey(string $connection, CacheRepository $cache): ?string
    {
        $store = method_exists($cache, 'getStore') ? $cache->getStore() : null;
        if (! $store instanceof RedisStore) {
            return null;
        }

        try {
            $queue = $this->redisOptions($this->queueConfig($connection)['connection'] ?? 'default');
            $cache = $this->redisOptions($store->connection()->getName() ?? 'default');
        } catch (Throwable $e) {
            // Not a connection the native worker could use (a cluster, TLS, not configured).
            return null;
        }
        foreach (['host', 'port', 'socket', 'database', 'prefix', 'username', 'password'] as $key) {
            if (($queue[$key] ?? null) !== ($cache[$key] ?? null)) {
                return null;
            }
        }

        return $store->getPrefix().static::RESTART_KEY;
    }

    protected function queueConfig(string $connection): array
    {
        $queue = $this->config->get("queue.connections.{$connection}");
        if (! is_array($queue)) {
            throw new InvalidArgumentException("The [{$connection}] queue connection has not been configured.");
        }
        if (($queue['driver'] ?? null) !== 'redis') {
            $driver = $queue['driver'] ?? 'none';
            throw new InvalidArgumentException("The [{$connection}] queue connection uses the [{$driver}] driver: fastqueue:work works Redis queue connections only.");
        }

        return $queue;
    }
}
