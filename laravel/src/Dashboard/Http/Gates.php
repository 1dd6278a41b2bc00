<?php

namespace FastQueue\Laravel\Dashboard\Http;

use Illuminate\Contracts\Auth\Access\Gate;
use Illuminate\Contracts\Foundation\Application;

/**
 * The dashboard's two gates: viewFastQueue to look (pages and JSON), manageFastQueue for every
 * action. Until the application defines one, it lets the local environment in, a guest too,
 * and nobody elsewhere. The check runs at request time, not at boot: the application's
 * AuthServiceProvider may boot after the package's provider.
 */
final class Gates
{
    public const VIEW = 'viewFastQueue';
    public const MANAGE = 'manageFastQueue';

    public static function allows(Application $app, string $ability): bool
    {
        $gate = $app->make(Gate::class);
        if (! $gate->has($ability)) {
            // $user = null: the gate asks the callback for a guest too.
            $gate->define($ability, static fn ($user = null): bool => $app->environment('local'));
        }

        return $gate->allows($ability);
    }
}
