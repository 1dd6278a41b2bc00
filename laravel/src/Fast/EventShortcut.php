<?php

namespace FastQueue\Laravel\Fast;

use Closure;
use Illuminate\Events\Dispatcher;

/**
 * Which per-job queue events can skip Laravel's dispatch(): an event nobody listens to is not
 * built, and one whose only listener is queue:work's own output listener calls that listener
 * directly, as dispatch() would call it. Laravel's dispatch() runs otherwise: a dispatcher
 * that is not Laravel's own (Event::fake() before the worker started, a subclass), any other
 * listener of the event, added at any time, a wildcard listener that matches it (or one not
 * yet matched against it), a listener of an interface the event implements, or events being
 * deferred (Laravel 12's Event::defer()).
 */
final class EventShortcut
{
    /** dispatch() must run. */
    public const DISPATCH = false;

    private ?Closure $read = null;

    /** @var array<string, array{object, Closure}> the command's listener per event, stored and callable */
    private array $own = [];

    /** @var array<string, bool> event classes that implement no interface */
    private array $plain = [];

    public function __construct(private object $events)
    {
        if ($events::class === Dispatcher::class) {
            $this->read = Closure::bind(function (string $name): array {
                $wildcardsMatch = $this->wildcards !== [] && ($this->wildcardsCache[$name] ?? null) !== [];

                return [$wildcardsMatch || ! empty($this->deferringEvents), $this->listeners[$name] ?? []];
            }, $events, Dispatcher::class);
        }
    }

    /** The listeners $events holds per event name, as stored (for telling the command's apart). */
    public static function snapshot(object $events): array
    {
        return $events::class === Dispatcher::class ? (fn () => $this->listeners)->call($events) : [];
    }

    /**
     * Notes the listeners added since $before (queue:work's listenForEvents()) as the command's
     * own, with how dispatch() calls them.
     */
    public function ownSince(array $before): void
    {
        if ($this->read === null) {
            return;
        }
        foreach (self::snapshot($this->events) as $name => $listeners) {
            $added = array_slice($listeners, count($before[$name] ?? []));
            if (count($added) === 1 && class_exists($name) && class_implements($name) === []) {
                // Laravel 9 and later store listeners as given and wrap them when dispatching.
                $callable = method_exists($this->events, 'prepareListeners') ? $this->events->makeListener($added[0]) : $added[0];
                $this->own[$name] = [$added[0], $callable];
            }
        }
    }

    /**
     * For event class $name: null when nobody listens (skip it), the command's listener when it
     * is the only one (call it with ($name, [$event])), else DISPATCH.
     */
    public function route(string $name): Closure|false|null
    {
        if ($this->read === null) {
            return self::DISPATCH;
        }
        [$wildcards, $listeners] = ($this->read)($name);
        if ($wildcards) {
            return self::DISPATCH;
        }
        if ($listeners === []) {
            // An event class that implements interfaces may have listeners through them.
            return ($this->plain[$name] ??= class_implements($name) === []) ? null : self::DISPATCH;
        }
        $own = $this->own[$name] ?? null;

        return $own !== null && count($listeners) === 1 && $listeners[0] === $own[0] ? $own[1] : self::DISPATCH;
    }
}
