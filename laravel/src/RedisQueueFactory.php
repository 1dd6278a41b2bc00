<?php

namespace FastQueue\Laravel;

use FastQueue\Laravel\Redis\ClientSettings;
use FastQueue\Laravel\Redis\PhpRedisSettings;
use FastQueue\Laravel\Redis\PredisSettings;
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
    public const TLS_OPTIONS = ['cafile', 'capath', 'local_cert', 'local_pk', 'peer_name', 'verify_peer', 'verify_peer_name'];

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
     */
    public function redisOptions(string $name): array
    {
        $name = $name !== '' ? $name : 'default';
        $s = $this->clientSettings($name);
        $c = $s->config;

        // The transport is the host's "scheme://" (phpredis gets the scheme that way; Laravel's
        // PredisConnector turns a tls:// host into the scheme), else the scheme.
        $host = $s->host !== '' ? $s->host : '127.0.0.1';
        $scheme = strtolower((string) ($c['scheme'] ?? ''));
        if (preg_match('~^([a-z][a-z0-9+.-]*)://(.*)$~is', $host, $m)) {
            $scheme = strtolower($m[1]);
            $host = $m[2];
        }

        if (! in_array($scheme, ['', 'tcp', 'redis', 'unix', 'tls', 'ssl', 'rediss'], true)) {
            throw new InvalidArgumentException("Redis connection [{$name}] uses the [{$scheme}] scheme: fastqueue:work supports tcp, tls (or ssl, rediss) and unix.");
        }
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
            $tls = $this->tlsOptions($name, $s->ssl, $s->sslKey);
            if ($tls !== []) {
                $options['tls'] = $tls;
            }
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
     * FastQueue's "tls" option from the SSL context options the client would apply ($ssl, read
     * from $where). Only the options FastQueue implements are accepted, each checked: another
     * one is refused by name rather than dropped, since dropping it could change what is
     * verified. As PHP's streams do (phpredis and predis both connect through them), a peer
     * that is verified without cafile or capath gets the openssl.cafile and openssl.capath
     * ini settings. Messages name options and types, never values (paths aside, a value
     * could be key material).
     */
    protected function tlsOptions(string $name, mixed $ssl, string $where): array
    {
        if ($ssl === null) {
            $ssl = [];
        } elseif (! is_array($ssl)) {
            throw new InvalidArgumentException("Redis connection [{$name}]: [{$where}] must be an array of SSL context options, ".get_debug_type($ssl).' given.');
        }

        $tls = [];
        foreach ($ssl as $key => $value) {
            if (! in_array($key, static::TLS_OPTIONS, true)) {
                throw new InvalidArgumentException("Redis connection [{$name}]: the SSL option [{$key}] in [{$where}] is not supported by fastqueue:work (supported: ".implode(', ', static::TLS_OPTIONS).').');
            }
            if ($key === 'verify_peer' || $key === 'verify_peer_name') {
                if (! is_bool($value) && ! in_array($value, [0, 1, '0', '1'], true)) {
                    throw new InvalidArgumentException("Redis connection [{$name}]: the SSL option [{$key}] in [{$where}] must be true or false (or 1 or 0), ".get_debug_type($value).' given.');
                }
                $tls[$key] = (bool) $value;
            } elseif (! is_string($value) || $value === '') {
                throw new InvalidArgumentException("Redis connection [{$name}]: the SSL option [{$key}] in [{$where}] must be a non-empty string, ".(is_string($value) ? 'an empty string' : get_debug_type($value)).' given.');
            } else {
                $tls[$key] = $value;
            }
        }

        if ($tls['verify_peer'] ?? true) {
            foreach (['cafile', 'capath'] as $key) {
                $ini = (string) ini_get("openssl.{$key}");
                if (! isset($tls[$key]) && $ini !== '') {
                    $tls[$key] = $ini;
                }
            }
        }

        return $tls;
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

        if (! is_array($redis[$name] ?? null) && ! is_string($redis[$name] ?? null)) {
            if (isset($redis['clusters'][$name])) {
                throw new InvalidArgumentException("Redis connection [{$name}] is a cluster: fastqueue:work does not support Redis Cluster.");
            }

            throw new InvalidArgumentException("Redis connection [{$name}] not configured.");
        }

        $connector = match ($client) {
            'phpredis' => new PhpRedisSettings,
            'predis' => new PredisSettings,
            default => throw new InvalidArgumentException("The Redis client [{$client}] (database.redis.client) is not supported by fastqueue:work: use phpredis or predis."),
        };
        $manager = new RedisManager(null, $client, $redis);
        $manager->extend($client, function () use ($connector) {
            return $connector;
        });

        try {
            $manager->resolve($name);
        } catch (ClientSettings $settings) {
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
