<?php

namespace FastQueue\Laravel\Dashboard\Failed;

use Illuminate\Contracts\Console\Kernel;
use Illuminate\Contracts\Foundation\Application;
use Illuminate\Queue\Failed\DatabaseFailedJobProvider;
use Illuminate\Queue\Failed\DatabaseUuidFailedJobProvider;

/**
 * The dashboard's failed jobs: the application's failed-job provider (queue.failer), listed,
 * shown, retried and forgotten.
 *
 * Listing pages in the database for Laravel's database and database-uuids providers
 * (DatabasePages); any other provider (file, DynamoDB, null, a custom one) is read whole
 * with all() and paged in PHP (MemoryPages), which the answer says with paged_in "memory".
 *
 * Retrying runs the running version's own queue:retry on the ids, in chunks of CHUNK, each
 * id claimed first (RetryClaims): queue:retry finds each record, fires JobRetryRequested,
 * resets the payload's attempts and refreshes retryUntil as that version does, pushes it
 * onto its connection and queue, and forgets the record. Forgetting calls the provider's
 * forget(), as queue:forget does.
 */
final class FailedJobs
{
    public const CHUNK = 100;

    public function __construct(private Application $app)
    {
    }

    /**
     * @param array<string, mixed> $filter keys queue, class, exception
     * @return array<string, mixed> the JSON of GET api/failed
     */
    public function page(array $filter, int $page, int $perPage): array
    {
        $page = max(1, $page);
        $perPage = max(1, $perPage);
        $filter = Filter::from($filter);
        $pages = $this->databasePages();
        if ($pages !== null) {
            $found = $pages->page($filter, $page, $perPage);
        } else {
            $found = MemoryPages::page($this->allRecords(), $filter, $page, $perPage) + ['exact' => true];
        }

        return [
            'page' => $page,
            'per_page' => $perPage,
            'total' => $found['total'],
            'total_exact' => $found['exact'],
            'paged_in' => $pages !== null ? 'database' : 'memory',
            'jobs' => array_map(fn (FailedRecord $r) => $r->summary(), $found['records']),
        ];
    }

    /** @return array<string, mixed>|null the JSON of GET api/failed/{id} */
    public function find(string $id): ?array
    {
        $pages = $this->databasePages();
        if ($pages !== null) {
            $record = $pages->find($id);
        } else {
            $found = $this->failer()->find($id);
            $record = is_object($found) || is_array($found) ? FailedRecord::fromProvider(['id' => $id] + (array) $found) : null;
        }

        return $record?->details((new CrashRecords($this->app))->previous($record));
    }

    /**
     * @param list<string> $ids
     * @return array{retried: int, missing: int, busy: int}
     */
    public function retry(array $ids): array
    {
        $counts = ['retried' => 0, 'missing' => 0, 'busy' => 0];
        foreach (array_chunk(array_values(array_unique(array_map('strval', $ids))), self::CHUNK) as $chunk) {
            $counts = self::add($counts, $this->retryChunk($chunk));
        }

        return $counts;
    }

    /**
     * Retries every record the filter matches (all of them with an empty filter), a chunk at
     * a time.
     *
     * @param array<string, mixed> $filter
     * @return array{retried: int, missing: int, busy: int}
     */
    public function retryMatching(array $filter): array
    {
        $filter = Filter::from($filter);
        $pages = $this->databasePages();
        if ($pages === null) {
            return $this->retry(MemoryPages::ids($this->allRecords(), $filter));
        }
        $counts = ['retried' => 0, 'missing' => 0, 'busy' => 0];
        $before = null;
        do {
            $next = $pages->idsBelow($filter, $before, self::CHUNK);
            if ($next['ids'] !== []) {
                $counts = self::add($counts, $this->retryChunk($next['ids']));
            }
            $before = $next['last'];
        } while ($next['ids'] !== []);

        return $counts;
    }

    /**
     * @param list<string> $ids
     * @return array{forgotten: int, missing: int}
     */
    public function forget(array $ids): array
    {
        $counts = ['forgotten' => 0, 'missing' => 0];
        foreach (array_unique(array_map('strval', $ids)) as $id) {
            $counts[$this->failer()->forget($id) ? 'forgotten' : 'missing']++;
        }

        return $counts;
    }

    /**
     * @param list<string> $ids at most CHUNK
     * @return array{retried: int, missing: int, busy: int}
     */
    private function retryChunk(array $ids): array
    {
        $claims = new RetryClaims($this->app['redis']->connection($this->redisConnectionName()));
        $held = $claims->claim($ids);
        $present = [];
        try {
            // Only what is still there: queue:retry reports the others as errors.
            $present = array_values(array_filter($held, fn ($id) => $this->failer()->find($id) !== null));
            if ($present !== []) {
                $this->app->make(Kernel::class)->call('queue:retry', ['id' => $present]);
            }
        } finally {
            $claims->release($held);
        }

        return ['retried' => count($present), 'missing' => count($held) - count($present), 'busy' => count($ids) - count($held)];
    }

    /** The Redis connection of the dashboard's queue connection, where the claims live. */
    private function redisConnectionName(): string
    {
        $config = $this->app['config'];
        $connection = $config->get('queue.default');

        return (string) $config->get("queue.connections.$connection.connection", 'default');
    }

    private function databasePages(): ?DatabasePages
    {
        $failer = $this->failer();
        $key = match (true) {
            $failer instanceof DatabaseUuidFailedJobProvider => 'uuid',
            $failer instanceof DatabaseFailedJobProvider => 'id',
            default => null,
        };
        if ($key === null) {
            return null;
        }
        $config = $this->app['config'];

        return new DatabasePages($this->app['db']->connection($config->get('queue.failed.database')),
            (string) $config->get('queue.failed.table', 'failed_jobs'), $key);
    }

    /** @return iterable<FailedRecord> */
    private function allRecords(): iterable
    {
        foreach ($this->failer()->all() as $record) {
            yield FailedRecord::fromProvider($record);
        }
    }

    private function failer(): object
    {
        return $this->app['queue.failer'];
    }

    /**
     * @param array<string, int> $a
     * @param array<string, int> $b
     * @return array<string, int>
     */
    private static function add(array $a, array $b): array
    {
        foreach ($b as $k => $v) {
            $a[$k] += $v;
        }

        return $a;
    }
}
