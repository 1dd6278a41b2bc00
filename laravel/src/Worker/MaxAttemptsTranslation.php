<?php

namespace FastQueue\Laravel\Worker;

use FastQueue\Laravel\FastQueueJob;
use FastQueue\MaxAttemptsExceededException as NativeMaxAttemptsExceededException;
use Illuminate\Queue\MaxAttemptsExceededException;
use Illuminate\Queue\Worker;
use Throwable;

/**
 * The native worker's own "attempted too many times" exception becomes Laravel's, with the same
 * message, so listeners and the failed_jobs table see the class queue:work would give.
 */
final class MaxAttemptsTranslation
{
    /** The last native exception translated, and what it became. */
    private ?Throwable $from = null;
    private ?Throwable $to = null;

    /**
     * $e as queue:work would have it for $job (the job running now), which timed out when
     * $timedOut: other exceptions are left as they are.
     */
    public function translate(Throwable $e, ?FastQueueJob $job, bool $timedOut): Throwable
    {
        if (! $e instanceof NativeMaxAttemptsExceededException) {
            return $e;
        }
        if ($this->from !== $e || $this->to === null) {
            $this->from = $e;
            $this->to = $this->laravelException($e, $job, $timedOut);
        }

        return $this->to;
    }

    /** Laravel's exception for $job's timeout (10 and later), as its timeout handler makes it. */
    public function timeoutException(FastQueueJob $job): Throwable
    {
        return \Illuminate\Queue\TimeoutExceededException::forJob($job);
    }

    /**
     * What queue:work fails such a job with in the running version, made by its own worker's
     * methods: a job that ran past its timeout gets what its timeout handler makes
     * (TimeoutExceededException "X has timed out." from 10 on), any other the "attempted too
     * many times" exception of its maxAttemptsExceededException(), whose message differs
     * between versions (8.x's long one; from 10 on the short one, which the worker writes
     * itself in 10's first minors and forJob() later), followed by the cause when the last
     * attempt ended its worker. Without Laravel's worker, 8.x's message, which the native
     * worker's exception carries.
     */
    private function laravelException(Throwable $e, ?FastQueueJob $job, bool $timedOut): Throwable
    {
        $worker = $job === null ? null : self::laravelWorker($job);
        if ($worker !== null) {
            // Protected methods of Laravel's Worker. Guard: method_exists(); the timeout's is
            // spelt timoutExceededException in 10's first minors (10.23; 10.31 has the right
            // name) and is absent from 8.x, whose timeout handler fails a job as one attempted
            // too many times.
            $makers = $timedOut ? ['timeoutExceededException', 'timoutExceededException'] : [];
            foreach ([...$makers, 'maxAttemptsExceededException'] as $maker) {
                if (method_exists($worker, $maker)) {
                    $made = (fn () => $this->{$maker}($job))->call($worker);
                    if ($made instanceof MaxAttemptsExceededException && $maker === 'maxAttemptsExceededException') {
                        return self::withCrash($made, $job);
                    }
                    if ($made instanceof Throwable) {
                        return $made;
                    }
                }
            }
        }

        // Without Laravel's worker: 8.x's message, the native one, which names the crash already.
        return new MaxAttemptsExceededException($e->getMessage());
    }

    /**
     * Laravel's exception for a job whose last attempt ended its worker: its own sentence
     * first, then why that attempt ended it (the crash record the native job carries).
     */
    public static function withCrash(MaxAttemptsExceededException $e, FastQueueJob $job): MaxAttemptsExceededException
    {
        $crash = $job->getNativeJob()->previousCrash();
        if ($crash === null) {
            return $e;
        }
        $with = new MaxAttemptsExceededException($e->getMessage() . ' ' . $crash, $e->getCode(), $e->getPrevious());
        if (property_exists($e, 'job')) {
            $with->job = $e->job;
        }

        return $with;
    }

    /** The worker queue:work runs on ('queue.worker'), null where the container has none. */
    private static function laravelWorker(FastQueueJob $job): ?Worker
    {
        try {
            $worker = $job->getContainer()->make('queue.worker');
        } catch (Throwable) {
            return null;
        }

        return $worker instanceof Worker ? $worker : null;
    }
}
