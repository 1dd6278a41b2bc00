<?php

namespace FastQueue\Laravel\Fast;

use Closure;
use Illuminate\Container\Container;
use Illuminate\Support\Facades\Facade;
use ReflectionFunction;
use Throwable;

/**
 * The reset-scope closure QueueServiceProvider gives Laravel's worker, run before each job,
 * with its container lookups ($app['log'], $app['db'], and in 8.x the default log channel
 * through the config) read from the container's tables. It does what the running version's
 * closure does, in the same order, and only for a closure whose source it knows (by
 * fingerprint: Laravel 8.83, 10.23, 10.48, 10.50, 11.56, 11.57, 12.68, 12.72, 13.26, 13.31,
 * 13.42); any other closure, and any job for which a guard does not hold, runs Laravel's
 * closure itself.
 *
 * Guards, per job: 'log' (and 'db') are shared instances of Laravel's own managers, no
 * resolving callback for every type or for 'log'/'db', and in 8.x and 10.23 the default channel
 * (logging.default, or 'null' under the testing environment) already made, read from
 * Laravel's own config repository.
 */
final class ScopeReset
{
    /** Fingerprints of Laravel's closures (SourceFingerprint) and what each one does. */
    private const KNOWN = [
        'a1686a9d1508' => 'channel',            // 8.83: the default channel's withoutContext()
        '0e6e9e44f329' => 'channel-db',         // 10.23: the same, and the db counters
        '56438d138596' => 'manager',            // 10.48, 10.50: shared context, every channel, db counters
        '52743a761f2c' => 'manager',            // 11.56, 11.57: the same, flushSharedContext where it exists
        '1c307c1bb6aa' => 'manager-peak',       // 12.68 to 13.31: and memory_reset_peak_usage()
        '364a0e6d49c2' => 'manager-peak-sticky', // 13.42: and each connection's record-modification
                                                 // state forgotten under Worker::$flushStickyConnections
    ];

    private ContainerWatch $watch;
    private string|int|null $token = null;
    private bool $callbacksApply = true;

    /** The config repository and log manager last read, with references to their tables. */
    private ?object $config = null;
    private mixed $configItems = null;
    private ?object $log = null;
    private mixed $logChannels = null;

    private function __construct(private Closure $laravel, private Container $app, private string $kind)
    {
        $this->watch = new ContainerWatch($app);
    }

    /** The closure to run before each job: the fast one where $laravel is a known closure. */
    public static function for(Closure $laravel, Container $app): Closure
    {
        try {
            $kind = self::KNOWN[SourceFingerprint::of(new ReflectionFunction($laravel)) ?? ''] ?? null;
        } catch (Throwable) {
            $kind = null;
        }
        if ($kind === null) {
            return $laravel;
        }
        $reset = new self($laravel, $app, $kind);

        return fn () => $reset->run();
    }

    public function run(): void
    {
        $log = $this->usable() ? $this->watch->instance('log') : null;
        if (! $log instanceof \Illuminate\Log\LogManager || $log::class !== \Illuminate\Log\LogManager::class) {
            ($this->laravel)();

            return;
        }
        // Every guard before any work: where one does not hold, Laravel's closure does it all.
        $channel = null;
        if (str_starts_with($this->kind, 'channel')) {
            $channel = $this->defaultChannel($log);
            if ($channel === null) {
                ($this->laravel)();

                return;
            }
        }
        $db = null;
        if ($this->kind !== 'channel') {
            $db = $this->watch->instance('db');
            if (! is_object($db) || $db::class !== \Illuminate\Database\DatabaseManager::class) {
                ($this->laravel)();

                return;
            }
        }
        if ($channel !== null) {
            if (method_exists($channel, 'withoutContext')) {
                $channel->withoutContext();
            }
        } else {
            if (method_exists($log, 'flushSharedContext')) {
                $log->flushSharedContext();
            }
            if (method_exists($log, 'withoutContext')) {
                $log->withoutContext();
            }
        }
        if ($db !== null && method_exists($db, 'getConnections')) {
            $forgetSticky = $this->kind === 'manager-peak-sticky' && \Illuminate\Queue\Worker::$flushStickyConnections;
            foreach ($db->getConnections() as $connection) {
                $connection->resetTotalQueryDuration();
                $connection->allowQueryDurationHandlersToRunAgain();
                if ($forgetSticky) {
                    $connection->forgetRecordModificationState();
                }
            }
        }
        $this->app->forgetScopedInstances();
        Facade::clearResolvedInstances();
        if (str_starts_with($this->kind, 'manager-peak')) {
            memory_reset_peak_usage();
        }
    }

    /** No resolving callback runs on make('log'), make('db'), make('config') or make('env'). */
    private function usable(): bool
    {
        $token = $this->watch->callbacksToken();
        if ($token !== $this->token) {
            $this->token = $token;
            $this->callbacksApply = $token === 'G' || $this->watch->hasCallbacksFor(['log', 'db', 'config', 'env']);
        }

        return ! $this->callbacksApply;
    }

    /**
     * 8.x: the logger $app['log']->driver() returns, when it exists already: the channel
     * logging.default names (or 'null' when that is unset under the testing environment).
     */
    private function defaultChannel(object $log): ?object
    {
        $config = $this->watch->instance('config');
        if (! is_object($config) || $config::class !== \Illuminate\Config\Repository::class) {
            return null;
        }
        if ($config !== $this->config) {
            $this->config = $config;
            // Private state: the config repository's $items. Guard: KNOWN, the fingerprint of
            // the reset-scope closure (only a known one gets here), and the class is exactly
            // Laravel's Repository.
            $this->configItems = &Closure::bind(fn &() => $this->items, $config, \Illuminate\Config\Repository::class)();
        }
        $items = $this->configItems;
        if (array_key_exists('logging.default', $items) || ! is_array($items['logging'] ?? [])) {
            return null;
        }
        $name = $items['logging']['default'] ?? null;
        if ($name === null && $this->watch->instance('env') === 'testing') {
            $name = 'null';
        }
        if (! is_string($name)) {
            return null;
        }
        if ($log !== $this->log) {
            $this->log = $log;
            // Private state: the log manager's $channels. Guard: KNOWN, as above.
            $this->logChannels = &Closure::bind(fn &() => $this->channels, $log, \Illuminate\Log\LogManager::class)();
        }

        return $this->logChannels[$name] ?? null;
    }
}
