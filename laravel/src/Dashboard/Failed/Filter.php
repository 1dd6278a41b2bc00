<?php

namespace FastQueue\Laravel\Dashboard\Failed;

/**
 * The list's filter: a queue (its exact name), a job class (the payload's displayName, whole)
 * and a text the exception holds. Empty values are no filter. Matching ignores the case of
 * ASCII letters, as SQLite's and MySQL's default LIKE do.
 */
final class Filter
{
    private function __construct(public readonly ?string $queue, public readonly ?string $class, public readonly ?string $exception)
    {
    }

    /** @param array<string, mixed> $filter keys queue, class, exception */
    public static function from(array $filter): self
    {
        return new self(self::value($filter['queue'] ?? null), self::value($filter['class'] ?? null),
            self::value($filter['exception'] ?? null));
    }

    public function isEmpty(): bool
    {
        return $this->queue === null && $this->class === null && $this->exception === null;
    }

    /** @return array<string, string> the filter's set keys, for the page's links */
    public function toArray(): array
    {
        return array_filter(['queue' => $this->queue, 'class' => $this->class, 'exception' => $this->exception],
            fn ($v) => $v !== null);
    }

    public function matches(FailedRecord $record): bool
    {
        return ($this->queue === null || $record->queue() === $this->queue)
            && ($this->class === null || strcasecmp((string) $record->name(), $this->class) === 0)
            && ($this->exception === null || stripos($record->exception(), $this->exception) !== false);
    }

    private static function value(mixed $value): ?string
    {
        if (! is_string($value)) {
            return null;
        }
        $value = trim($value);

        return $value === '' ? null : $value;
    }
}
