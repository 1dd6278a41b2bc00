<?php

namespace FastQueue\Laravel\Supervisor;

use Illuminate\Console\Events\CommandFinished;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Contracts\Foundation\Application;
use Symfony\Component\Console\Output\ConsoleOutputInterface;
use Throwable;

/**
 * php artisan queue:restart, for the supervisors: once it succeeded, sets the registry's restart
 * stamp too, so that every FastQueue supervisor restarts its pools one at a time (a rolling
 * restart), rather than every supervised worker stopping at once as queue:restart's cache key
 * would make them (they do not read it: FASTQUEUE_SUPERVISED). Nothing when the application has
 * no Redis connection for the registry (Registry::fromConfig).
 */
final class QueueRestartStamp
{
    public function __construct(private Application $app)
    {
    }

    public function handle(CommandFinished $event): void
    {
        if ($event->command !== 'queue:restart' || $event->exitCode !== 0) {
            return;
        }
        try {
            Registry::fromConfig($this->app['config'], $this->app['redis'])?->setStamp(Registry::RESTART_STAMP);
        } catch (Throwable $e) {
            // queue:restart did its part: say that the supervisors did not get theirs.
            $this->app->make(ExceptionHandler::class)->report($e);
            $output = $event->output instanceof ConsoleOutputInterface ? $event->output->getErrorOutput() : $event->output;
            $output->writeln('<error>The FastQueue supervisors\' restart stamp could not be set: '.$e->getMessage().'</error>');
        }
    }
}
