<?php

namespace FastQueue\Laravel\Worker;

use FastQueue\Laravel\FastQueueJob;
use FastQueue\MaxAttemptsExceededException as NativeMaxAttemptsExceededException;
use Illuminate\Queue\MaxAttemptsExceededException;
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

    /**
     * What queue:work fails such a job with in the running version: a job that ran past its
     * timeout gets TimeoutExceededException ("X has timed out.") where Laravel has it (10 and
     * later), else MaxAttemptsExceededException, made by Laravel's own forJob() where it has
     * one (10 and later: "X has been attempted too many times."), else with 8.x's message,
     * which the native worker's exception carries.
     */
    private function laravelException(Throwable $e, ?FastQueueJob $job, bool $timedOut): Throwable
    {
        $timeout = 'Illuminate\\Queue\\TimeoutExceededException';
        if ($job !== null && $timedOut && class_exists($timeout) && method_exists($timeout, 'forJob')) {
            return $timeout::forJob($job);
        }
        if ($job !== null && method_exists(MaxAttemptsExceededException::class, 'forJob')) {
            return $this->withCrash(MaxAttemptsExceededException::forJob($job), $job);
        }

        // 8.x's message is the native one, which names the crash already.
        return new MaxAttemptsExceededException($e->getMessage());
    }

    /**
     * Laravel's exception for a job whose last attempt ended its worker: its own sentence
     * first, then why that attempt ended it (the crash record the native job carries).
     */
    private function withCrash(MaxAttemptsExceededException $e, FastQueueJob $job): MaxAttemptsExceededException
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
}
