<?php

namespace FastQueue\Laravel\Dashboard\Failed;

use FastQueue\RedisQueue;

/**
 * The failed-jobs JSON for plain PHP (no Laravel): FastQueue's own failed store, read through
 * FastQueue\RedisQueue::failed() and paged in PHP (paged_in "memory"); retry and forget are
 * the store's retryFailed() and forgetFailed(), each one script call, so a record is pushed
 * back at most once however many callers retry it.
 *
 *     $failed = new RedisFailedJobs(new FastQueue\RedisQueue(['host' => '127.0.0.1']));
 *     echo json_encode($failed->page(['queue' => $_GET['queue'] ?? null], (int) ($_GET['page'] ?? 1), 50));
 */
final class RedisFailedJobs
{
    /** @param string|null $connection the name shown as each job's connection */
    public function __construct(private RedisQueue $queue, private ?string $connection = null)
    {
    }

    /**
     * @param array<string, mixed> $filter keys queue, class, exception
     * @return array<string, mixed>
     */
    public function page(array $filter, int $page, int $perPage): array
    {
        $page = max(1, $page);
        $perPage = max(1, $perPage);
        $filter = Filter::from($filter);
        $found = MemoryPages::page($this->records($filter->queue), $filter, $page, $perPage);

        return ['page' => $page, 'per_page' => $perPage, 'total' => $found['total'], 'total_exact' => true,
            'paged_in' => 'memory', 'jobs' => array_map(fn (FailedRecord $r) => $r->summary(), $found['records'])];
    }

    /** @return array<string, mixed>|null */
    public function find(string $id): ?array
    {
        foreach ($this->records(null) as $record) {
            if ($record->id() === $id) {
                return $record->details(null);
            }
        }

        return null;
    }

    /**
     * @param list<string> $ids
     * @return array{retried: int, missing: int, busy: int}
     */
    public function retry(array $ids): array
    {
        $counts = ['retried' => 0, 'missing' => 0, 'busy' => 0];
        foreach (array_unique($ids) as $id) {
            $counts[$this->queue->retryFailed((string) $id) ? 'retried' : 'missing']++;
        }

        return $counts;
    }

    /**
     * @param array<string, mixed> $filter
     * @return array{retried: int, missing: int, busy: int}
     */
    public function retryMatching(array $filter): array
    {
        $filter = Filter::from($filter);

        return $this->retry(MemoryPages::ids($this->records($filter->queue), $filter));
    }

    /**
     * @param list<string> $ids
     * @return array{forgotten: int, missing: int}
     */
    public function forget(array $ids): array
    {
        $counts = ['forgotten' => 0, 'missing' => 0];
        foreach (array_unique($ids) as $id) {
            $counts[$this->queue->forgetFailed((string) $id) ? 'forgotten' : 'missing']++;
        }

        return $counts;
    }

    /** @return iterable<FailedRecord> */
    private function records(?string $queue): iterable
    {
        foreach ($this->queue->failed($queue) as $record) {
            yield FailedRecord::fromRedisStore($record, $this->connection);
        }
    }
}
