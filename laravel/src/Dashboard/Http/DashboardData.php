<?php

namespace FastQueue\Laravel\Dashboard\Http;

use FastQueue\Laravel\Dashboard\Data\Overview;
use FastQueue\Laravel\Dashboard\Data\Workers;
use Illuminate\Contracts\Foundation\Application;

/** Where the pages and their JSON get the figures: the web layer computes none itself. */
final class DashboardData
{
    public function __construct(private Application $app)
    {
    }

    /** @return array<string, mixed> */
    public function overview(): array
    {
        return (new Overview($this->app))->build();
    }

    /** @return array<string, mixed> */
    public function workers(): array
    {
        return (new Workers($this->app))->build();
    }
}
