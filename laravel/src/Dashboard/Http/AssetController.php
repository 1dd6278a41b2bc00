<?php

namespace FastQueue\Laravel\Dashboard\Http;

use Symfony\Component\HttpFoundation\Response;

/**
 * The dashboard's scripts, files of laravel/resources/js/ and nothing else: the name is
 * checked against [a-z-]+.js before any path is made from it. Pages link them with the
 * file's modification time in the query, so a browser may keep them for a year.
 */
class AssetController
{
    public const DIR = __DIR__.'/../../../resources/js';

    public function __invoke(string $file): Response
    {
        $path = self::path($file);
        if ($path === null) {
            abort(404);
        }

        return new Response((string) file_get_contents($path), 200, [
            'Content-Type' => 'text/javascript; charset=utf-8',
            'Cache-Control' => 'public, max-age=31536000, immutable',
        ]);
    }

    /** The file's path, or null for a name that is not one of the scripts. */
    public static function path(string $file): ?string
    {
        if (preg_match('/\A[a-z-]+\.js\z/', $file) !== 1) {
            return null;
        }
        $path = self::DIR.'/'.$file;

        return is_file($path) ? $path : null;
    }

    /** A script's URL for a page: the route, with its version so a change is fetched anew. */
    public static function url(string $file): string
    {
        $path = self::path($file);

        return route('fastqueue.asset', ['file' => $file, 'v' => $path === null ? 0 : filemtime($path)]);
    }
}
