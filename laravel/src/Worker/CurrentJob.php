<?php

namespace FastQueue\Laravel\Worker;

use FastQueue\Job as NativeJob;
use FastQueue\Laravel\Fast\HandlerReuse;
use FastQueue\Laravel\FastQueueJob;
use FastQueue\Laravel\QueueNames;
use FastQueue\Laravel\RedisQueueFactory;
use FastQueue\Laravel\WorkerSettings;
use Illuminate\Container\Container;
use Throwable;

/**
 * The Laravel job (FastQueueJob) of the native job running now, made once, so that every event
 * of one job sees the same object; and the queues' names, as Laravel names them and as the
 * native worker reads them.
 */
final class CurrentJob
{
    /** The job running now (or last). */
    private ?FastQueueJob $current = null;

    /** The one CallQueuedHandler the jobs share while the container allows it. */
    private HandlerReuse $handlers;

    /** The queues as Laravel names them and as the native worker reads them (QueueNames). */
    private ?QueueNames $names = null;

    /** The connection worked, which the worker's events name (a failover connection's too). */
    public readonly string $connectionName;

    /** The connection the jobs carry (a failover connection's first member: WorkerSettings). */
    public readonly string $jobConnectionName;
    private string $queueNames;

    public function __construct(private Container $container, WorkerSettings $settings)
    {
        $this->connectionName = $settings->connectionName;
        $this->jobConnectionName = $settings->jobConnectionName;
        $this->queueNames = $settings->queueNames;
        $this->handlers = new HandlerReuse($container);
    }

    public function of(NativeJob $native): FastQueueJob
    {
        if ($this->current === null || $this->current->getNativeJob() !== $native) {
            $this->current = new FastQueueJob($this->container, $native, $this->jobConnectionName, $this->handlers);
            // The name Laravel's job would have: the worker's, not the forward's or the tag's.
            // ($queue of Laravel's Job, which FastQueueJob extends: its own property, set as
            // RedisJob's constructor sets it; not Laravel's private state, no fingerprint.)
            if ($this->names()->differ()) {
                $name = $this->names()->toLaravel($native->getQueue());
                (function () use ($name) { $this->queue = $name; })->call($this->current);
            }
        }

        return $this->current;
    }

    /** Laravel 13 reads forwarded queues, and on a cluster hash-tagged ones, from other keys. */
    public function names(): QueueNames
    {
        if ($this->names === null) {
            try {
                $cluster = isset($this->container->make(RedisQueueFactory::class)->options($this->jobConnectionName)['cluster']);
            } catch (Throwable $e) {
                $cluster = false;
            }
            // The Redis queue's own names (its forwards): the member's, under a failover.
            $this->names = QueueNames::for($this->container, $this->jobConnectionName, $this->queueNames, $cluster);
        }

        return $this->names;
    }
}
