<?php

namespace FastQueue\Laravel\Supervisor;

use Illuminate\Contracts\Config\Repository as Config;
use Illuminate\Support\Str;

/**
 * Checks one supervisor's options (Horizon's keys) and completes them with Horizon's
 * defaults. Keys are read as Horizon reads them: "tries" is maxTries, "processes" is
 * maxProcesses, and any key is camel-cased ("max_processes" is maxProcesses).
 */
final class SupervisorReader
{
    /** The most processes of one supervisor, as FastQueue\Supervisor takes them. */
    public const MAX_PROCESSES = 1000;

    /** @var list<string> */
    private array $errors = [];

    /** @var list<string> */
    private array $adjusted = [];

    /** @var array<string, mixed> the options by camel-cased key */
    private array $values = [];

    /** @var array<string, string> the path of each camel-cased key, as the configuration wrote it */
    private array $where = [];

    /**
     * @param  string  $path  the supervisor's path in the environment: "horizon.environments.production.supervisor-1"
     * @param  array<mixed>  $options  its options, merged with the defaults
     * @param  array<string, string>  $paths  where each key of $options was set
     */
    public function __construct(
        private Config $config,
        private string $name,
        private string $path,
        private array $options,
        private array $paths,
    ) {
    }

    /**
     * @return array{options: ?SupervisorOptions, errors: list<string>, ignored: list<string>, unknown: list<string>, adjusted: list<string>}
     */
    public function read(): array
    {
        $ignored = $unknown = [];
        foreach ($this->options as $key => $value) {
            $key = (string) $key;
            $camel = Str::camel(match ($key) {
                'tries' => 'max_tries',
                'processes' => 'max_processes',
                default => $key,
            });
            $path = $this->paths[$key] ?? "{$this->path}.{$key}";
            if (array_key_exists($camel, ConfigReader::FOLLOWED)) {
                $this->values[$camel] = $value;
                $this->where[$camel] = $path;
            } elseif (in_array($camel, ConfigReader::NOT_FOLLOWED, true)) {
                $ignored[] = $path;
            } else {
                $unknown[] = $path;
            }
        }
        if (! preg_match('/^[A-Za-z0-9_.:-]{1,60}$/', $this->name)) {
            $this->errors[] = "{$this->path}: a supervisor's name must be 1 to 60 of A-Z a-z 0-9 _ . : -.";
        }

        $options = $this->options();

        return ['options' => $this->errors === [] ? $options : null, 'errors' => $this->errors,
            'ignored' => $ignored, 'unknown' => $unknown, 'adjusted' => $this->adjusted];
    }

    private function options(): SupervisorOptions
    {
        $connection = $this->connection();
        $queues = $this->queues($connection);
        $balance = $this->balance();
        $before = count($this->errors);
        $min = $this->int('minProcesses', 0, self::MAX_PROCESSES);
        $max = $this->int('maxProcesses', 1, self::MAX_PROCESSES);
        if (count($this->errors) === $before) {
            $max = $this->budget($balance, $min, $max, count($queues));
        }

        return new SupervisorOptions(
            name: $this->name,
            connection: $connection,
            queues: $queues,
            balance: $balance,
            strategy: $this->oneOf('autoScalingStrategy', ['time', 'size']),
            minProcesses: $min,
            maxProcesses: $max,
            balanceMaxShift: $this->int('balanceMaxShift', 1, self::MAX_PROCESSES),
            balanceCooldown: $this->number('balanceCooldown', 0.1, 3600),
            tries: $this->int('maxTries', 0, PHP_INT_MAX),
            timeout: $this->int('timeout', 0, PHP_INT_MAX),
            memory: $this->memory(),
            sleep: $this->number('sleep', 0, 3600),
            maxJobs: $this->int('maxJobs', 0, PHP_INT_MAX),
            maxTime: $this->int('maxTime', 0, PHP_INT_MAX),
            backoff: $this->backoff(),
            nice: $this->int('nice', 0, 19),
            force: $this->bool('force'),
            rest: $this->number('rest', 0, 3600),
        );
    }

    /**
     * maxProcesses, checked against minProcesses. A balanced supervisor has a pool per queue,
     * each of at least minProcesses: where they add up to more than maxProcesses, Horizon runs
     * them all the same, over its budget; the budget is raised to their sum, and the warning
     * says so.
     */
    private function budget(string $balance, int $min, int $max, int $queues): int
    {
        if ($min > $max) {
            $this->errors[] = "{$this->at('minProcesses')} must be at most maxProcesses ({$min} > {$max}).";

            return $max;
        }
        $needed = $balance === 'off' ? $min : $min * $queues;
        if ($needed <= $max) {
            return $max;
        }
        if ($needed > self::MAX_PROCESSES) {
            $this->errors[] = "{$this->at('minProcesses')} for each of its {$queues} queues makes {$needed} processes: at most ".self::MAX_PROCESSES.'.';

            return $max;
        }
        $this->adjusted[] = "{$this->at('maxProcesses')} raised from {$max} to {$needed} (minProcesses {$min} for each of {$queues} queues)";

        return $needed;
    }

    /** The value of $key, or Horizon's default. */
    private function value(string $key): mixed
    {
        return array_key_exists($key, $this->values) ? $this->values[$key] : ConfigReader::FOLLOWED[$key];
    }

    /** The path naming $key in messages: where it was set, else where it would be. */
    private function at(string $key): string
    {
        return $this->where[$key] ?? "{$this->path}.{$key}";
    }

    private function connection(): string
    {
        $value = $this->value('connection') ?? $this->config->get('queue.default');
        if (! is_string($value) || $value === '') {
            $this->errors[] = "{$this->at('connection')} must name a queue connection (".$this->show($value).' given).';

            return '';
        }
        $queue = $this->config->get("queue.connections.{$value}");
        if (! is_array($queue)) {
            $this->errors[] = "{$this->at('connection')} names the queue connection \"{$value}\", which queue.connections does not have.";
        } elseif (($queue['driver'] ?? null) !== 'redis') {
            $this->errors[] = "{$this->at('connection')} names the queue connection \"{$value}\", whose driver is \"".(is_string($queue['driver'] ?? null) ? $queue['driver'] : 'none').'": fastqueue:supervise runs redis connections only.';
        }

        return $value;
    }

    /** @return list<string> */
    private function queues(string $connection): array
    {
        $value = $this->value('queue');
        if ($value === null || $value === [] || $value === '') {
            // Horizon: the connection's own queue.
            $value = $connection !== '' ? $this->config->get("queue.connections.{$connection}.queue", 'default') : 'default';
        }
        if (is_string($value)) {
            $value = explode(',', $value);
        }
        if (! is_array($value)) {
            $this->errors[] = "{$this->at('queue')} must be a list of queue names or a string such as \"high,default\" (".$this->show($value).' given).';

            return [];
        }
        if (count($value) > 100) {
            $this->errors[] = "{$this->at('queue')} names ".count($value).' queues: at most 100.';

            return [];
        }
        $queues = [];
        foreach ($value as $queue) {
            $queue = is_string($queue) ? trim($queue) : $queue;
            if (! is_string($queue) || $queue === '') {
                $this->errors[] = "{$this->at('queue')} holds an empty queue name.";
            } elseif (in_array($queue, $queues, true)) {
                $this->errors[] = "{$this->at('queue')} names the queue \"{$queue}\" twice.";
            } elseif (strlen($queue) > 100 - strlen($this->name) - 1) {
                $this->errors[] = "{$this->at('queue')}: the queue name \"{$queue}\" is too long (the pool \"{$this->name}:{$queue}\" is limited to 100 bytes).";
            } else {
                $queues[] = $queue;
            }
        }

        return $queues;
    }

    private function balance(): string
    {
        $value = $this->value('balance');
        if ($value === false || $value === null || $value === 'off' || $value === 'false') {
            return 'off';
        }
        if ($value === 'simple' || $value === 'auto') {
            return $value;
        }
        $this->errors[] = "{$this->at('balance')} must be false, 'simple' or 'auto' (".$this->show($value).' given).';

        return 'off';
    }

    /** @param  list<string>  $allowed */
    private function oneOf(string $key, array $allowed): string
    {
        $value = $this->value($key) ?? $allowed[0];
        if (is_string($value) && in_array($value, $allowed, true)) {
            return $value;
        }
        $this->errors[] = "{$this->at($key)} must be '".implode("' or '", $allowed)."' (".$this->show($value).' given).';

        return $allowed[0];
    }

    private function int(string $key, int $min, int $max): int
    {
        $value = $this->value($key);
        $int = is_int($value) ? $value : (is_string($value) && preg_match('/^\s*-?\d+\s*$/', $value) ? (int) $value : null);
        if (is_float($value) && floor($value) === $value && abs($value) < 1e15) {
            $int = (int) $value;
        }
        if ($int === null) {
            $this->errors[] = "{$this->at($key)} must be a whole number (".$this->show($value).' given).';

            return $min;
        }
        if ($int < 0 && $min >= 0) {
            $this->errors[] = "{$this->at($key)} must not be negative ({$int} given).";

            return $min;
        }
        if ($int < $min || $int > $max) {
            $this->errors[] = "{$this->at($key)} must be ".$this->range($min, $max)." ({$int} given).";

            return $min;
        }

        return $int;
    }

    private function number(string $key, float $min, float $max): float
    {
        $value = $this->value($key);
        if (! is_numeric($value)) {
            $this->errors[] = "{$this->at($key)} must be a number of seconds (".$this->show($value).' given).';

            return $min;
        }
        if ((float) $value < 0 && $min >= 0) {
            $this->errors[] = "{$this->at($key)} must not be negative (".$this->show($value).' given).';

            return $min;
        }
        if ((float) $value < $min || (float) $value > $max) {
            $this->errors[] = "{$this->at($key)} must be ".$this->range($min, $max).' ('.$this->show($value).' given).';

            return $min;
        }

        return (float) $value;
    }

    private function range(int|float $min, int|float $max): string
    {
        if ($max >= PHP_INT_MAX) {
            return "at least {$min}";
        }

        return "from {$min} to {$max}";
    }

    private function bool(string $key): bool
    {
        $value = $this->value($key);
        if (is_bool($value) || $value === null) {
            return (bool) $value;
        }
        $this->errors[] = "{$this->at($key)} must be true or false (".$this->show($value).' given).';

        return false;
    }

    /** --memory: megabytes, or a share of memory_limit ("50%", Laravel 13's queue:work). */
    private function memory(): string
    {
        $value = $this->value('memory');
        if (is_string($value) && preg_match('/^\s*(\d+)\s*%\s*$/', $value, $m)) {
            return $m[1].'%';
        }
        return (string) $this->int('memory', 0, PHP_INT_MAX);
    }

    /** --backoff: seconds, or a list of them (Horizon joins a list with commas). */
    private function backoff(): string
    {
        $value = $this->value('backoff');
        $list = is_array($value) ? $value : (is_string($value) ? explode(',', $value) : [$value]);
        $seconds = [];
        foreach ($list as $item) {
            $item = is_string($item) ? trim($item) : $item;
            if (! (is_int($item) || (is_string($item) && ctype_digit($item)))) {
                $this->errors[] = "{$this->at('backoff')} must be a whole number of seconds, not negative, or a list of them (".$this->show($value).' given).';

                return '0';
            }
            $seconds[] = (string) (int) $item;
        }

        return $seconds === [] ? '0' : implode(',', $seconds);
    }

    private function show(mixed $value): string
    {
        if (is_array($value)) {
            return 'an array';
        }

        return is_scalar($value) || $value === null ? var_export($value, true) : get_debug_type($value);
    }
}
