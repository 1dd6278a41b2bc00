<?php

namespace FastQueue\Laravel\Dashboard\Http;

use Illuminate\Contracts\Config\Repository;

/**
 * The dashboard section of config/fastqueue.php, each key with its default: an application's
 * copy replaces the package's section as a whole, so a key it leaves out must still read.
 */
final class DashboardConfig
{
    public function __construct(private Repository $config)
    {
    }

    public function enabled(): bool
    {
        return (bool) $this->config->get('fastqueue.dashboard.enabled', true);
    }

    public function path(): string
    {
        $path = trim((string) $this->config->get('fastqueue.dashboard.path', 'fastqueue'), '/');

        return $path === '' ? '/' : $path;
    }

    public function domain(): ?string
    {
        $domain = $this->config->get('fastqueue.dashboard.domain');

        return is_string($domain) && $domain !== '' ? $domain : null;
    }

    /** @return list<string> */
    public function middleware(): array
    {
        $middleware = $this->config->get('fastqueue.dashboard.middleware', ['web']);

        return array_values(array_filter((array) $middleware, 'is_string'));
    }

    /** @return list<string> the queue connections shown: queue.default unless a list is set */
    public function connections(): array
    {
        $connections = $this->config->get('fastqueue.dashboard.connections');
        if (is_string($connections) && $connections !== '') {
            $connections = explode(',', $connections);
        }
        if (! is_array($connections) || $connections === []) {
            return [(string) $this->config->get('queue.default')];
        }

        return array_values(array_unique(array_filter(array_map('trim', array_map('strval', $connections)), fn (string $c): bool => $c !== '')));
    }

    /** Seconds between two refreshes of an open page, at least one. */
    public function refresh(): int
    {
        return max(1, (int) $this->config->get('fastqueue.dashboard.refresh', 5));
    }
}
