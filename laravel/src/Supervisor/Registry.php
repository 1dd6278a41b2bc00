<?php

namespace FastQueue\Laravel\Supervisor;

use FastQueue\Laravel\Console\MetricsCommand;
use Illuminate\Contracts\Config\Repository as Config;
use Illuminate\Contracts\Redis\Factory as RedisFactory;

/**
 * The supervisors' registry in Redis, as fastqueue:status and fastqueue:terminate read it and
 * queue:restart and fastqueue:terminate write its stamps. Each named FastQueue\Supervisor
 * heartbeats into, under its RedisQueue's prefix:
 *
 * - "fastqueue:{supervisors}", a sorted set of NAME/HOST scored with the last heartbeat's time;
 * - "fastqueue:{supervisors}:NAME/HOST", its status record (JSON), which expires after three
 *   heartbeats: a member without a record is a supervisor that is gone;
 * - "fastqueue:{supervisors}:restart" and ":terminate", the stamps it watches.
 *
 * They are read through the application's own Redis connection (phpredis or predis), which
 * adds the prefix itself, as MetricsCommand reads the workers' published figures.
 */
final class Registry
{
    /** The set of supervisors, without the prefix; each record is this, ":" and NAME/HOST. */
    public const SUPERVISORS_KEY = 'fastqueue:{supervisors}';

    public const RESTART_STAMP = self::SUPERVISORS_KEY.':restart';

    public const TERMINATE_STAMP = self::SUPERVISORS_KEY.':terminate';

    /** @param  object  $redis  a Laravel Redis connection (Illuminate\Redis\Connections\Connection) */
    public function __construct(private object $redis, public readonly string $connectionName)
    {
    }

    /**
     * The registry on the Redis connection (database.redis) fastqueue.supervisors.connection
     * names, else the default queue connection's Redis connection; null when there is none (the
     * default queue connection does not use Redis and no connection is set).
     */
    public static function fromConfig(Config $config, RedisFactory $redis): ?self
    {
        $name = self::connectionName($config);

        return $name === null ? null : new self($redis->connection($name), $name);
    }

    public static function connectionName(Config $config): ?string
    {
        $name = $config->get('fastqueue.supervisors.connection');
        if (is_string($name) && $name !== '') {
            return $name;
        }
        $queue = $config->get('queue.connections.'.$config->get('queue.default'));

        return is_array($queue) && ($queue['driver'] ?? null) === 'redis' ? self::queueRedisConnection($queue) : null;
    }

    /** @param  array<mixed>  $queue */
    private static function queueRedisConnection(array $queue): string
    {
        $name = (string) ($queue['connection'] ?? 'default');

        return $name !== '' ? $name : 'default';
    }

    /**
     * The live supervisors' records, sorted by name then host, each with "seen", its last
     * heartbeat's Unix time. A member whose record is gone (a supervisor that died) is left out;
     * a record that is not a JSON object too.
     *
     * @return list<array<string, mixed>>
     */
    public function supervisors(): array
    {
        $members = (array) $this->redis->zrangebyscore(self::SUPERVISORS_KEY, '-inf', '+inf', ['withscores' => true]);
        if ($members === []) {
            return [];
        }
        $names = array_map('strval', array_keys($members));
        sort($names, SORT_STRING);
        $values = array_values((array) $this->redis->mget(array_map(fn ($m) => self::SUPERVISORS_KEY.':'.$m, $names)));
        $live = [];
        foreach ($names as $i => $member) {
            // phpredis answers false for a missing key (Laravel's mget turns it into null), predis null.
            $record = is_string($values[$i] ?? null) ? json_decode($values[$i], true) : null;
            if (is_array($record) && ! array_is_list($record)) {
                $live[] = $record + ['seen' => (float) $members[$member]];
            }
        }

        return $live;
    }

    /** A stamp's value ("" when it was never set). */
    public function stamp(string $key): string
    {
        $value = $this->redis->get($key);

        return is_string($value) ? $value : '';
    }

    /** Sets a stamp to the current Unix time with microseconds; returns the value set. */
    public function setStamp(string $key): string
    {
        $value = self::now();
        $this->redis->set($key, $value);

        return $value;
    }

    /** The current Unix time with microseconds, as a string such as "1764420000.123456". */
    public static function now(): string
    {
        [$fraction, $seconds] = explode(' ', microtime());

        return $seconds.substr($fraction, 1, 7);
    }

    /**
     * Whether each worker of $host is running a job now, by pid: from the last exposition it
     * published (fastqueue:work --metrics-publish, label HOST:PID), its fastqueue_jobs_running;
     * null when it publishes nothing.
     *
     * @param  list<int>  $pids
     * @return array<int, ?bool>
     */
    public function busy(string $host, array $pids): array
    {
        if ($pids === []) {
            return [];
        }
        $labels = array_map(fn ($pid) => "{$host}:{$pid}", $pids);
        $texts = array_values((array) $this->redis->mget(array_map(fn ($l) => MetricsCommand::WORKERS_KEY.':'.$l, $labels)));
        $busy = [];
        foreach ($pids as $i => $pid) {
            $busy[$pid] = is_string($texts[$i] ?? null) ? self::jobsRunning($texts[$i], $labels[$i]) : null;
        }

        return $busy;
    }

    /** fastqueue_jobs_running > 0 in an exposition; null when it has no such sample. */
    private static function jobsRunning(string $text, string $label): ?bool
    {
        $worker = preg_quote('worker="'.addcslashes($label, "\\\"\n").'"', '/');
        if (! preg_match('/^fastqueue_jobs_running\{[^}]*'.$worker.'[^}]*\} (\S+)/m', $text, $m)) {
            return null;
        }

        return (float) $m[1] > 0;
    }
}
