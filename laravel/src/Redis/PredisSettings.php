<?php

namespace FastQueue\Laravel\Redis;

use Illuminate\Contracts\Redis\Connector;
use Illuminate\Support\Arr;
use InvalidArgumentException;

/**
 * What Laravel's PredisConnector hands to Predis\Client, without Predis (which fastqueue:work
 * does not need): the connection's parameters, the client options merged as the connector
 * merges them, and the client option "parameters" filling the parameters the connection does
 * not set, as Predis's connection factory fills them.
 */
class PredisSettings implements Connector
{
    public function connect(array $config, array $options)
    {
        $clientOptions = array_merge(['timeout' => 10.0], $options, (array) Arr::pull($config, 'options', []));
        if (isset($config['prefix'])) {
            $clientOptions['prefix'] = $config['prefix'];
        }

        $parameters = $config + (array) ($clientOptions['parameters'] ?? []);
        $parameters['prefix'] = $clientOptions['prefix'] ?? null;

        throw new ClientSettings($parameters, (string) ($parameters['host'] ?? '127.0.0.1'), $parameters['ssl'] ?? null, 'ssl');
    }

    public function connectToCluster(array $config, array $clusterOptions, array $options)
    {
        throw new InvalidArgumentException('Redis Cluster is not supported by fastqueue:work.');
    }
}
