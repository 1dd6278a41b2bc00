<?php

namespace FastQueue\Laravel\Fast;

use Closure;
use Illuminate\Events\Dispatcher;
use ReflectionFunction;

/**
 * Which per-job queue events can skip Laravel's dispatch(): an event nobody listens to is not
 * built, and one whose only listener is queue:work's own output listener calls that listener
 * directly, as dispatch() would call it (and when that listener only writes the job's line,
 * its writeOutput() call is made without building the event). Laravel's dispatch() runs otherwise: a dispatcher
 * that is not Laravel's own (Event::fake() before the worker started, a subclass), any other
 * listener of the event, added at any time, a wildcard listener that matches it (or one not
 * yet matched against it), a listener of an interface the event implements, or events being
 * deferred (Laravel 12's Event::defer()).
 */
final class EventShortcut
{
    /** dispatch() must run. */
    public const DISPATCH = false;

    /**
     * The dispatcher's own tables, as references to its properties (read per job without a
     * call): listeners per event, wildcard listeners, which wildcards match an event, and
     * whether events are being deferred (Laravel 12 and later). Unset for another dispatcher.
     */
    private mixed $listeners = null;
    private mixed $wildcards = null;
    private mixed $wildcardsCache = null;
    private mixed $deferring = null;
    private bool $watching = false;

    /** @var array<string, array{object, Closure}> the command's listener per event, stored and callable */
    private array $own = [];

    /**
     * @var array<string, Closure> per event whose own listener is queue:work's output listener
     *                             (fingerprint in OUTPUT_LISTENERS): that listener's call of
     *                             writeOutput($job, $status), for the job without the event
     */
    private array $lines = [];

    /** @var array<string, bool> event classes that implement no interface */
    private array $plain = [];

    /**
     * queue:work's per-job output listeners by the fingerprint of their source, each only
     * `$this->writeOutput($event->job, STATUS);`, with their STATUS.
     */
    private const OUTPUT_LISTENERS = [
        '21ffce1368a7' => 'starting', // JobProcessing, 8.83 to 13.42 (the same text)
        'e53e43f791e5' => 'success',  // JobProcessed
    ];

    public function __construct(private object $events)
    {
        if ($events::class === Dispatcher::class) {
            // Private state: the dispatcher's $listeners, $wildcards, $wildcardsCache and (12 and
            // later) $deferringEvents. Guard: no source fingerprint; the class is exactly
            // Laravel's Dispatcher (docs/laravel.md, "Reaches into private state").
            $tables = Closure::bind(function (): array {
                $tables = [&$this->listeners, &$this->wildcards, &$this->wildcardsCache];
                if (property_exists($this, 'deferringEvents')) {
                    $tables[] = &$this->deferringEvents;
                }

                return $tables;
            }, $events, Dispatcher::class)();
            $this->listeners = &$tables[0];
            $this->wildcards = &$tables[1];
            $this->wildcardsCache = &$tables[2];
            if (isset($tables[3])) {
                $this->deferring = &$tables[3];
            }
            $this->watching = true;
        }
    }

    /**
     * The listeners $events holds per event name, as stored (for telling the command's apart).
     *
     * @return array<string, list<mixed>>
     */
    public static function snapshot(object $events): array
    {
        // Private state: the dispatcher's $listeners. Guard: no source fingerprint; the class
        // is exactly Laravel's Dispatcher.
        return $events::class === Dispatcher::class ? (fn () => $this->listeners)->call($events) : [];
    }

    /**
     * Notes the listeners added since $before (queue:work's listenForEvents()) as the command's
     * own, with how dispatch() calls them.
     *
     * @param  array<string, list<mixed>>  $before
     */
    public function ownSince(array $before): void
    {
        if (! $this->watching) {
            return;
        }
        foreach (self::snapshot($this->events) as $name => $listeners) {
            $added = array_slice($listeners, count($before[$name] ?? []));
            if (count($added) === 1 && class_exists($name) && class_implements($name) === []) {
                // Laravel 9 and later store listeners as given and wrap them when dispatching.
                $wraps = ! method_exists($this->events, 'prepareListeners');
                $callable = $wraps ? $added[0] : $this->events->makeListener($added[0]);
                $this->own[$name] = [$added[0], $callable];
                $line = self::outputLine($wraps ? ((new ReflectionFunction($added[0]))->getStaticVariables()['listener'] ?? null) : $added[0]);
                if ($line !== null) {
                    $this->lines[$name] = $line;
                }
            }
        }
    }

    /** What $listener does, as a call with the job alone, when it is a known output listener. */
    private static function outputLine(mixed $listener): ?Closure
    {
        if (! $listener instanceof Closure) {
            return null;
        }
        $function = new ReflectionFunction($listener);
        $status = self::OUTPUT_LISTENERS[SourceFingerprint::of($function) ?? ''] ?? null;
        $command = $function->getClosureThis();
        if ($status === null || $command === null) {
            return null;
        }

        // Private state: queue:work's protected writeOutput(). Guard: OUTPUT_LISTENERS, the
        // fingerprint of the listener that calls it.
        return Closure::bind(fn (object $job) => $this->writeOutput($job, $status), $command, $command::class);
    }

    /**
     * The command's output listener of event $name as a call with the job alone, when route()
     * gave that listener and it only writes the job's line; else null.
     */
    public function line(string $name): ?Closure
    {
        return $this->lines[$name] ?? null;
    }

    /**
     * For event class $name: null when nobody listens (skip it), the command's listener when it
     * is the only one (call it with ($name, [$event])), else DISPATCH.
     */
    public function route(string $name): Closure|false|null
    {
        if (! $this->watching) {
            return self::DISPATCH;
        }
        if (($this->wildcards !== [] && ($this->wildcardsCache[$name] ?? null) !== []) || ! empty($this->deferring)) {
            return self::DISPATCH;
        }
        $listeners = $this->listeners[$name] ?? [];
        if ($listeners === []) {
            // An event class that implements interfaces may have listeners through them.
            return ($this->plain[$name] ??= class_implements($name) === []) ? null : self::DISPATCH;
        }
        $own = $this->own[$name] ?? null;

        return $own !== null && count($listeners) === 1 && $listeners[0] === $own[0] ? $own[1] : self::DISPATCH;
    }
}
