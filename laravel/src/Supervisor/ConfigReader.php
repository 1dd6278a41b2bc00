<?php

namespace FastQueue\Laravel\Supervisor;

use FastQueue\Laravel\RedisQueueFactory;
use Illuminate\Contracts\Config\Repository as Config;
use Illuminate\Support\Str;
use InvalidArgumentException;

/**
 * Reads the supervisors fastqueue:supervise runs: fastqueue.supervisors, or while its
 * "environments" is empty, config/horizon.php's "defaults" and "environments", merged as
 * Horizon merges them (ProvisioningPlan: the defaults replaced recursively by the
 * environment's supervisors, keys renamed and camel-cased). Everything is checked before
 * anything starts; each error names its key with its environment and supervisor.
 */
final class ConfigReader
{
    /** Horizon's supervisor keys (camel-cased) that are followed, with Horizon's defaults. */
    public const FOLLOWED = [
        'connection' => null, 'queue' => null, 'balance' => 'off', 'autoScalingStrategy' => 'time',
        'minProcesses' => 1, 'maxProcesses' => 1, 'balanceMaxShift' => 1, 'balanceCooldown' => 3,
        'maxTries' => 0, 'timeout' => 60, 'memory' => 128, 'sleep' => 3, 'maxJobs' => 0,
        'maxTime' => 0, 'backoff' => 0, 'nice' => 0, 'force' => false, 'rest' => 0,
    ];

    /** Supervisor keys Horizon knows that are not followed (docs/laravel.md says why). */
    public const NOT_FOLLOWED = ['workersName', 'parentId', 'directory', 'name', 'autoScale'];

    /** The top-level keys of config/horizon.php that are read ("waits" by the long-wait alerts). */
    public const HORIZON_FOLLOWED = ['defaults', 'environments', 'env', 'waits'];

    /** Horizon's other top-level keys: its dashboard, its own storage and its master process. */
    public const HORIZON_NOT_FOLLOWED = ['name', 'domain', 'path', 'uri', 'use', 'prefix', 'middleware', 'trim',
        'silenced', 'silenced_tags', 'metrics', 'fast_termination', 'memory_limit', 'watch'];

    /** FastQueue's own keys of fastqueue.supervisors. */
    public const OWN_KEYS = ['defaults', 'environments', 'name', 'host', 'heartbeat', 'shared_budget', 'stop_timeout', 'connection'];

    /** Seconds a worker is given beyond the longest timeout to end after a stop's SIGTERM. */
    public const STOP_GRACE = 10;

    /** @var list<string> */
    private array $errors = [];

    /** @var list<string> */
    private array $ignored = [];

    /** @var list<string> */
    private array $unknown = [];

    /** @var list<string> */
    private array $adjusted = [];

    public function __construct(private Config $config)
    {
    }

    /** The plan for $environment (null: horizon.env when horizon.php is read, else app.env). */
    public function read(?string $environment = null): Plan
    {
        $this->errors = $this->ignored = $this->unknown = $this->adjusted = [];
        $own = $this->config->get('fastqueue.supervisors');
        $own = is_array($own) ? $own : [];
        $horizon = $this->config->get('horizon');
        $horizon = is_array($horizon) ? $horizon : [];

        foreach (array_keys($own) as $key) {
            if (! in_array($key, self::OWN_KEYS, true)) {
                $this->unknown[] = "fastqueue.supervisors.{$key}";
            }
        }
        if (! empty($own['environments'])) {
            $source = 'fastqueue.supervisors';
            $section = $own;
        } else {
            $source = 'horizon';
            $section = $horizon;
            if (! empty($own['defaults'])) {
                $this->ignored[] = 'fastqueue.supervisors.defaults';
            }
            foreach (array_keys($horizon) as $key) {
                if (in_array($key, self::HORIZON_NOT_FOLLOWED, true)) {
                    $this->ignored[] = "horizon.{$key}";
                } elseif (! in_array($key, self::HORIZON_FOLLOWED, true)) {
                    $this->unknown[] = "horizon.{$key}";
                }
            }
            $environment ??= is_string($horizon['env'] ?? null) && $horizon['env'] !== '' ? $horizon['env'] : null;
        }
        $environment ??= (string) $this->config->get('app.env', 'production');

        $supervisors = $this->supervisors($source, $section, $environment, $own, $horizon);
        $before = count($this->errors);
        $settings = $this->settings($own, $supervisors);
        if (count($this->errors) === $before) {
            $this->checkFiguresReachable($supervisors, $settings['connection'], $source, $environment);
        }

        return new Plan($source, $environment, $supervisors, $settings, $this->ignored, $this->unknown, $this->adjusted, $this->errors);
    }

    /**
     * @param  array<mixed>  $section
     * @param  array<mixed>  $own
     * @param  array<mixed>  $horizon
     * @return array<string, SupervisorOptions>
     */
    private function supervisors(string $source, array $section, string $environment, array $own, array $horizon): array
    {
        $environments = $section['environments'] ?? [];
        $defaults = $section['defaults'] ?? [];
        if (! is_array($environments) || $environments === []) {
            $this->errors[] = $own === [] && $horizon === []
                ? 'No supervisors are configured: fill fastqueue.supervisors.environments (php artisan vendor:publish --tag=fastqueue-config), or keep a config/horizon.php.'
                : 'No supervisors are configured: fastqueue.supervisors.environments is empty and config/horizon.php has no environments.';

            return [];
        }
        if (! is_array($defaults)) {
            $this->errors[] = "{$source}.defaults must be an array of supervisors, ".get_debug_type($defaults).' given.';
            $defaults = [];
        }

        // Horizon takes the first environment whose name, as a pattern, matches ("*", "prod-*").
        $match = null;
        foreach (array_keys($environments) as $name) {
            if (Str::is((string) $name, $environment)) {
                $match = (string) $name;
                break;
            }
        }
        if ($match === null) {
            $this->errors[] = "{$source}.environments has no supervisors for the environment \"{$environment}\" (it has ".implode(', ', array_map('strval', array_keys($environments))).').';

            return [];
        }
        $plan = $environments[$match];
        if (! is_array($plan)) {
            $this->errors[] = "{$source}.environments.{$match} must be an array of supervisors, ".get_debug_type($plan).' given.';

            return [];
        }

        $supervisors = [];
        foreach (array_replace_recursive($defaults, $plan) as $name => $options) {
            $name = (string) $name;
            $envPath = "{$source}.environments.{$match}.{$name}";
            if (! is_array($options)) {
                $this->errors[] = "{$envPath} must be an array of options, ".get_debug_type($options).' given.';
                continue;
            }
            // Where each key was set: the environment's entry, else the defaults'.
            $inEnv = is_array($plan[$name] ?? null) ? $plan[$name] : [];
            $paths = [];
            foreach (array_keys($options) as $key) {
                $paths[$key] = array_key_exists($key, $inEnv) ? "{$envPath}.{$key}" : "{$source}.defaults.{$name}.{$key}";
            }
            $supervisor = (new SupervisorReader($this->config, $name, $envPath, $options, $paths))->read();
            $this->errors = array_merge($this->errors, $supervisor['errors']);
            $this->ignored = array_merge($this->ignored, $supervisor['ignored']);
            $this->unknown = array_merge($this->unknown, $supervisor['unknown']);
            $this->adjusted = array_merge($this->adjusted, $supervisor['adjusted']);
            if ($supervisor['options'] !== null) {
                $supervisors[$name] = $supervisor['options'];
            }
        }
        if ($supervisors === [] && $this->errors === []) {
            $this->errors[] = "{$source}.environments.{$match} names no supervisor.";
        }

        return $supervisors;
    }

    /**
     * FastQueue's own settings, with their defaults.
     *
     * @param  array<mixed>  $own
     * @param  array<string, SupervisorOptions>  $supervisors
     * @return array{name: string, host: string, heartbeat: float, shared_budget: bool, stop_timeout: float, connection: string}
     */
    private function settings(array $own, array $supervisors): array
    {
        $p = 'fastqueue.supervisors.';

        $name = $own['name'] ?? null;
        if ($name === null || $name === '') {
            $name = Str::slug((string) $this->config->get('app.name', 'laravel'));
            $name = $name !== '' ? $name : 'laravel';
        }
        if (! is_string($name) || ! preg_match('/^[A-Za-z0-9_.:-]{1,100}$/', $name)) {
            $this->errors[] = "{$p}name must be 1 to 100 of A-Z a-z 0-9 _ . : - (".$this->show($name).' given).';
            $name = 'laravel';
        }

        $host = $own['host'] ?? null;
        if ($host === null || $host === '') {
            $host = (string) gethostname();
        } elseif (! is_string($host) || ! preg_match('/^[A-Za-z0-9_.:-]{1,100}$/', $host)) {
            $this->errors[] = "{$p}host must be 1 to 100 of A-Z a-z 0-9 _ . : - (".$this->show($host).' given).';
            $host = (string) gethostname();
        }

        $heartbeat = $this->number($own['heartbeat'] ?? 3, "{$p}heartbeat", 0.1, 60) ?? 3.0;

        $shared = $own['shared_budget'] ?? false;
        if (! is_bool($shared)) {
            $this->errors[] = "{$p}shared_budget must be true or false (".$this->show($shared).' given).';
            $shared = false;
        }

        $longest = 0;
        foreach ($supervisors as $s) {
            $longest = max($longest, $s->timeout);
        }
        $stop = isset($own['stop_timeout'])
            ? ($this->number($own['stop_timeout'], "{$p}stop_timeout", 0, 31536000) ?? 60.0)
            : (float) ($longest + self::STOP_GRACE);

        $connection = $own['connection'] ?? null;
        if ($connection === null || $connection === '') {
            $connection = $this->defaultConnection($supervisors);
        } elseif (! is_string($connection) || ! $this->redisConnectionExists($connection)) {
            $this->errors[] = "{$p}connection must name a Redis connection of database.redis (".$this->show($connection).' given).';
            $connection = 'default';
        }

        return [
            'name' => $name,
            'host' => $host,
            'heartbeat' => $heartbeat,
            'shared_budget' => $shared,
            'stop_timeout' => $stop,
            'connection' => $connection,
        ];
    }

    /**
     * The supervisor reads every queue's figures (the balancing's, a pool at zero's) through the
     * registry's connection: a balanced supervisor whose queues are on another Redis server,
     * database or prefix would be balanced on queues that are always empty.
     *
     * @param  array<string, SupervisorOptions>  $supervisors
     */
    private function checkFiguresReachable(array $supervisors, string $registry, string $source, string $environment): void
    {
        $factory = new RedisQueueFactory($this->config);
        try {
            $where = self::server($factory->redisOptions($registry));
        } catch (InvalidArgumentException $e) {
            $this->errors[] = "fastqueue.supervisors.connection (\"{$registry}\"): {$e->getMessage()}";

            return;
        }
        foreach ($supervisors as $name => $s) {
            if ($s->balance === 'off') {
                continue;
            }
            try {
                $options = $factory->options($s->connection);
            } catch (InvalidArgumentException $e) {
                $this->errors[] = "{$source}.environments: the supervisor {$name}'s connection \"{$s->connection}\": {$e->getMessage()}";
                continue;
            }
            if (self::server($options) !== $where) {
                $this->errors[] = "The queues of {$name} (environment \"{$environment}\", queue connection \"{$s->connection}\") are not on the Redis connection \"{$registry}\" that the supervisor reads their figures from: set fastqueue.supervisors.connection to the queue connection's Redis connection.";
            }
        }
    }

    /**
     * What makes two RedisQueue options the same keys: server, database and prefix.
     *
     * @param  array<string, mixed>  $options
     * @return array<string, mixed>
     */
    private static function server(array $options): array
    {
        return array_intersect_key($options, array_flip(['host', 'port', 'socket', 'sentinel', 'cluster', 'database', 'prefix']));
    }

    /**
     * Where the registry is when fastqueue.supervisors.connection is not set: the Redis
     * connection of the default queue connection, as fastqueue:status and fastqueue:terminate
     * look for it, else (that one is not a redis connection) of the first supervisor's.
     *
     * @param  array<string, SupervisorOptions>  $supervisors
     */
    private function defaultConnection(array $supervisors): string
    {
        $queue = $this->config->get('queue.connections.'.$this->config->get('queue.default'));
        if (! is_array($queue) || ($queue['driver'] ?? null) !== 'redis') {
            $first = reset($supervisors);
            $queue = $first ? $this->config->get("queue.connections.{$first->connection}") : null;
        }
        $name = is_array($queue) ? (string) ($queue['connection'] ?? 'default') : 'default';

        return $name !== '' ? $name : 'default';
    }

    private function redisConnectionExists(string $name): bool
    {
        $redis = $this->config->get('database.redis');

        return is_array($redis) && $name !== 'client' && $name !== 'options'
            && (isset($redis[$name]) || isset($redis['clusters'][$name]));
    }

    private function number(mixed $value, string $path, float $min, float $max): ?float
    {
        if (! is_numeric($value) || (float) $value < $min || (float) $value > $max) {
            $this->errors[] = "{$path} must be a number from {$min} to {$max} (".$this->show($value).' given).';

            return null;
        }

        return (float) $value;
    }

    private function show(mixed $value): string
    {
        return is_scalar($value) || $value === null ? var_export($value, true) : get_debug_type($value);
    }
}
