<?php

namespace FastQueue\Laravel\Dashboard\Failed;

/**
 * One failed job as the dashboard shows it: the summary of the list and the whole of one
 * job's view, from a failed-job provider's record (an object with id, connection, queue,
 * payload, exception, failed_at) or a row of FastQueue's Redis failed store.
 *
 * A job that implements ShouldBeEncrypted has its command encrypted in data.command: its
 * payload is never handed out, only that it is encrypted.
 */
final class FailedRecord
{
    /** Characters of the exception's first line kept in the list. */
    private const SUMMARY_LENGTH = 240;

    /** @param array<string, mixed>|null $payload the payload decoded, null when it is no JSON */
    private function __construct(
        private string $id,
        private ?string $uuid,
        private ?string $connection,
        private ?string $queue,
        private ?array $payload,
        private string $exception,
        private ?string $failedAt,
    ) {
    }

    /**
     * A provider's record (stdClass, or an array of the same keys).
     *
     * @param object|array<string, mixed> $record
     */
    public static function fromProvider(object|array $record): self
    {
        $record = (array) $record;
        $payload = json_decode((string) ($record['payload'] ?? ''), true);
        $payload = is_array($payload) ? $payload : null;
        $uuid = $record['uuid'] ?? ($payload['uuid'] ?? null);

        return new self((string) $record['id'], is_string($uuid) ? $uuid : null, self::text($record['connection'] ?? null),
            self::text($record['queue'] ?? null), $payload, (string) ($record['exception'] ?? ''),
            self::text($record['failed_at'] ?? null));
    }

    /**
     * A record of FastQueue\RedisQueue::failed(): failed_at is Unix time, shown in UTC.
     *
     * @param array<string, mixed> $record
     */
    public static function fromRedisStore(array $record, ?string $connection): self
    {
        $payload = json_decode((string) ($record['payload'] ?? ''), true);
        $payload = is_array($payload) ? $payload : null;
        $uuid = $payload['uuid'] ?? null;

        return new self((string) $record['id'], is_string($uuid) ? $uuid : null, $connection,
            self::text($record['queue'] ?? null), $payload, (string) ($record['trace'] ?? ''),
            isset($record['failed_at']) ? gmdate('Y-m-d H:i:s', (int) $record['failed_at']) : null);
    }

    public function id(): string
    {
        return $this->id;
    }

    public function queue(): ?string
    {
        return $this->queue;
    }

    public function connection(): ?string
    {
        return $this->connection;
    }

    public function uuid(): ?string
    {
        return $this->uuid;
    }

    /** The job's class as Laravel shows it: the payload's displayName, else its job. */
    public function name(): ?string
    {
        $name = $this->payload['displayName'] ?? ($this->payload['job'] ?? null);

        return is_string($name) ? $name : null;
    }

    public function exception(): string
    {
        return $this->exception;
    }

    /**
     * The attempts the job had made when it failed. Redis payloads (Laravel's and FastQueue's
     * stores both keep the job as it was pushed) count the attempts before the last one, so
     * the one that failed is added; a payload without the count (other drivers) gives null.
     */
    public function attempts(): ?int
    {
        $attempts = $this->payload['attempts'] ?? null;

        return is_int($attempts) ? $attempts + 1 : null;
    }

    /** data.command holds an encrypted string rather than a serialized object. */
    public function encrypted(): bool
    {
        $command = $this->payload['data']['command'] ?? null;

        return is_string($command) && $command !== '' && ! str_starts_with($command, 'O:');
    }

    /**
     * The list's fields (the JSON's "jobs" entries).
     *
     * @return array<string, mixed>
     */
    public function summary(): array
    {
        return [
            'id' => $this->id,
            'uuid' => $this->uuid,
            'connection' => $this->connection,
            'queue' => $this->queue,
            'name' => $this->name(),
            'failed_at' => $this->failedAt,
            'exception_summary' => self::summarize($this->exception),
            'attempts' => $this->attempts(),
        ];
    }

    /**
     * One job's view: the summary, the payload (unless encrypted) and the whole exception.
     *
     * @param array{attempt: int, reason: string}|null $previousCrash
     * @return array<string, mixed>
     */
    public function details(?array $previousCrash): array
    {
        $encrypted = $this->encrypted();

        return $this->summary() + [
            'encrypted' => $encrypted,
            'payload' => $encrypted ? null : $this->payload,
            'exception' => $this->exception,
            'previous_crash' => $previousCrash,
        ];
    }

    /** The exception's first line ("Class: message in file:line"), cut to a list's width. */
    public static function summarize(string $exception): string
    {
        $line = strtok($exception, "\n");
        $line = $line === false ? '' : rtrim($line);

        return mb_strlen($line) > self::SUMMARY_LENGTH ? mb_substr($line, 0, self::SUMMARY_LENGTH - 1) . '…' : $line;
    }

    private static function text(mixed $value): ?string
    {
        return $value === null ? null : (string) $value;
    }
}
