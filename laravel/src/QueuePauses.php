<?php

namespace FastQueue\Laravel;

use FastQueue\Worker;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Contracts\Events\Dispatcher;
use Illuminate\Queue\Worker as LaravelQueueWorker;
use Throwable;

/**
 * Laravel's paused queues for fastqueue:work (Laravel 12 and later): Queue::pause(),
 * pauseFor(), queue:pause, and on 13 pauseAll() (queue:pause --all). Before each pop,
 * Laravel's worker asks the queue manager which of its queues are paused and pops only from
 * the others (13 also announces each queue that became paused or resumed, WorkerQueuePaused
 * and WorkerQueueResumed, and queue:work prints a line for each). Here the same question goes
 * to the same manager methods, and the native worker is told which queues to leave out
 * (FastQueue\Worker::skipQueues()).
 *
 * Laravel asks before every pop: on 12 one cache read per queue, on 13 two (the pause-all flag,
 * then one read of every queue's key). A busy native worker runs several jobs in the time of
 * such a read, so the answer is kept for POLL_INTERVAL: a queue paused while the worker is busy
 * stops being worked within a second (the same trade as the restart poll). The first round asks.
 */
class QueuePauses
{
    /** Seconds an answer is kept. */
    public const POLL_INTERVAL = 1.0;

    /** @var list<string> the paused queues of the last answer, in the worker's order */
    private array $paused = [];

    private float $nextCheck = 0.0;

    /** @var list<string> the worker's queues */
    private array $queues;

    private function __construct(
        private object $manager,
        private Dispatcher $events,
        private ExceptionHandler $exceptions,
        private string $connectionName,
        string $queueNames,
        private Worker $worker,
        private ?QueueNames $names,
    ) {
        $this->queues = array_values(array_filter(array_map('trim', explode(',', $queueNames)), fn (string $queue): bool => $queue !== ''));
    }

    /**
     * The pause check of the running Laravel for this worker, or null when it has none: before
     * 12, or with the pause poll turned off (Queue::withoutInterruptionPolling(), which sets
     * Worker::$pausable to false), as Laravel's worker then never asks.
     */
    public static function forWorker(object $manager, Dispatcher $events, ExceptionHandler $exceptions, string $connectionName, string $queueNames, Worker $worker, ?QueueNames $names = null): ?self
    {
        if (! property_exists(LaravelQueueWorker::class, 'pausable') || ! WorkerSettings::pausable()) {
            return null;
        }
        if (! method_exists($manager, 'getPausedQueues') && ! method_exists($manager, 'isPaused')) {
            return null;
        }

        return new self($manager, $events, $exceptions, $connectionName, $queueNames, $worker, $names);
    }

    /** Before a pop: which queues are paused now, announced (13) and handed to the worker. */
    public function check(): void
    {
        $now = hrtime(true) / 1e9;
        if ($now < $this->nextCheck) {
            return;
        }
        $this->nextCheck = $now + static::POLL_INTERVAL;

        try {
            $paused = $this->pausedQueues();
        } catch (Throwable $e) {
            // Laravel's getNextJob reports it and pops nothing this round; the last answer
            // stands here, and the next round asks again.
            $this->exceptions->report($e);
            $this->nextCheck = 0.0;

            return;
        }

        foreach (array_diff($paused, $this->paused) as $queue) {
            $this->dispatchIfExists('WorkerQueuePaused', $queue);
        }
        foreach (array_diff($this->paused, $paused) as $queue) {
            $this->dispatchIfExists('WorkerQueueResumed', $queue);
        }
        if ($paused !== $this->paused) {
            $this->worker->skipQueues($this->names ? $this->names->toNative($paused) : $paused);
        }
        $this->paused = $paused;
    }

    /**
     * The worker's queues that the manager says are paused, in the worker's order.
     *
     * @return list<string>
     */
    private function pausedQueues(): array
    {
        if (method_exists($this->manager, 'getPausedQueues')) {
            // 13: one read of the pause-all flag, then of every queue's key.
            $paused = array_flip(array_map('strval', (array) $this->manager->getPausedQueues($this->connectionName, $this->queues)));

            return array_values(array_filter($this->queues, fn ($queue) => isset($paused[$queue])));
        }

        // 12: one read per queue.
        return array_values(array_filter($this->queues, fn ($queue) => (bool) $this->manager->isPaused($this->connectionName, $queue)));
    }

    private function dispatchIfExists(string $name, string $queue): void
    {
        $class = 'Illuminate\\Queue\\Events\\'.$name;
        if (class_exists($class)) {
            try {
                $this->events->dispatch(new $class($this->connectionName, $queue));
            } catch (Throwable $e) {
                $this->exceptions->report($e);
            }
        }
    }
}
