<?php

namespace FastQueue\Laravel\Dashboard\Http\Middleware;

use Closure;
use FastQueue\Laravel\Dashboard\Http\Gates;
use Illuminate\Contracts\Foundation\Application;
use Illuminate\Http\Request;

/** The manageFastQueue gate in front of every action (POST), on top of viewFastQueue. */
class AuthorizeManage
{
    public function __construct(private Application $app)
    {
    }

    /** @return mixed */
    public function handle(Request $request, Closure $next)
    {
        if (! Gates::allows($this->app, Gates::MANAGE)) {
            abort(403);
        }

        return $next($request);
    }
}
