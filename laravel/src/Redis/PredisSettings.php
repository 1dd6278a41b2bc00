<?php

namespace FastQueue\Laravel\Redis;

use Illuminate\Redis\Connectors\PredisConnector;
use Illuminate\Support\Arr;
use InvalidArgumentException;

/**
 * What Laravel's PredisConnector hands to Predis\Client, without Predis (which fastqueue:work
 * does not need): the client options merged as the connector merges them, the host formatted
 * by the connector where the version does that (scheme://host into scheme and host), and the
 * client option "parameters" filling the connection parameters the connection does not set,
 * a whole entry at a time, as Predis's connection factory fills them. Then ClientSettings is
 * thrown instead of connecting.
 */
class PredisSettings extends PredisConnector
{
    /**
     * @param  array<string, mixed>  $config
     * @param  array<string, mixed>  $options
     */
    public function connect(array $config, array $options)
    {
        $clientOptions = array_merge(['timeout' => 10.0], $options, (array) Arr::pull($config, 'options', []));
        if (isset($config['prefix'])) {
            $clientOptions['prefix'] = $config['prefix'];
        }
        if (($clientOptions['replication'] ?? null) === 'sentinel') {
            $this->sentinel($config, $clientOptions);
        }
        if (method_exists(PredisConnector::class, 'formatHost')) {
            $config = $this->formatHost($config);
        }

        $parameters = $config + (array) ($clientOptions['parameters'] ?? []);
        $parameters['prefix'] = $clientOptions['prefix'] ?? null;
        $host = (string) ($parameters['host'] ?? '127.0.0.1');

        throw new ClientSettings($parameters, $host, $parameters['ssl'] ?? null, 'ssl');
    }

    /**
     * Predis's Sentinel replication: the connection lists the sentinels (URIs or arrays of
     * parameters, each may carry the sentinels' password), the client option "service" names
     * the master (Predis's default: mymaster), and the client option "parameters" holds the
     * servers' own settings (password, database).
     *
     * @param  array<string, mixed>  $config
     * @param  array<string, mixed>  $clientOptions
     */
    protected function sentinel(array $config, array $clientOptions): never
    {
        $nodes = [];
        $sentinel = ['service' => (string) ($clientOptions['service'] ?? 'mymaster')];
        foreach ($config as $key => $node) {
            if (! is_int($key)) {
                continue;
            }
            $p = is_string($node) ? $this->parseUri($node) : (array) $node;
            $scheme = strtolower((string) ($p['scheme'] ?? 'tcp'));
            if ($scheme !== 'tcp' && $scheme !== 'redis') {
                throw new InvalidArgumentException("A sentinel of this connection uses the [{$scheme}] scheme: fastqueue:work reaches sentinels over tcp only.");
            }
            $host = (string) ($p['host'] ?? '127.0.0.1');
            $nodes[] = (str_contains($host, ':') ? "[{$host}]" : $host).':'.(int) ($p['port'] ?? 26379);
            foreach (['username', 'password'] as $credential) {
                if (! empty($p[$credential]) && ! isset($sentinel[$credential])) {
                    $sentinel[$credential] = (string) $p[$credential];
                }
            }
        }
        if ($nodes === []) {
            throw new InvalidArgumentException('This connection asks for Sentinel replication but lists no sentinel.');
        }
        $parameters = (array) ($clientOptions['parameters'] ?? []);
        $parameters['prefix'] = $clientOptions['prefix'] ?? null;
        $parameters['sentinel'] = ['nodes' => $nodes] + $sentinel;

        throw new ClientSettings($parameters, '', $parameters['ssl'] ?? null, 'ssl');
    }

    /**
     * tcp://host:port?password=...&timeout=... as Predis reads a URI.
     *
     * @return array<string, mixed>
     */
    protected function parseUri(string $uri): array
    {
        $parts = parse_url($uri);
        if ($parts === false || ! isset($parts['host'])) {
            throw new InvalidArgumentException('A sentinel of this connection is not a valid URI.');
        }
        $query = [];
        parse_str($parts['query'] ?? '', $query);
        $host = trim($parts['host'], '[]');

        return ['scheme' => $parts['scheme'] ?? 'tcp', 'host' => $host, 'port' => $parts['port'] ?? 26379]
            + (isset($parts['user']) ? ['username' => urldecode($parts['user'])] : [])
            + (isset($parts['pass']) ? ['password' => urldecode($parts['pass'])] : [])
            + $query;
    }

    /**
     * A cluster (database.redis.clusters.NAME) as Laravel's PredisConnector hands it to
     * Predis\Client: the nodes (URLs already parsed by Laravel's RedisManager), and the client
     * options merged from the global options, clusters.options and the cluster's own options,
     * the cluster's "prefix" on top. Predis speaks Redis Cluster only with the client option
     * cluster "redis"; otherwise it shards keys itself over independent servers, which
     * fastqueue:work cannot follow. Each node's parameters are filled by the client option
     * "parameters", as Predis's connection factory fills those of every node it connects to.
     *
     * @param  array<string, mixed>  $config
     * @param  array<string, mixed>  $clusterOptions
     * @param  array<string, mixed>  $options
     */
    public function connectToCluster(array $config, array $clusterOptions, array $options)
    {
        $clientOptions = (array) Arr::pull($config, 'options', []);
        if (isset($config['prefix'])) {
            // RedisManager parses every entry of a cluster as a node: a string becomes an array.
            if (! is_string($config['prefix'])) {
                throw new InvalidArgumentException("the cluster's [prefix] entry reaches the connector as ".get_debug_type($config['prefix']).' (Laravel reads it as a node URL): set the prefix in the cluster\'s options.');
            }
            $clientOptions['prefix'] = $config['prefix'];
        }
        unset($config['prefix']);
        $clientOptions = array_merge($options, $clusterOptions, $clientOptions);

        $mode = $clientOptions['cluster'] ?? null;
        if (! is_string($mode) || ! in_array($mode, ['redis', 'redis-cluster'], true)) {
            $what = is_string($mode) ? "options.cluster [{$mode}]" : ($mode === null ? 'no options.cluster' : 'options.cluster of type '.get_debug_type($mode));
            throw new InvalidArgumentException("this cluster is sharded by Predis itself ({$what}): fastqueue:work needs Redis Cluster, options.cluster [redis].");
        }

        $defaults = (array) ($clientOptions['parameters'] ?? []);
        $nodes = [];
        foreach ($config as $key => $node) {
            if (! is_array($node)) {
                throw new InvalidArgumentException("the cluster's entry [{$key}] is not a node (an array of parameters, or a URL)");
            }
            $node += $defaults;
            $node['prefix'] = $clientOptions['prefix'] ?? null;
            $nodes[] = $node;
        }

        throw new ClientSettings(['prefix' => $clientOptions['prefix'] ?? null], '', null, 'ssl', $nodes);
    }
}
