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
    public function connect(array $config, array $options)
    {
        $clientOptions = array_merge(['timeout' => 10.0], $options, (array) Arr::pull($config, 'options', []));
        if (isset($config['prefix'])) {
            $clientOptions['prefix'] = $config['prefix'];
        }
        if (method_exists(PredisConnector::class, 'formatHost')) {
            $config = $this->formatHost($config);
        }

        $parameters = $config + (array) ($clientOptions['parameters'] ?? []);
        $parameters['prefix'] = $clientOptions['prefix'] ?? null;
        $host = (string) ($parameters['host'] ?? '127.0.0.1');

        throw new ClientSettings($parameters, $host, $parameters['ssl'] ?? null, 'ssl');
    }

    public function connectToCluster(array $config, array $clusterOptions, array $options)
    {
        throw new InvalidArgumentException('Redis Cluster is not supported by fastqueue:work.');
    }
}
