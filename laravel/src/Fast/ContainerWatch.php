<?php

namespace FastQueue\Laravel\Fast;

use Closure;
use Illuminate\Container\Container;

/**
 * Reads the container's own tables (instances, aliases, bindings, callbacks), for guards that
 * must cost little per job: a reading is a few array lookups, where make() runs a resolution.
 */
final class ContainerWatch
{
    private Closure $instance;
    private Closure $plain;
    private Closure $token;
    private Closure $callbacksFor;

    public function __construct(Container $container)
    {
        $this->instance = Closure::bind(function (string $abstract): mixed {
            while (! isset($this->instances[$abstract]) && isset($this->aliases[$abstract])) {
                $abstract = $this->aliases[$abstract];
            }

            return $this->instances[$abstract] ?? null;
        }, $container, Container::class);
        // No binding, extender or contextual rule of the application's for $abstract.
        $this->plain = Closure::bind(fn (string $abstract): bool => ! isset($this->bindings[$abstract])
            && ! isset($this->extenders[$abstract]) && ! isset($this->contextual[$abstract]) && ! isset($this->aliases[$abstract]),
            $container, Container::class);
        // Changes whenever a resolving callback (before, on, after) is added for every type or
        // for a type that had none; 'G' when one for every type exists.
        $this->token = Closure::bind(function (): string {
            if (($this->globalResolvingCallbacks ?? []) !== [] || ($this->globalAfterResolvingCallbacks ?? []) !== []
                || ($this->globalBeforeResolvingCallbacks ?? []) !== []) {
                return 'G';
            }

            return count($this->resolvingCallbacks ?? []).','.count($this->afterResolvingCallbacks ?? []).','
                .count($this->beforeResolvingCallbacks ?? []);
        }, $container, Container::class);
        $this->callbacksFor = Closure::bind(function (array $types): bool {
            foreach ([$this->resolvingCallbacks ?? [], $this->afterResolvingCallbacks ?? [], $this->beforeResolvingCallbacks ?? []] as $table) {
                foreach (array_keys($table) as $key) {
                    foreach ($types as $type) {
                        if ($key === $type || is_a($type, (string) $key, true)) {
                            return true;
                        }
                    }
                }
            }

            return false;
        }, $container, Container::class);
    }

    /** The shared instance make($abstract) returns now (an object, or a value such as 'env'), or null. */
    public function instance(string $abstract): mixed
    {
        return ($this->instance)($abstract);
    }

    public function buildsPlainly(string $abstract): bool
    {
        return ($this->plain)($abstract);
    }

    public function callbacksToken(): string
    {
        return ($this->token)();
    }

    /** Whether a resolving callback (before, on or after) applies to one of the class names $types. */
    public function hasCallbacksFor(array $types): bool
    {
        return ($this->callbacksFor)($types);
    }
}
