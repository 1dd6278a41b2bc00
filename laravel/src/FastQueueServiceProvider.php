<?php

namespace FastQueue\Laravel;

use FastQueue\Laravel\Console\MetricsCommand;
use FastQueue\Laravel\Console\SuperviseCommand;
use FastQueue\Laravel\Console\WorkCommand;
use Illuminate\Support\ServiceProvider;

/**
 * Registers php artisan fastqueue:work and fastqueue:metrics. Discovered by composer through extra.laravel.providers;
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
            $this->commands([WorkCommand::class, MetricsCommand::class]);
            // fastqueue:supervise, and config/fastqueue.php for vendor:publish --tag=fastqueue-config.
            $this->commands([SuperviseCommand::class]);
            $this->publishes([__DIR__.'/../config/fastqueue.php' => $this->app->configPath('fastqueue.php')], 'fastqueue-config');
        }
    }
}
