<?php

namespace FastQueue\Laravel\Fast;

use Illuminate\Bus\Batchable;
use Illuminate\Contracts\Queue\Job;
use Illuminate\Queue\CallQueuedHandler;
use Illuminate\Queue\InteractsWithQueue;
use Throwable;

/**
 * Laravel's CallQueuedHandler, whose two per-job trait checks (does the command use
 * InteractsWithQueue, and Batchable) read the traits of the command's class once per class
 * instead of walking its parents and traits for every job (class_uses_recursive): a class's
 * traits never change. Everything else is CallQueuedHandler's own code. Only for the versions
 * of the two methods whose source is known (fingerprints), which do nothing for a command
 * without those traits; a batch job's success is still recorded by Laravel's own method.
 *
 * What differs from a handler Laravel builds: its class (get_class() of the resolved job),
 * and one more frame in a trace thrown from recording a batch job's success.
 */
final class CachedTraitsHandler extends CallQueuedHandler
{
    /** Fingerprints of setJobInstanceIfNecessary and ensureSuccessfulBatchJobIsRecorded. */
    private const KNOWN = [
        '1dd5236fea46' => true, // 8.83
        '7a4f594626ab' => true, // 10.23 to 12.72
        '4fd7bd12bec8' => true, // 13.26, 13.31, 13.42
    ];

    /** @var array<string, array<string, string>> the traits of each class seen, by class name */
    private array $traits = [];

    /** A handler like $handler (same dispatcher and container), or null where it cannot stand in. */
    public static function like(object $handler): ?self
    {
        try {
            if ($handler::class !== CallQueuedHandler::class || ! isset(self::KNOWN[self::fingerprint()])) {
                return null;
            }
            // Private state: CallQueuedHandler's $dispatcher and $container. Guard: KNOWN, the
            // fingerprint of its constructor and trait methods (fingerprint()).
            [$dispatcher, $container] = (fn () => [$this->dispatcher, $this->container])->call($handler);

            return new self($dispatcher, $container);
        } catch (Throwable) {
            return null;
        }
    }

    public static function fingerprint(): string
    {
        return substr(sha1(SourceFingerprint::methods(CallQueuedHandler::class, ['__construct', 'setJobInstanceIfNecessary', 'ensureSuccessfulBatchJobIsRecorded'])), 0, 12);
    }

    protected function setJobInstanceIfNecessary(Job $job, $instance)
    {
        if (isset($this->traitsOf($instance)[InteractsWithQueue::class])) {
            $instance->setJob($job);
        }

        return $instance;
    }

    protected function ensureSuccessfulBatchJobIsRecorded($command)
    {
        $uses = $this->traitsOf($command);
        if (isset($uses[Batchable::class], $uses[InteractsWithQueue::class])) {
            parent::ensureSuccessfulBatchJobIsRecorded($command);
        }
    }

    /**
     * @return array<string, string>
     */
    private function traitsOf(object|string $instance): array
    {
        $class = is_object($instance) ? $instance::class : $instance;

        return $this->traits[$class] ??= class_uses_recursive($class);
    }
}
