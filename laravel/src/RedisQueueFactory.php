<?php

namespace FastQueue\Laravel;

use FastQueue\Laravel\Redis\ClientSettings;
use FastQueue\Laravel\Redis\PhpRedisSettings;
use FastQueue\Laravel\Redis\PredisSettings;
use FastQueue\Laravel\Redis\ServerOptions;
use FastQueue\RedisQueue;
use Illuminate\Cache\RedisStore;
use Illuminate\Contracts\Cache\Repository as CacheRepository;
use Illuminate\Contracts\Config\Repository as Config;
use Illuminate\Redis\RedisManager;
use InvalidArgumentException;
use Throwable;

/**
 * Builds a FastQueue\RedisQueue from the application's own configuration, read the way
 * Laravel's RedisConnector reads the queue connection and, through Laravel's own RedisManager
 * and Redis connectors, the way the application's Redis client gets its connection (TLS
 * included), so that fastqueue:work talks to exactly the server and keys queue:work would.
 */
class RedisQueueFactory
{
    /** The key queue:restart writes through the cache repository. */
    public const RESTART_KEY = 'illuminate:queue:restart';

    /** The SSL context options (PHP's names) that FastQueue's "tls" option implements. */
    public const TLS_OPTIONS = ServerOptions::TLS_OPTIONS;

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
     * @return array<string, mixed>
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
        // FastQueue's own: the worker's releases and failed records wait for replicas.
        // Laravel's RedisConnector ignores these keys.
        if (isset($queue['wait_replicas'])) {
            $options['wait_replicas'] = (int) $queue['wait_replicas'];
        }
        if (isset($queue['wait_timeout'])) {
            $options['wait_timeout'] = $queue['wait_timeout'] + 0;
        }

        return $options;
    }

    /**
     * The connection settings of a Redis connection (database.redis.NAME), as the application's
     * Redis client (database.redis.client) would get them. Laravel's own RedisManager parses the
     * connection (its url, the scheme a rediss:// url implies) and picks options.parameters;
     * for phpredis, Laravel's PhpRedisConnector merges the connection's keys with the global
     * and the connection's own options and formats the host (scheme://host); for predis, the
     * connection's parameters are used, the client option "parameters" filling those the
     * connection does not set (see Redis\PredisSettings). Nothing connects.
     *
     * @throws InvalidArgumentException for a connection fastqueue:work cannot use as configured
     * @return array<string, mixed>
     */
    public function redisOptions(string $name): array
    {
        $name = $name !== '' ? $name : 'default';
        $s = $this->clientSettings($name);
        if ($s->nodes !== null) {
            return $this->clusterOptions($name, $s);
        }
        $c = $s->config;
        [$scheme, $host] = ServerOptions::transport($name, $s->host, $c);

        $options = [];
        if (isset($c['sentinel'])) {
            // The sentinels say where the master is (Redis\PredisSettings::sentinel()).
            $options['sentinel'] = $c['sentinel'];
        } elseif ($scheme === 'unix' || str_starts_with($host, '/')) {
            $options['socket'] = (string) ($c['path'] ?? $host);
        } else {
            $options['host'] = $host;
            $options['port'] = (int) ($c['port'] ?? 6379);
        }
        if (in_array($scheme, ['tls', 'ssl', 'rediss'], true)) {
            // Over a socket too, for RedisQueue's own refusal of TLS there.
            $options['scheme'] = 'tls';
            $tls = ServerOptions::tlsOptions($name, $s->ssl, $s->sslKey);
            if ($tls !== []) {
                $options['tls'] = $tls;
            }
        }
        $options += ServerOptions::credentials($c);
        if (isset($c['database'])) {
            $options['database'] = (int) $c['database'];
        }

        return $options + ServerOptions::tuning($c);
    }

    /**
     * The options of a Redis Cluster (database.redis.clusters.NAME): its seed nodes as
     * RedisQueue's "cluster" option, and the settings every node is reached with, which must
     * be the same for all of them, since RedisQueue applies one set to every node (those it
     * discovers too). A cluster has database 0 only: no "database" is given.
     *
     * @return array<string, mixed>
     */
    protected function clusterOptions(string $name, ClientSettings $s): array
    {
        if ($s->nodes === []) {
            throw new InvalidArgumentException("Redis cluster [{$name}] lists no node.");
        }
        $seeds = [];
        $shared = null;
        foreach ($s->nodes as $i => $node) {
            [$scheme, $host] = ServerOptions::transport($name, (string) ($node['host'] ?? '127.0.0.1'), $node);
            if ($scheme === 'unix' || str_starts_with($host, '/')) {
                throw new InvalidArgumentException("Redis cluster [{$name}]: node [{$i}] is a Unix socket; the nodes of a cluster are reached over TCP.");
            }
            $host = trim($host, '[]');
            $seeds[] = (str_contains($host, ':') ? "[{$host}]" : $host).':'.(int) ($node['port'] ?? 6379);

            $options = [];
            if (in_array($scheme, ['tls', 'ssl', 'rediss'], true)) {
                $options['scheme'] = 'tls';
                $tls = ServerOptions::tlsOptions($name, $node['ssl'] ?? null, $s->sslKey);
                if ($tls !== []) {
                    $options['tls'] = $tls;
                }
            }
            $options += ServerOptions::credentials($node) + ServerOptions::tuning($node);
            if ($shared === null) {
                $shared = $options;
            } elseif ($options !== $shared) {
                // The setting's name only: its values could be secrets.
                $keys = array_keys($options + $shared);
                $differs = array_values(array_filter($keys, fn ($k) => ($options[$k] ?? null) !== ($shared[$k] ?? null)));
                throw new InvalidArgumentException("Redis cluster [{$name}]: node [{$i}] differs from the first in [".implode(', ', $differs).']: fastqueue:work reaches every node of a cluster with the same settings.');
            }
        }

        return ['cluster' => $seeds] + $shared;
    }

    /**
     * What the application's Redis client would be given for connection $name, from Laravel's
     * own RedisManager, with a connector that reports instead of connecting.
     */
    protected function clientSettings(string $name): ClientSettings
    {
        $redis = (array) $this->config->get('database.redis', []);
        $client = strtolower((string) ($redis['client'] ?? 'phpredis'));
        unset($redis['client']);

        // As RedisManager::resolve() looks: a connection first, then a cluster of that name.
        if (! is_array($redis[$name] ?? null) && ! is_string($redis[$name] ?? null)) {
            if (isset($redis[$name]) || ! isset($redis['clusters'][$name])) {
                throw new InvalidArgumentException("Redis connection [{$name}] not configured.");
            }
            if (! is_array($redis['clusters'][$name])) {
                throw new InvalidArgumentException("Redis cluster [{$name}] must be a list of nodes, ".get_debug_type($redis['clusters'][$name]).' given.');
            }
        }

        $connector = match ($client) {
            'phpredis' => new PhpRedisSettings,
            'predis' => new PredisSettings,
            default => throw new InvalidArgumentException("The Redis client [{$client}] (database.redis.client) is not supported by fastqueue:work: use phpredis or predis."),
        };
        // @phpstan-ignore argument.type (no application: the manager only merges the configuration and calls the connector)
        $manager = new RedisManager(null, $client, $redis);
        $manager->extend($client, function () use ($connector) {
            return $connector;
        });

        try {
            $manager->resolve($name);
        } catch (ClientSettings $settings) { // @phpstan-ignore catch.neverThrown (the connector throws it from inside resolve())
            return $settings;
        } catch (InvalidArgumentException $e) {
            // The connectors' own refusals (a scheme that contradicts the host's, ...).
            throw new InvalidArgumentException("Redis connection [{$name}]: {$e->getMessage()}", 0, $e);
        }

        throw new \LogicException("Laravel's RedisManager did not hand the settings of [{$name}] to its connector.");
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
            // Not a connection the native worker could use (TLS, not configured).
            return null;
        }
        // The same servers: one host, one Sentinel service or one cluster (whose node holding the
        // key's slot the worker asks).
        foreach (['host', 'port', 'socket', 'sentinel', 'cluster', 'database', 'prefix', 'username', 'password'] as $key) {
            if (($queue[$key] ?? null) !== ($cache[$key] ?? null)) {
                return null;
            }
        }

        return $store->getPrefix().static::RESTART_KEY;
    }

    /**
     * The queue connection whose Redis queue a worker of $connection pops, and whose name its
     * jobs carry: $connection itself, or, for a failover connection (Laravel 12.34 and later),
     * its first member, the only one Laravel's FailoverQueue pops from. The other members take
     * pushes only while the first fails; a worker of the failover connection never reads them.
     *
     * @throws InvalidArgumentException when the connection, or a failover's member, is not one
     *                                  fastqueue:work can work
     */
    public function jobConnection(string $connection): string
    {
        $queue = $this->config->get("queue.connections.{$connection}");
        if (! is_array($queue) || ($queue['driver'] ?? null) !== 'failover' || ! class_exists('Illuminate\\Queue\\FailoverQueue')) {
            return $connection;
        }
        $members = $queue['connections'] ?? null;
        if (! is_array($members) || $members === [] || ! is_string($first = reset($members))) {
            throw new InvalidArgumentException("The [{$connection}] failover queue connection lists no member connections (queue.connections.{$connection}.connections).");
        }
        foreach ($members as $member) {
            $config = is_string($member) ? $this->config->get("queue.connections.{$member}") : null;
            if (! is_array($config)) {
                throw new InvalidArgumentException("The [{$connection}] failover queue connection names the [".(is_string($member) ? $member : get_debug_type($member)).'] queue connection, which has not been configured.');
            }
            if (($config['driver'] ?? null) === 'failover') {
                throw new InvalidArgumentException("The [{$connection}] failover queue connection names [{$member}], itself a failover connection: fastqueue:work works a failover connection whose members are plain connections, a Redis one first.");
            }
        }
        $driver = $this->config->get("queue.connections.{$first}.driver");
        if ($driver !== 'redis') {
            $driver = is_string($driver) ? $driver : 'none';
            throw new InvalidArgumentException("The [{$connection}] failover queue connection's first member, [{$first}], uses the [{$driver}] driver: fastqueue:work works a failover connection whose first member is a Redis connection.");
        }

        return $first;
    }

    /**
     * The configuration of the Redis queue connection a worker of $connection pops (for a
     * failover connection, its first member's: jobConnection()).
     *
     * @return array<string, mixed>
     */
    protected function queueConfig(string $connection): array
    {
        $connection = $this->jobConnection($connection);
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
