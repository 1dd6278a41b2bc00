<?php

namespace FastQueue\Laravel;

use FastQueue\Laravel\Console\MetricsCommand;
use FastQueue\Laravel\Console\SuperviseCommand;
use FastQueue\Laravel\Console\StatusCommand;
use FastQueue\Laravel\Console\TerminateCommand;
use FastQueue\Laravel\Console\WorkCommand;
use FastQueue\Laravel\Dashboard\Http\DashboardConfig;
use FastQueue\Laravel\Dashboard\Http\Middleware\Authorize;
use FastQueue\Laravel\Dashboard\Http\Middleware\SecurityHeaders;
use FastQueue\Laravel\Supervisor\QueueRestartStamp;
use Illuminate\Console\Events\CommandFinished;
use Illuminate\Contracts\Foundation\CachesRoutes;
use Illuminate\Support\ServiceProvider;

/**
 * Registers php artisan fastqueue:work, fastqueue:metrics, fastqueue:supervise, fastqueue:status and
 * fastqueue:terminate, queue:restart's restart stamp for the supervisors, and the dashboard's pages. Discovered by composer through extra.laravel.providers;
 * without composer (Laravel from Debian's packages), require laravel/autoload.php and list this
 * class in the 'providers' of config/app.php.
 */
class FastQueueServiceProvider extends ServiceProvider
{
    public function register()
    {
        // config/fastqueue.php: the application's copy over the package's, section by section.
        $this->mergeConfigFrom(__DIR__.'/../config/fastqueue.php', 'fastqueue');

        $this->app->singleton(RedisQueueFactory::class, function ($app) {
            return new RedisQueueFactory($app['config']);
        });

        // As ArtisanServiceProvider makes queue:work, which this command extends.
        $this->app->singleton(WorkCommand::class, function ($app) {
            return new WorkCommand($app['queue.worker'], $app['cache.store']);
        });
    }

    /** @return void */
    public function boot()
    {
        if ($this->app->runningInConsole()) {
            $this->commands([WorkCommand::class, MetricsCommand::class, SuperviseCommand::class, StatusCommand::class,
                TerminateCommand::class]);
            // config/fastqueue.php for vendor:publish --tag=fastqueue-config.
            $this->publishes([__DIR__.'/../config/fastqueue.php' => $this->app->configPath('fastqueue.php')], 'fastqueue-config');
        }
        // queue:restart also sets the supervisors' restart stamp (Artisan::call() from a route too).
        $this->app['events']->listen(CommandFinished::class, QueueRestartStamp::class);
        $this->bootDashboard();
    }

    /**
     * The dashboard's views (fastqueue::) and, when it is enabled, its routes in one group.
     * SecurityHeaders comes first so that every answer of the group has the headers, the
     * configured middleware's (a 419) and the gate's (a 403) too. Skipped when the routes
     * are cached: the cache holds them.
     */
    private function bootDashboard(): void
    {
        $this->loadViewsFrom(__DIR__.'/../resources/views', 'fastqueue');
        $config = new DashboardConfig($this->app['config']);
        if (! $config->enabled() || ($this->app instanceof CachesRoutes && $this->app->routesAreCached())) {
            return;
        }
        $group = [
            'prefix' => $config->path(),
            'middleware' => array_merge([SecurityHeaders::class], $config->middleware(), [Authorize::class]),
            'as' => 'fastqueue.',
        ];
        if ($config->domain() !== null) {
            $group['domain'] = $config->domain();
        }
        $router = $this->app['router'];
        $router->group($group, __DIR__.'/../routes/dashboard.php');
        // Names given after a route is added are looked up once refreshed: an application
        // without Laravel's RouteServiceProvider (which does it once booted) needs this.
        $this->app->booted(static function () use ($router): void {
            $router->getRoutes()->refreshNameLookups();
        });
    }
}
