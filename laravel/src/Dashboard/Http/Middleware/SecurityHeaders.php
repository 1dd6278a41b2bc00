<?php

namespace FastQueue\Laravel\Dashboard\Http\Middleware;

use Closure;
use Illuminate\Contracts\View\Factory as ViewFactory;
use Illuminate\Http\Request;

/**
 * The headers of every dashboard response, error pages included (it runs first in the
 * group): a Content-Security-Policy that allows scripts only from the package's asset route
 * (no inline script, no eval), styles only in the layout's <style> with this response's
 * nonce, no framing, and no referrer to other sites.
 *
 * Views read the nonce as $fastqueueNonce: <style nonce="{{ $fastqueueNonce }}">.
 */
class SecurityHeaders
{
    public function __construct(private ViewFactory $views)
    {
    }

    /** @return mixed */
    public function handle(Request $request, Closure $next)
    {
        $nonce = base64_encode(random_bytes(18));
        $this->views->share('fastqueueNonce', $nonce);

        $response = $next($request);
        $headers = $response->headers;
        $headers->set('Content-Security-Policy', self::policy($nonce));
        $headers->set('X-Frame-Options', 'DENY');
        $headers->set('Referrer-Policy', 'same-origin');
        $headers->set('X-Content-Type-Options', 'nosniff');

        return $response;
    }

    public static function policy(string $nonce): string
    {
        return implode('; ', [
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'nonce-{$nonce}'",
            "img-src 'self' data:",
            "connect-src 'self'",
            "form-action 'self'",
            "base-uri 'none'",
            "frame-ancestors 'none'",
        ]);
    }
}
