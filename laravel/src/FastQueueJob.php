<?php

namespace FastQueue\Laravel;

use FastQueue\Job as NativeJob;
use FastQueue\Laravel\Fast\HandlerReuse;
use Illuminate\Bus\Batchable;
use Illuminate\Bus\BatchRepository;
use Illuminate\Container\Container;
use Illuminate\Contracts\Events\Dispatcher;
use Illuminate\Contracts\Queue\Job as JobContract;
use Illuminate\Queue\Events\JobFailed;
use Illuminate\Queue\Jobs\Job;
use Illuminate\Queue\ManuallyFailedException;
use Throwable;

/**
 * A job reserved by the native worker, seen by Laravel as a queue job: fire(), failed(),
 * resolveName() and the rest are Laravel's own (Illuminate\Queue\Jobs\Job); the payload, the
 * attempts and the three ways a job ends (delete, release, fail) go to the native FastQueue\Job.
 *
 * Failing follows Laravel's Job::fail(): mark as failed; a job already deleted stops there;
 * otherwise remove it from the queue, call its failed() method and dispatch JobFailed (which
 * the command logs to the failed-job provider). Inside the worker the removal is the native
 * worker's fail path, which fires its 'failed' event; the bridge answers that event with
 * failedByWorker(), so whether the job, Laravel's middleware or the worker itself (out of
 * tries, retryUntil passed, timeout) fails the job, failed() runs once and JobFailed is
 * dispatched once.
 */
class FastQueueJob extends Job implements JobContract
{
    /** The native job. */
    protected NativeJob $native;

    /** fail() is asking the native job to fail: the worker's 'failed' event is ours. */
    private bool $failing = false;

    /** What fail() was given: failed() and JobFailed get it, not what the worker made of it. */
    private ?Throwable $failingWith = null;

    /** failed() has run and JobFailed has been dispatched. */
    private bool $failureHandled = false;

    /** What the job's failed() method threw, for fail() to rethrow as Laravel does. */
    private ?Throwable $failedError = null;

    public function __construct(Container $container, NativeJob $native, string $connectionName, private ?HandlerReuse $handlers = null)
    {
        $this->container = $container;
        $this->native = $native;
        $this->connectionName = $connectionName;
        $this->queue = $native->getQueue();
    }

    /** Laravel's resolve(), with the worker's one CallQueuedHandler where it may be reused. */
    protected function resolve($class)
    {
        return $this->handlers === null ? parent::resolve($class)
            : $this->handlers->resolve($class, fn () => parent::resolve($class));
    }

    public function getNativeJob(): NativeJob
    {
        return $this->native;
    }

    public function getJobId()
    {
        return $this->native->getJobId();
    }

    public function getRawBody()
    {
        return $this->native->getRawBody();
    }

    /**
     * The reserved copy in the :reserved set, as RedisJob::getReservedJob().
     *
     * @return string
     */
    public function getReservedJob()
    {
        return $this->native->getReservedJob();
    }

    /**
     * The decoded payload; the native job decodes it once.
     *
     * @return array<string, mixed>
     */
    public function payload()
    {
        return $this->native->payload();
    }

    public function attempts()
    {
        return $this->native->attempts();
    }

    public function uuid()
    {
        return $this->native->uuid();
    }

    public function maxTries()
    {
        return $this->native->maxTries();
    }

    public function maxExceptions()
    {
        return $this->native->maxExceptions();
    }

    public function timeout()
    {
        return $this->native->timeout();
    }

    public function retryUntil()
    {
        return $this->native->retryUntil(); // falls back to timeoutAt, as Laravel's Job does
    }

    public function shouldFailOnTimeout()
    {
        return $this->native->shouldFailOnTimeout();
    }

    // backoff() stays Laravel's: it returns the payload's "1,5,10" string (or int), which is
    // what Laravel's callers explode; the native job returns a list.

    public function delete()
    {
        parent::delete();

        // Inside the worker the native delete travels with the next reserve call. A job that
        // was released already is out of the reserved set: Laravel's ZREM would find nothing.
        if (! $this->native->isDeletedOrReleased()) {
            $this->native->delete();
        }
    }

    public function release($delay = 0)
    {
        parent::release($delay);

        // Releasing a job that is out of the reserved set already (released, deleted or
        // failed) does not throw in RedisJob, nor here; but where RedisJob adds the job to
        // :delayed again, the native rule holds: a job that left :reserved is never added
        // back (it could run twice), so the first release stands. A negative delay is due
        // now, as Laravel's availableAt() makes it.
        if (! $this->native->isDeletedOrReleased()) {
            $this->native->release(max(0, $this->secondsUntil($delay)));
        }
    }

    public function isDeleted()
    {
        return $this->deleted || $this->native->isDeleted();
    }

    public function isReleased()
    {
        return $this->released || $this->native->isReleased();
    }

    public function hasFailed()
    {
        return $this->failed || $this->native->hasFailed();
    }

    /**
     * Laravel's Job::fail(), with the removal done by the native job (inside the worker: its
     * fail path, which calls back failedByWorker()).
     */
    public function fail($e = null)
    {
        $wasDeleted = $this->isDeleted();
        $this->markAsFailed();
        if ($wasDeleted || $this->failureHandled) {
            return;
        }

        $this->failedError = null;
        $this->failing = true;
        $this->failingWith = $e;
        try {
            $this->native->fail($e);
        } finally {
            $this->failing = false;
            $this->failingWith = null;
        }
        // Outside a running worker the native job has no 'failed' event to call us back.
        // @phpstan-ignore booleanNot.alwaysTrue (the native fail() calls back into failedByWorker(), which sets it)
        if (! $this->failureHandled) {
            $this->runFailure($e);
        }
        if ($error = $this->takeFailedError()) {
            throw $error;
        }
    }

    /**
     * The native worker failed this job (its 'failed' event). When fail() asked for it, this
     * finishes fail(); otherwise the worker decided (tries used up, retryUntil passed, a job
     * that had already exceeded its attempts, a timeout), which is Laravel's Worker calling
     * $job->fail($e): a job the application deleted or failed itself is only marked.
     */
    public function failedByWorker(?Throwable $e): void
    {
        if ($this->failureHandled) {
            return;
        }
        if ($this->failing) {
            // fail() without an exception: the worker hands its listeners a Throwable of its
            // own, but Laravel calls failed(null) and dispatches a ManuallyFailedException.
            $this->runFailure($this->failingWith);

            return;
        }
        $skip = $this->deleted || $this->failed;
        $this->markAsFailed();
        if (! $skip) {
            $this->runFailure($e);
        }
    }

    /** fail() is failing the job now (the worker's 'failed' event comes from it). */
    public function isFailing(): bool
    {
        return $this->failing;
    }

    /** What the job's failed() method threw while failedByWorker() ran, once. */
    public function takeFailedError(): ?Throwable
    {
        [$error, $this->failedError] = [$this->failedError, null];

        return $error;
    }

    /**
     * What Laravel's Job::fail() does first for a job that timed out (TimeoutExceededException,
     * Laravel 10 and later), which may have stopped inside a database transaction that will
     * never commit: a batched job's batch repository rolls back (10 and later), and from 11 on
     * the failed-job database rolls back to level 0, so that the batch's counts and the
     * failed_jobs row are written and kept.
     */
    private function rollBackTimedOut(?Throwable $e): void
    {
        $timeout = 'Illuminate\\Queue\\TimeoutExceededException';
        if (! $e instanceof $timeout) {
            return;
        }
        $command = $this->payload()['data']['commandName'] ?? false;
        if ($command && class_exists($command) && in_array(Batchable::class, class_uses_recursive($command), true)) {
            try {
                $repository = $this->resolve(BatchRepository::class);
                if (method_exists($repository, 'rollBack')) {
                    $repository->rollBack();
                }
            } catch (Throwable) {
                // As Laravel: the failure goes on.
            }
        }
        if (method_exists($this, 'shouldRollBackDatabaseTransaction') && $this->shouldRollBackDatabaseTransaction($e)) {
            $this->container->make('db')
                ->connection($this->container['config']['queue.failed.database'])
                ->rollBack(0);
        }
    }

    /** Laravel's Job::fail() after the delete: the job's failed() method, then JobFailed. */
    private function runFailure(?Throwable $e): void
    {
        $this->failureHandled = true;
        $this->deleted = true;
        $this->rollBackTimedOut($e);

        try {
            $this->failed($e);
        } catch (Throwable $error) {
            $this->failedError = $error;
        } finally {
            $this->resolve(Dispatcher::class)->dispatch(new JobFailed(
                $this->connectionName, $this, $e ?: new ManuallyFailedException
            ));
        }
    }
}
