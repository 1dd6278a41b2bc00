<?php

namespace FastQueue\Laravel\Dashboard\Failed;

use Illuminate\Database\ConnectionInterface;
use Illuminate\Database\Query\Builder;

/**
 * Paging in the database, for Laravel's database and database-uuids providers: newest first
 * by the table's auto-increment id, a page with LIMIT and OFFSET, the filters as SQL.
 *
 * Laravel's failed_jobs has no index but the primary key and uuid, so a filter reads the
 * table: the queue filter compares the queue column; the class filter looks for the
 * payload's "displayName":"CLASS" (the class JSON-encoded as Laravel's payloads have it); the
 * exception filter is a LIKE on the exception. LIKE's wildcards in what the user typed are
 * escaped with '!', the one escape character every database accepts with ESCAPE.
 *
 * A filtered count stops at COUNT_CAP rows, so a filter that matches most of a big table
 * costs no more than one that matches few; the total is then marked not exact.
 */
final class DatabasePages
{
    public const COUNT_CAP = 10000;

    /** @param string $key the column the provider names a record by: id, or uuid */
    public function __construct(private ConnectionInterface $db, private string $table, private string $key)
    {
    }

    /** @return array{total: int, exact: bool, records: list<FailedRecord>} */
    public function page(Filter $filter, int $page, int $perPage): array
    {
        $rows = $this->filtered($filter)->orderBy('id', 'desc')->offset(($page - 1) * $perPage)->limit($perPage)
            ->get($this->columns())->all();
        [$total, $exact] = $this->count($filter);

        return ['total' => $total, 'exact' => $exact, 'records' => array_map(fn ($row) => $this->record($row), $rows)];
    }

    public function find(string $id): ?FailedRecord
    {
        $row = $this->table()->where($this->key, $id)->first($this->columns());

        return $row === null ? null : $this->record($row);
    }

    /**
     * The next ids that match, newest first, below the auto-increment id $before (keyset
     * paging: records retried meanwhile are gone and shift nothing).
     *
     * @return array{ids: list<string>, last: ?int}
     */
    public function idsBelow(Filter $filter, ?int $before, int $limit): array
    {
        $rows = $this->filtered($filter)->when($before !== null, fn ($q) => $q->where('id', '<', $before))
            ->orderBy('id', 'desc')->limit($limit)->get(['id', $this->key])->all();
        $ids = array_map(fn ($row) => (string) $row->{$this->key}, $rows);

        return ['ids' => $ids, 'last' => $rows === [] ? null : (int) end($rows)->id];
    }

    /** @return array{0: int, 1: bool} */
    private function count(Filter $filter): array
    {
        if ($filter->isEmpty()) {
            return [$this->table()->count(), true];
        }
        $capped = $this->filtered($filter)->select('id')->limit(self::COUNT_CAP);
        $count = $this->db->query()->fromSub($capped, 'matched')->count();

        return [$count, $count < self::COUNT_CAP];
    }

    private function filtered(Filter $filter): Builder
    {
        $query = $this->table();
        if ($filter->queue !== null) {
            $query->where('queue', $filter->queue);
        }
        if ($filter->class !== null) {
            $name = '"displayName":' . json_encode($filter->class, JSON_UNESCAPED_UNICODE);
            $query->whereRaw("payload LIKE ? ESCAPE '!'", ['%' . self::escapeLike($name) . '%']);
        }
        if ($filter->exception !== null) {
            $query->whereRaw("exception LIKE ? ESCAPE '!'", ['%' . self::escapeLike($filter->exception) . '%']);
        }

        return $query;
    }

    public static function escapeLike(string $text): string
    {
        return strtr($text, ['!' => '!!', '%' => '!%', '_' => '!_']);
    }

    private function record(object $row): FailedRecord
    {
        $fields = (array) $row;
        $fields['id'] = $fields[$this->key];

        return FailedRecord::fromProvider($fields);
    }

    /** @return list<string> uuid only where the provider names records by it: older tables may lack it */
    private function columns(): array
    {
        return array_merge(['id', 'connection', 'queue', 'payload', 'exception', 'failed_at'], $this->key === 'uuid' ? ['uuid'] : []);
    }

    private function table(): Builder
    {
        return $this->db->table($this->table);
    }
}
