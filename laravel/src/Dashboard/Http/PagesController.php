<?php

namespace FastQueue\Laravel\Dashboard\Http;

use Illuminate\Contracts\View\Factory as ViewFactory;
use Illuminate\Contracts\View\View;

/** The overview and workers pages, whole on the server; the script only refreshes them. */
class PagesController
{
    public function __construct(private DashboardData $data, private DashboardConfig $config, private QueuePause $pause, private ViewFactory $views)
    {
    }

    public function overview(): View
    {
        return $this->views->make('fastqueue::overview', [
            'overview' => $this->data->overview(),
            'refresh' => $this->config->refresh(),
            'pauseReason' => $this->pause->unavailableReason(),
        ]);
    }

    public function workers(): View
    {
        return $this->views->make('fastqueue::workers', [
            'workers' => $this->data->workers(),
            'refresh' => $this->config->refresh(),
        ]);
    }
}
