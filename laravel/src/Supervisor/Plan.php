<?php

namespace FastQueue\Laravel\Supervisor;

/**
 * What fastqueue:supervise is to run, as ConfigReader read it: the supervisors of one
 * environment with their options checked and completed, the supervisor's own settings, and
 * what the configuration asked for that is not followed or not known.
 */
final class Plan
{
    /**
     * @param  string  $source  where the supervisors came from: "fastqueue.supervisors" or "horizon"
     * @param  array<string, SupervisorOptions>  $supervisors  by name, in the configuration's order
     * @param  array{name: string, host: string, heartbeat: float, shared_budget: bool, stop_timeout: float, connection: string}  $settings
     * @param  list<string>  $ignored  keys that are read but not followed, each as a path
     * @param  list<string>  $unknown  keys that mean nothing here, each as a path
     * @param  list<string>  $adjusted  values followed otherwise than written, each with its path and why
     * @param  list<string>  $errors  what makes the configuration unusable, each naming its key
     */
    public function __construct(
        public readonly string $source,
        public readonly string $environment,
        public readonly array $supervisors,
        public readonly array $settings,
        public readonly array $ignored,
        public readonly array $unknown,
        public readonly array $adjusted,
        public readonly array $errors,
    ) {
    }

    /**
     * The one warning line naming every key not followed, not known or followed otherwise than
     * written, or null when there is none.
     */
    public function warning(): ?string
    {
        $parts = [];
        if ($this->ignored !== []) {
            $parts[] = 'not followed: '.implode(', ', $this->ignored);
        }
        if ($this->unknown !== []) {
            $parts[] = 'unknown: '.implode(', ', $this->unknown);
        }
        if ($this->adjusted !== []) {
            $parts[] = 'followed as Horizon runs them: '.implode(', ', $this->adjusted);
        }

        return $parts === [] ? null : 'Configuration keys '.implode('; ', $parts).' (docs/laravel.md, "fastqueue:supervise", says why).';
    }
}
