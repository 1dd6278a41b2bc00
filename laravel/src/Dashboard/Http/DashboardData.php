<?php

namespace FastQueue\Laravel\Dashboard\Http;

use Illuminate\Contracts\Foundation\Application;

/**
 * Where the pages get their figures: Data\Overview and Data\Workers. Until they exist on
 * this branch, a fixture of the same shape (removed when they are merged).
 */
final class DashboardData
{
    public function __construct(private Application $app)
    {
    }

    /** @return array<string, mixed> */
    public function overview(): array
    {
        $class = 'FastQueue\\Laravel\\Dashboard\\Data\\Overview';

        return class_exists($class) ? (new $class($this->app))->build() : Fixture::overview();
    }

    /** @return array<string, mixed> */
    public function workers(): array
    {
        $class = 'FastQueue\\Laravel\\Dashboard\\Data\\Workers';

        return class_exists($class) ? (new $class($this->app))->build() : Fixture::workers();
    }
}
