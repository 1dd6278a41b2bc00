<?php

namespace FastQueue\Laravel\Dashboard\Http;

use Illuminate\Http\RedirectResponse;
use Illuminate\Http\Request;

/** Pause and resume a queue (POST, CSRF, manageFastQueue): only on the shown connections. */
class QueueActionsController
{
    public function __construct(private QueuePause $pause, private DashboardConfig $config)
    {
    }

    public function pause(Request $request, string $connection, string $queue): RedirectResponse
    {
        $this->check($connection, $queue);
        $this->pause->pause($connection, $queue);

        return $this->back($request, "Paused {$connection}:{$queue}.");
    }

    public function resume(Request $request, string $connection, string $queue): RedirectResponse
    {
        $this->check($connection, $queue);
        $this->pause->resume($connection, $queue);

        return $this->back($request, "Resumed {$connection}:{$queue}.");
    }

    private function check(string $connection, string $queue): void
    {
        if (! $this->pause->available()) {
            abort(404);
        }
        if (! in_array($connection, $this->config->connections(), true) || $queue === '' || strlen($queue) > 255) {
            abort(404);
        }
    }

    private function back(Request $request, string $status): RedirectResponse
    {
        if ($request->hasSession()) {
            $request->session()->flash('fastqueue.status', $status);
        }

        return new RedirectResponse(route('fastqueue.overview'), 303);
    }
}
