<?php

namespace FastQueue\Laravel\Worker;

use Closure;
use FastQueue\Laravel\Fast\EventShortcut;
use FastQueue\Laravel\FastQueueJob;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Contracts\Events\Dispatcher;

/**
 * How the worker's queue events reach the application's dispatcher: only the events the running
 * Laravel has (the worker fires what queue:work fires in the same version), and each one the way
 * EventShortcut says it goes out now (not built when nobody listens, handed straight to
 * queue:work's output listener when that is its only one).
 */
final class QueueEvents
{
    public function __construct(
        public readonly Dispatcher $dispatcher,
        public readonly ExceptionHandler $exceptions,
        private ?EventShortcut $shortcut = null,
    ) {
    }

    /**
     * Dispatches the queue event Illuminate\Queue\Events\$name made by $make, when the running
     * Laravel has that event.
     *
     * @param  Closure(class-string): object  $make
     */
    public function dispatchIfExists(string $name, Closure $make): void
    {
        /** @var array<string, bool> $exists */
        static $exists = [];
        $class = 'Illuminate\\Queue\\Events\\'.$name;
        if ($exists[$class] ??= class_exists($class)) {
            $this->fire($class, fn () => $make($class));
        }
    }

    /**
     * How event $class goes out now (EventShortcut): null, nobody listens.
     *
     * @return (Closure(string, array<int, object>): mixed)|false|null
     */
    public function route(string $class): Closure|false|null
    {
        return $this->shortcut === null ? EventShortcut::DISPATCH : $this->shortcut->route($class);
    }

    /**
     * Dispatches the event $make builds, as Laravel's dispatch() would: not built when nobody
     * listens, given straight to queue:work's output listener when that is its only listener,
     * or, for the event of $job, that listener's line written without the event.
     *
     * @param  Closure(): object  $make
     */
    public function fire(string $class, Closure $make, ?FastQueueJob $job = null): void
    {
        $route = $this->route($class);
        if ($route === null) {
            return;
        }
        if ($route === EventShortcut::DISPATCH) {
            $this->dispatcher->dispatch($make());
        } elseif ($job !== null && ($line = $this->shortcut->line($class)) !== null) {
            $line($job);
        } else {
            $route($class, [$make()]);
        }
    }
}
