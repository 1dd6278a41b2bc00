<?php

namespace FastQueue\Laravel;

use FastQueue\Laravel\Console\MetricsCommand;
use FastQueue\Laravel\Console\SuperviseCommand;
use FastQueue\Laravel\Console\StatusCommand;
use FastQueue\Laravel\Console\TerminateCommand;
use FastQueue\Laravel\Console\WatchCommand;
use FastQueue\Laravel\Console\WorkCommand;
use FastQueue\Laravel\Supervisor\QueueRestartStamp;
use Illuminate\Console\Events\CommandFinished;
use Illuminate\Support\ServiceProvider;

/**
 * Registers php artisan fastqueue:work, fastqueue:metrics, fastqueue:supervise, fastqueue:status, fastqueue:watch and
 * fastqueue:terminate, and queue:restart's restart stamp for the supervisors. Discovered by composer through extra.laravel.providers;
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
                TerminateCommand::class, WatchCommand::class]);
            // config/fastqueue.php for vendor:publish --tag=fastqueue-config.
            $this->publishes([__DIR__.'/../config/fastqueue.php' => $this->app->configPath('fastqueue.php')], 'fastqueue-config');
        }
        // queue:restart also sets the supervisors' restart stamp (Artisan::call() from a route too).
        $this->app['events']->listen(CommandFinished::class, QueueRestartStamp::class);
    }
}
