<?php

namespace FastQueue\Laravel\Dashboard\Http\Middleware;

use Closure;
use FastQueue\Laravel\Dashboard\Http\Gates;
use Illuminate\Contracts\Foundation\Application;
use Illuminate\Http\Request;

/** The viewFastQueue gate in front of every dashboard route: 403 when it refuses. */
class Authorize
{
    public function __construct(private Application $app)
    {
    }

    /** @return mixed */
    public function handle(Request $request, Closure $next)
    {
        if (! Gates::allows($this->app, Gates::VIEW)) {
            abort(403);
        }

        return $next($request);
    }
}
