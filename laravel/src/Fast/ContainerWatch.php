<?php

namespace FastQueue\Laravel\Fast;

use Closure;
use Illuminate\Container\Container;

/**
 * Reads the container's own tables (instances, aliases, bindings, callbacks), for guards that
 * must cost little per job: it holds references to the container's properties, so a reading
 * is a few array lookups, where make() runs a resolution.
 */
final class ContainerWatch
{
    /** The container's tables that are read by key (references to its properties). */
    private mixed $instances = [];
    private mixed $aliases = [];
    private mixed $bindings = [];
    private mixed $extenders = [];
    private mixed $contextual = [];

    /**
     * @var array<string, mixed> the resolving callback tables (before, on, after; for every
     *                           type and per type), as references, by property name
     */
    private array $callbacks = [];

    /** @var array<string, array<string, mixed>> the per-type callback tables as last seen, and their version */
    private array $seen = [];
    private int $version = 0;

    private const KEYED = ['instances', 'aliases', 'bindings', 'extenders', 'contextual'];
    private const GLOBAL_CALLBACKS = ['globalBeforeResolvingCallbacks', 'globalResolvingCallbacks', 'globalAfterResolvingCallbacks'];
    private const TYPE_CALLBACKS = ['beforeResolvingCallbacks', 'resolvingCallbacks', 'afterResolvingCallbacks'];

    public function __construct(Container $container)
    {
        // Private state: the container's binding and callback tables (KEYED, GLOBAL_CALLBACKS,
        // TYPE_CALLBACKS), each only where property_exists(). Guard: no source fingerprint;
        // the container is Laravel's Illuminate\Container\Container (a subclass too: the
        // tables are its own), and a table's meaning is the same from 8.83 to 13.42.
        $tables = Closure::bind(function (array $names): array {
            $tables = [];
            foreach ($names as $name) {
                if (property_exists($this, $name)) {
                    $tables[$name] = &$this->$name;
                }
            }

            return $tables;
        }, $container, Container::class)([...self::KEYED, ...self::GLOBAL_CALLBACKS, ...self::TYPE_CALLBACKS]);
        foreach (self::KEYED as $name) {
            if (array_key_exists($name, $tables)) {
                $this->$name = &$tables[$name];
            }
        }
        foreach ([...self::GLOBAL_CALLBACKS, ...self::TYPE_CALLBACKS] as $name) {
            if (array_key_exists($name, $tables)) {
                $this->callbacks[$name] = &$tables[$name];
            }
        }
    }

    /** The shared instance make($abstract) returns now (an object, or a value such as 'env'), or null. */
    public function instance(string $abstract): mixed
    {
        while (! isset($this->instances[$abstract]) && isset($this->aliases[$abstract])) {
            $abstract = $this->aliases[$abstract];
        }

        return $this->instances[$abstract] ?? null;
    }

    /** No binding, extender, alias or contextual rule of the application's for $abstract. */
    public function buildsPlainly(string $abstract): bool
    {
        return ! isset($this->bindings[$abstract]) && ! isset($this->extenders[$abstract])
            && ! isset($this->contextual[$abstract]) && ! isset($this->aliases[$abstract]);
    }

    /**
     * 'G' when a resolving callback for every type exists; else a number that changes whenever
     * a per-type callback table does (an unchanged table is the same array: one comparison).
     */
    public function callbacksToken(): string|int
    {
        foreach (self::GLOBAL_CALLBACKS as $name) {
            if (($this->callbacks[$name] ?? []) !== []) {
                return 'G';
            }
        }
        foreach (self::TYPE_CALLBACKS as $name) {
            if (($this->callbacks[$name] ?? []) !== ($this->seen[$name] ?? [])) {
                foreach (self::TYPE_CALLBACKS as $each) {
                    $this->seen[$each] = $this->callbacks[$each] ?? [];
                }

                return ++$this->version;
            }
        }

        return $this->version;
    }

    /**
     * Whether a resolving callback (before, on or after) applies to one of the class names $types.
     *
     * @param  list<string>  $types
     */
    public function hasCallbacksFor(array $types): bool
    {
        foreach (self::TYPE_CALLBACKS as $name) {
            foreach (array_keys($this->callbacks[$name] ?? []) as $key) {
                foreach ($types as $type) {
                    if ($key === $type || is_a($type, (string) $key, true)) {
                        return true;
                    }
                }
            }
        }

        return false;
    }
}
