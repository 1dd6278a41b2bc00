<?php

namespace FastQueue\Laravel\Fast;

use Closure;
use Illuminate\Container\Container;

/**
 * One CallQueuedHandler for every dispatched job (a CachedTraitsHandler where that applies), where Laravel's Job::resolve() builds one per
 * job through the container (reflection of its constructor, its two dependencies resolved).
 * The handler keeps nothing of a job; what the container would give it is checked before each
 * reuse, and any change builds it through the container again:
 * - the bus dispatcher the container holds now (Bus::fake() swaps it) and the container itself;
 * - no binding, extender, alias or contextual rule for the handler class;
 * - no resolving, afterResolving or beforeResolving callback for every type, or for the
 *   handler, the dispatcher or the container (those run on each make() in Laravel).
 */
final class HandlerReuse
{
    public const HANDLER = 'Illuminate\\Queue\\CallQueuedHandler';
    private const BUS = 'Illuminate\\Contracts\\Bus\\Dispatcher';
    private const CONTAINER = 'Illuminate\\Contracts\\Container\\Container';

    private ?object $handler = null;
    private ?object $dispatcher = null;
    private string|int|null $token = null;
    private bool $callbacksApply = true;
    private ContainerWatch $watch;

    public function __construct(private Container $container)
    {
        $this->watch = new ContainerWatch($container);
    }

    /** The handler for $class: the kept one when nothing changed, else what $make builds. */
    public function resolve(string $class, Closure $make): object
    {
        if ($class !== self::HANDLER) {
            return $make();
        }
        if (! $this->unchanged()) {
            $this->handler = null;

            return $make();
        }
        if ($this->handler === null) {
            $made = $make();
            if ($made::class !== self::HANDLER) {
                return $made; // not Laravel's own class: one per job, as Laravel makes it
            }
            // Kept, as one that reads each class's traits once where that applies.
            $this->handler = CachedTraitsHandler::like($made) ?? $made;
        }

        return $this->handler;
    }

    private function unchanged(): bool
    {
        $token = $this->watch->callbacksToken();
        $dispatcher = $this->watch->instance(self::BUS);
        // Decided again when the callbacks change or the bus dispatcher does: the first job
        // makes it (BusServiceProvider is deferred), Bus::fake() swaps it.
        if ($token !== $this->token || $dispatcher !== $this->dispatcher) {
            $this->token = $token;
            $this->dispatcher = $dispatcher;
            $this->callbacksApply = $token === 'G' || ! is_object($dispatcher) || $this->watch->hasCallbacksFor(
                [self::HANDLER, self::BUS, $dispatcher::class, self::CONTAINER, $this->container::class]);
            $this->handler = null;
        }

        return ! $this->callbacksApply
            && $this->watch->instance(self::CONTAINER) === $this->container
            && $this->watch->buildsPlainly(self::HANDLER);
    }
}
