<?php

namespace FastQueue\Laravel\Dashboard\Failed;

/**
 * Paging for a store that can only hand out everything (a provider's all(): file, DynamoDB,
 * null or a custom one; FastQueue's own Redis store): every record is read, decoded and
 * filtered in PHP on each load, so a page costs as much as the whole store.
 */
final class MemoryPages
{
    /**
     * @param iterable<FailedRecord> $records newest first
     * @return array{total: int, records: list<FailedRecord>}
     */
    public static function page(iterable $records, Filter $filter, int $page, int $perPage): array
    {
        $matching = [];
        foreach ($records as $record) {
            if ($filter->matches($record)) {
                $matching[] = $record;
            }
        }

        return ['total' => count($matching), 'records' => array_slice($matching, ($page - 1) * $perPage, $perPage)];
    }

    /**
     * @param iterable<FailedRecord> $records
     * @return list<string> the ids of the records that match
     */
    public static function ids(iterable $records, Filter $filter): array
    {
        $ids = [];
        foreach ($records as $record) {
            if ($filter->matches($record)) {
                $ids[] = $record->id();
            }
        }

        return $ids;
    }
}
