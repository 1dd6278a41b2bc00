<?php

namespace FastQueue\Laravel\Dashboard\Http;

use Illuminate\Contracts\Foundation\Application;

/**
 * Pausing a queue goes through Laravel's own queue manager, as queue:pause does, so every
 * worker that follows Laravel's pauses (queue:work and fastqueue:work) sees it. Laravel has
 * pause and resume from 12 on; before, the dashboard offers no such action.
 */
final class QueuePause
{
    public function __construct(private Application $app)
    {
    }

    public function available(): bool
    {
        $manager = $this->app->make('queue');

        return method_exists($manager, 'pause') && method_exists($manager, 'resume');
    }

    /** Why pause is not offered, for the page; null when it is. */
    public function unavailableReason(): ?string
    {
        return $this->available() ? null
            : 'Pausing a queue needs Laravel 12 or later (Queue::pause); this application runs Laravel '.$this->app->version().'.';
    }

    public function pause(string $connection, string $queue): void
    {
        $this->app->make('queue')->pause($connection, $queue);
    }

    public function resume(string $connection, string $queue): void
    {
        $this->app->make('queue')->resume($connection, $queue);
    }
}
