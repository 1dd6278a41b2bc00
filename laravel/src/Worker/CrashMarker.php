<?php

namespace FastQueue\Laravel\Worker;

use FastQueue\Laravel\FastQueueJob;
use Illuminate\Queue\MaxAttemptsExceededException;
use Illuminate\Support\Carbon;

/**
 * Laravel 13.42's #[CountCrashesAsExceptions] (the payload's countCrashesAsExceptions): while a
 * job that asks for it runs, the worker's cache holds the marker job-processing:<uuid>, added
 * before the job fires and forgotten when its attempt ends (and before a timeout ends the
 * worker). A marker found before an attempt is an attempt that never ended: it counts as one of
 * the job's exceptions, and when that uses up its maxExceptions the job is failed with "has
 * been attempted too many times." before it fires.
 *
 * The marker is the same key in the same cache as queue:work's, so that a fleet of both workers
 * on one queue counts a crash once; the count itself goes where FastQueue counts a job's
 * exceptions (ExceptionCount).
 *
 * @internal  a part of LaravelWorker; made only where the running version has the attribute
 *            and the command a cache (queue:work's $cache), so other versions pay nothing per job
 */
final class CrashMarker
{
    /** The job beforeFire() last saw, and whether it asks for the marker (read once per job). */
    private ?FastQueueJob $checked = null;
    private bool $checkedAsks = false;

    private function __construct(private object $cache, private ExceptionCount $count)
    {
    }

    public static function forWorker(?object $cache, ExceptionCount $count): ?self
    {
        if ($cache === null || ! class_exists('Illuminate\\Queue\\Attributes\\CountCrashesAsExceptions')) {
            return null;
        }

        return new self($cache, $count);
    }

    /**
     * Before the job fires: the marker added, or, when the last attempt left its marker, that
     * crash counted; the exception to fail the job with when the crash used up its maxExceptions.
     */
    public function beforeFire(FastQueueJob $job): ?\Throwable
    {
        $this->checked = $job;
        if (! ($this->checkedAsks = $this->asks($job)) || ($uuid = $job->uuid()) === null) {
            return null;
        }
        if ($this->cache->add('job-processing:'.$uuid, true, Carbon::now()->addDay())) {
            return null;
        }
        if (! $this->count->usedUp($job)) {
            return null;
        }
        // Laravel's sentence, then why the unfinished attempt ended its worker, where the
        // native worker recorded it: the marker says that it did not finish, the record why.
        $e = MaxAttemptsTranslation::withCrash(MaxAttemptsExceededException::forJob($job), $job);
        $job->fail($e);

        return $job->hasFailed() ? $e : null;
    }

    /**
     * The attempt ended (or a timeout ends the worker): its marker goes. (A job without
     * maxExceptions has none to forget: no worker adds one for it.)
     */
    public function forget(FastQueueJob $job): void
    {
        if ($job === $this->checked ? $this->checkedAsks : $this->asks($job)) {
            $this->cache->forget('job-processing:'.$job->uuid());
        }
    }

    /**
     * Whether the job keeps a marker: its payload's countCrashesAsExceptions, for a job with a
     * maxExceptions (queue:work neither adds nor counts one without). That comes first, as the
     * native job has it at hand: the flag is in every 13.42 payload (false unless the job asks),
     * and reading it means decoding the payload, or searching it, for each job.
     */
    private function asks(FastQueueJob $job): bool
    {
        return $job->maxExceptions() !== null
            && (bool) ($job->payload()['countCrashesAsExceptions'] ?? false);
    }
}
