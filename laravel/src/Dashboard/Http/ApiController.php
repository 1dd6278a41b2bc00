<?php

namespace FastQueue\Laravel\Dashboard\Http;

use Illuminate\Http\JsonResponse;

/** The JSON behind the pages (documented in docs/dashboard.md), behind the same gate. */
class ApiController
{
    public function __construct(private DashboardData $data)
    {
    }

    public function overview(): JsonResponse
    {
        return self::json($this->data->overview());
    }

    public function workers(): JsonResponse
    {
        return self::json($this->data->workers());
    }

    /** @param array<string, mixed> $body */
    private static function json(array $body): JsonResponse
    {
        // Floats keep their fraction (1764420000.0, not 1764420000) and never go stale in a cache.
        return new JsonResponse($body, 200, ['Cache-Control' => 'no-store'], JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_SLASHES);
    }
}
