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

    /** Laravel's exception for $job's timeout (10 and later), as its timeout handler makes it. */
    public function timeoutException(FastQueueJob $job): Throwable
    {
        return \Illuminate\Queue\TimeoutExceededException::forJob($job);
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
            return MaxAttemptsExceededException::forJob($job);
        }

        return new MaxAttemptsExceededException($e->getMessage());
    }
}
