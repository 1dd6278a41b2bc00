<?php

/**
 * FastQueue's public API. This stub is the reference: every method's docblock says what it
 * does, its parameters, what it returns and what it throws, and the constructors' and
 * Worker::on()'s docblocks list every option and event with their types. docs/api.md explains
 * them at more length. tests/01_module/003_stub_reference.phpt checks both against the
 * extension. fastqueue_arginfo.h is generated from this file (scripts/gen-arginfo) and
 * committed: a change here, docblocks included, needs it made again.
 *
 * @generate-class-entries
 */

namespace FastQueue {

    /** The base of every exception FastQueue throws. */
    class Exception extends \RuntimeException {}

    /**
     * Cannot connect, authentication refused, or the connection was lost. Also bytes that are
     * not a Redis reply (a framing error: the connection is closed and made again on the next
     * call), and a reply to the connection's own set-up (AUTH, SELECT, ROLE) that does not fit.
     * With hiredis 0.14, RESP3 types are such bytes. The message names the command when known.
     */
    class ConnectionException extends Exception {}

    /** A write of jobs is done on the master, but fewer replicas than wait_replicas confirmed
     * it within wait_timeout: a failover now could lose it. */
    class ReplicationException extends ConnectionException {}

    /**
     * Redis answered a command with an error reply, or with a well-formed reply of a type or
     * shape the command does not answer (a proxy, or a server that is not Redis): then the
     * message is "Unexpected reply to COMMAND from HOST:PORT: TYPE SAMPLE (expected WHAT)",
     * with at most 64 characters of the reply, escaped, and never a command's arguments. The
     * connection stays usable. The worker's threads (lease renewal, metrics publication) say
     * such a failure once on stderr and go on.
     */
    class RedisException extends Exception {}

    /** A payload that is not a valid job. */
    class PayloadException extends Exception {}

    /**
     * Never thrown. 'exception' and 'failed' listeners and the failed store get it for a job the
     * worker fails before running it, because earlier runs (that died) used up its tries or its
     * retryUntil time has passed; 'failed' listeners and the store get it for a job that a
     * 'kill' timeout fails, too.
     */
    class MaxAttemptsExceededException extends Exception {}

    /** Thrown inside a job that ran past its timeout (timeout_mode 'throw'). */
    class TimeoutException extends Exception {}

    /** Given to 'failed' listeners and the failed store when a job was failed without one. */
    class ManuallyFailedException extends Exception {}

    /**
     * A Laravel-compatible Redis queue: same keys, payloads and script semantics
     * as Illuminate\Queue\RedisQueue.
     *
     * @strict-properties
     * @not-serializable
     */
    final class RedisQueue
    {
#ifdef FASTQUEUE_HAVE_TLS
        /**
         * Whether this build speaks TLS to Redis (rediss:// urls, scheme "tls", option "tls").
         * A build without it refuses such settings with a ConnectionException.
         * @var bool
         */
        public const TLS_SUPPORTED = true;
#else
        /** @var bool */
        public const TLS_SUPPORTED = false;
#endif

        /**
         * Makes a queue over one Redis server, the master a set of Sentinels names, or a Redis
         * Cluster. Nothing is sent yet: the first command connects, and the next command after
         * a lost connection connects again.
         *
         * @param array $options The connection and the queue's settings. It is a
         *     #[\SensitiveParameter], as it may hold passwords and key paths: traces show it
         *     masked. Every key is optional, and 'url' is read first so that the other keys
         *     override its parts. The keys, with their type, default and bounds:
         *
         *     - 'url' (?string, null): `redis://[user:pass@]host[:port][/db]`, `rediss://...` for
         *       TLS, or `unix:///path.sock`; a user and password in it are percent-decoded. Read
         *       before the other options, which override its parts.
         *     - 'scheme' (string, 'tcp'): `'tcp'` or `'redis'` for plain text, `'tls'` or
         *       `'rediss'` for TLS, in any case. It overrides the url's scheme; `'tcp'` beside a
         *       `tls://` host or the `tls` option is a `ValueError`.
         *     - 'host' (?string, '127.0.0.1'; non-empty): the server's name or address (the
         *       default when neither `host` nor `socket` is given). Written `'tls://name'`, it asks
         *       for TLS to name.
         *     - 'port' (int, 6379; 1 to 65535): the server's port.
         *     - 'socket' (?string, null; non-empty): the path of a Unix socket, used instead of
         *       `host` and `port`. Not with `sentinel`, `cluster` or TLS.
         *     - 'username' (?string, null): the ACL user; sent only with a password.
         *     - 'password' (?string, null): sent as `AUTH [username] password` on each new
         *       connection (after the TLS handshake).
         *     - 'database' (int, 0; 0 or more): selected with `SELECT` when not 0.
         *     - 'prefix' (?string, ''): put before every key, as Laravel's
         *       `database.redis.options.prefix`.
         *     - 'queue' (?string, 'default'): the queue a method uses when given `null` or `''`
         *       (and the queue when this option is `null` or `''`).
         *     - 'retry_after' (?int, 60; 0 to 315360000 (ten years)): seconds a reservation lasts
         *       (bounded as `later()`'s delay); `null`: expired reservations are never moved back
         *       to their queue.
         *     - 'block_for' (int|float|null, null; 0 to 31536000 (a year)): seconds `pop()` (and
         *       an idle worker) waits on the `:notify` list for a push when no job is ready; `0`
         *       waits until one comes; `null` never waits.
         *     - 'connect_timeout' (int|float, 2.0; 0 or more): seconds a connect, TLS handshake
         *       included, may take; `0` means the default. Values above ten years count as ten
         *       years.
         *     - 'read_timeout' (int|float|null, 10.0; 0 or more): seconds a reply may take (a
         *       blocking wait gets its own length on top, `WAIT` its `wait_timeout`); `null` or
         *       `0`: no limit. Values above ten years count as ten years.
         *     - 'migration_batch_size' (int, -1; -1, or 1 or more): due jobs moved per reserve
         *       from `:delayed` and from expired reservations; `-1`: all of them.
         *     - 'tls' (bool|array|null, null): `true` asks for TLS with the defaults; an array
         *       asks for it with these keys, PHP's SSL context names (another key is a
         *       `ValueError`). Without `cafile` or `capath` the system's CA store is used. See
         *       docs/connections.md.
         *       - 'cafile' (?string, null; non-empty): the CA bundle to trust.
         *       - 'capath' (?string, null; non-empty): a directory of hashed CA certificates to
         *         trust.
         *       - 'local_cert' (?string, null; non-empty): the client's certificate (PEM).
         *       - 'local_pk' (?string, null; non-empty): the client's private key (PEM): needs
         *         `local_cert`, and is optional when that file holds the key.
         *       - 'peer_name' (?string, the host; non-empty): the SNI and the name checked.
         *       - 'verify_peer' (bool, true): check the server's chain against the CAs.
         *       - 'verify_peer_name' (bool, true): check that the server's certificate names
         *         `peer_name`.
         *     - 'sentinel' (?array, null): before each connect the sentinels are asked in order
         *       for the master of `service`, which must answer `ROLE` as a master. `nodes` and
         *       `service` are required, another key is a `ValueError`. See docs/connections.md.
         *       - 'nodes' (string[], required): the sentinels, as `'host:port'` or
         *         `'tcp://host:port'` (default port 26379).
         *       - 'service' (string, required; non-empty): the master's name in the sentinels'
         *         configuration.
         *       - 'username' (?string, null): the sentinels' own ACL user.
         *       - 'password' (?string, null): the sentinels' own password.
         *     - 'cluster' (?array, null): the seed nodes of a Redis Cluster, as `'host:port'` or
         *       `tcp://`, `redis://`, `tls://` or `rediss://` urls (default port 6379; TLS seeds
         *       ask for TLS, and may not be mixed with plain ones). Not with `host`, `port`,
         *       `socket`, `url` or `sentinel`; `database` must be 0, and every queue name (or the
         *       prefix) needs a hash tag such as `'{default}'`. See docs/connections.md.
         *     - 'wait_replicas' (int, 0; 0 to 1000): above 0, every write of a job (`push`,
         *       `pushRaw`, `later`, `laterRaw`, `bulk`, `Job::release()`, a failed-store record,
         *       `retryFailed()`) is followed by `WAIT` for this many replicas, and fewer is a
         *       `ReplicationException` (the write is done on the master, but a failover could lose
         *       it).
         *     - 'wait_timeout' (int|float, 1.0; 0.001 to 31536000 (a year)): seconds `WAIT` waits
         *       for the replicas.
         *
         * @throws \TypeError An option has a value of the wrong type.
         * @throws \ValueError An unknown option, a value out of range, a url that cannot be
         *     read, options that exclude each other, or in a cluster a 'queue' without a hash
         *     tag. Messages name the option and never contain a password.
         * @throws ConnectionException TLS was asked for and this build lacks it
         *     (TLS_SUPPORTED is false): it never falls back to plain text.
         * @throws \Error The object was constructed already.
         */
        public function __construct(#[\SensitiveParameter] array $options = []) {}

        /**
         * Pushes a new job onto the end of a queue, as Laravel's RedisQueue::push() does: the
         * payload is made with Laravel's fields in Laravel's order (uuid, displayName, job,
         * maxTries, maxExceptions, failOnTimeout, backoff, timeout, retryUntil when set, data,
         * id, attempts 0), appended to queues:NAME and announced on queues:NAME:notify in one
         * script call.
         *
         * @param string $job The job's name: a handler-less Worker resolves "Class@method"
         *     (method "fire" when absent) as Laravel does; a handler may read it as it likes.
         * @param mixed $data Any value json_encode() accepts; the payload's "data".
         * @param string|null $queue The queue's name; null or '' for the 'queue' option.
         * @param array $options The payload fields Laravel's job classes set,
         *     each optional:
         *
         *     - 'maxTries' (?int, null; 0 or more): attempts allowed; `null`: the worker's tries.
         *     - 'maxExceptions' (?int, null; 0 or more): exceptions allowed before the job fails.
         *     - 'timeout' (?int, null; 0 or more): seconds the job may run; `null`: the worker's
         *       timeout.
         *     - 'backoff' (int|array|string|null, null): seconds before each retry: an int, a
         *       list of ints, or a string such as `"1,5,10"`; stored as Laravel stores it, a string
         *       of comma-separated seconds.
         *     - 'retryUntil' (int|\DateTimeInterface|null, null): the Unix time after which the
         *       job is not retried but failed.
         *     - 'failOnTimeout' (bool, false): a timeout fails the job instead of leaving it to
         *       be retried.
         *     - 'displayName' (string, the job's name before any '@'): the name `resolveName()`
         *       gives and failure and timeout messages use.
         *
         * @return string
         *     The new job's id: 32 random letters and digits, its payload's "id".
         *
         * @throws \TypeError|\ValueError An unknown option or a bad value (nothing is pushed);
         *     in a Redis Cluster, a queue name without a hash tag.
         * @throws PayloadException $data cannot be encoded as JSON.
         * @throws ConnectionException Redis cannot be reached, or did not answer in time.
         * @throws RedisException Redis refused the write (a key of the wrong type, say).
         * @throws ReplicationException Fewer replicas than wait_replicas confirmed the push.
         */
        public function push(string $job, mixed $data = '', ?string $queue = null, array $options = []): string {}

        /**
         * Pushes a payload made elsewhere (by Laravel, say) onto the end of a queue, byte for
         * byte, announcing it on the queue's :notify list.
         *
         * @param string $payload A JSON object, as PHP's json_decode() accepts it; a "job"
         *     field is not checked here (a worker fails a payload without one).
         * @param string|null $queue The queue's name; null or '' for the 'queue' option.
         *
         * @return string
         *     The payload's "id": a string as it is, an integer as its digits, '' when it has
         *     none (or null).
         *
         * @throws PayloadException The payload is not a JSON object, or its "id" is neither a
         *     string nor an integer. Nothing is pushed.
         * @throws \ValueError In a Redis Cluster, a queue name without a hash tag.
         * @throws ConnectionException Redis cannot be reached, or did not answer in time.
         * @throws RedisException Redis refused the write.
         * @throws ReplicationException Fewer replicas than wait_replicas confirmed the push.
         */
        public function pushRaw(string $payload, ?string $queue = null): string {}

        /**
         * Pushes a new job that becomes available later: its payload (made as push() makes
         * it) goes into queues:NAME:delayed, scored by the time it is due, and a reserve
         * moves it onto the queue once that time has come.
         *
         * @param int|float|\DateTimeInterface $delay Seconds from now, 0 to 315360000 (ten
         *     years), or a point in time (one in the past means now). The due time is counted
         *     in whole seconds, rounded down.
         * @param string $job The job's name, as for push().
         * @param mixed $data Any value json_encode() accepts.
         * @param string|null $queue The queue's name; null or '' for the 'queue' option.
         * @param array $options The job options of push().
         *
         * @return string
         *     The new job's id, as push() returns it.
         *
         * @throws \TypeError|\ValueError A delay that is negative, not finite or beyond ten
         *     years; a bad option; in a Redis Cluster, a queue name without a hash tag.
         * @throws PayloadException $data cannot be encoded as JSON.
         * @throws ConnectionException Redis cannot be reached, or did not answer in time.
         * @throws RedisException Redis refused the write.
         * @throws ReplicationException Fewer replicas than wait_replicas confirmed the write.
         */
        public function later(int|float|\DateTimeInterface $delay, string $job, mixed $data = '', ?string $queue = null, array $options = []): string {}

        /**
         * Adds a payload made elsewhere to a queue's delayed jobs, byte for byte, due after
         * $delay: pushRaw() with later()'s delay.
         *
         * @param int|float|\DateTimeInterface $delay As for later().
         * @param string $payload A JSON object, as for pushRaw().
         * @param string|null $queue The queue's name; null or '' for the 'queue' option.
         *
         * @return string
         *     The payload's "id", as pushRaw() returns it.
         *
         * @throws \TypeError|\ValueError A bad delay; in a Redis Cluster, a queue name
         *     without a hash tag.
         * @throws PayloadException The payload is not a JSON object, or has a bad "id".
         * @throws ConnectionException Redis cannot be reached, or did not answer in time.
         * @throws RedisException Redis refused the write.
         * @throws ReplicationException Fewer replicas than wait_replicas confirmed the write.
         */
        public function laterRaw(int|float|\DateTimeInterface $delay, string $payload, ?string $queue = null): string {}

        /**
         * Pushes several new jobs, each with its own payload made as push() makes it, in one
         * script call: all of them or none.
         *
         * @param string[] $jobs The jobs' names; [] pushes nothing and sends nothing.
         * @param mixed $data The "data" of every one of them.
         * @param string|null $queue The queue's name; null or '' for the 'queue' option.
         *
         * @return array
         *     The new jobs' ids (strings), in the order of $jobs.
         *
         * @throws \TypeError An element of $jobs is not a string.
         * @throws \ValueError In a Redis Cluster, a queue name without a hash tag.
         * @throws PayloadException $data cannot be encoded as JSON.
         * @throws ConnectionException Redis cannot be reached, or did not answer in time.
         * @throws RedisException Redis refused the write.
         * @throws ReplicationException Fewer replicas than wait_replicas confirmed the push.
         */
        public function bulk(array $jobs, mixed $data = '', ?string $queue = null): array {}

        /**
         * Reserves the next job of a queue in one script call, as Laravel's pop does: it moves
         * the queue's due delayed jobs onto its end and, unless retry_after is null, its
         * expired reservations back (to its head, where Laravel puts them at the end), then
         * takes the first job and keeps its reserved copy (attempts + 1) in
         * queues:NAME:reserved until now + retry_after. With 'block_for' set and no job
         * ready, it waits that long for a push, then tries once more.
         *
         * The caller ends the job with delete(), release() or fail(); a job left reserved
         * comes back to its queue after retry_after. A payload that is not a job is returned
         * too, for the caller to fail (its accessors throw PayloadException).
         *
         * @param string|null $queue The queue's name; null or '' for the 'queue' option.
         *
         * @return Job|null
         *     The reserved job, or null when the queue had none (within block_for).
         *
         * @throws \ValueError In a Redis Cluster, a queue name without a hash tag.
         * @throws ConnectionException Redis cannot be reached, or did not answer in time.
         * @throws RedisException A key of the queue has the wrong type (nothing is taken).
         */
        public function pop(?string $queue = null): ?Job {}

        /**
         * How many jobs a queue holds, as Laravel counts them: pending + delayed + reserved.
         *
         * @param string|null $queue The queue's name; null or '' for the 'queue' option.
         *
         * @return int
         *
         * @throws \ValueError In a Redis Cluster, a queue name without a hash tag.
         * @throws ConnectionException Redis cannot be reached, or did not answer in time.
         * @throws RedisException A key of the queue has the wrong type (the message names it).
         */
        public function size(?string $queue = null): int {}

        /**
         * How many jobs wait in a queue's list, ready to be reserved (LLEN queues:NAME).
         *
         * @param string|null $queue The queue's name; null or '' for the 'queue' option.
         *
         * @return int
         *
         * @throws \ValueError In a Redis Cluster, a queue name without a hash tag.
         * @throws ConnectionException Redis cannot be reached, or did not answer in time.
         * @throws RedisException The key has the wrong type (the message names it).
         */
        public function pendingSize(?string $queue = null): int {}

        /**
         * How many jobs of a queue are delayed or released and not due yet, or due and not
         * yet moved by a reserve (ZCARD queues:NAME:delayed).
         *
         * @param string|null $queue The queue's name; null or '' for the 'queue' option.
         *
         * @return int
         *
         * @throws \ValueError In a Redis Cluster, a queue name without a hash tag.
         * @throws ConnectionException Redis cannot be reached, or did not answer in time.
         * @throws RedisException The key has the wrong type (the message names it).
         */
        public function delayedSize(?string $queue = null): int {}

        /**
         * How many jobs of a queue are reserved: running, prefetched by a worker and not yet
         * started, or left behind by a worker that died (ZCARD queues:NAME:reserved).
         *
         * @param string|null $queue The queue's name; null or '' for the 'queue' option.
         *
         * @return int
         *
         * @throws \ValueError In a Redis Cluster, a queue name without a hash tag.
         * @throws ConnectionException Redis cannot be reached, or did not answer in time.
         * @throws RedisException The key has the wrong type (the message names it).
         */
        public function reservedSize(?string $queue = null): int {}

        /**
         * Removes every job of a queue, pending, delayed and reserved, and its :notify list,
         * in one script call.
         *
         * @param string|null $queue The queue's name; null or '' for the 'queue' option.
         *
         * @return int
         *     How many jobs there were (pending + delayed + reserved).
         *
         * @throws \ValueError In a Redis Cluster, a queue name without a hash tag.
         * @throws ConnectionException Redis cannot be reached, or did not answer in time.
         * @throws RedisException A key of the queue has the wrong type: nothing is deleted,
         *     and the message names the key.
         */
        public function clear(?string $queue = null): int {}

        /**
         * The key of a queue's list without the prefix, as Laravel's getQueue() gives it.
         * Nothing is sent to Redis.
         *
         * @param string|null $queue The queue's name; null or '' for the 'queue' option.
         *
         * @return string
         *     "queues:" and the name, e.g. "queues:default".
         */
        public function getQueue(?string $queue = null): string {}

        /**
         * The key prefix in use (the 'prefix' option). Nothing is sent to Redis.
         *
         * @return string
         */
        public function getPrefix(): string {}

        /**
         * The failed jobs a Worker recorded (its 'failed_store' option), newest first. They
         * live behind the prefix in fastqueue:failed (a sorted set of ids, scored by the time
         * of failure) and a hash fastqueue:failed:ID per job; in a Redis Cluster the name is
         * hash-tagged, {fastqueue:failed}.
         *
         * @param string|null $queue Only the records of this queue (by exact name); null:
         *     every queue's.
         *
         * @return array
         *     A list of records, each an array with 'id' (the job's uuid, else its id),
         *     'queue', 'payload' (the job as it was pushed), 'exception' (the class of the
         *     Throwable it failed with), 'message', 'trace' (the Throwable as a string, as
         *     Laravel stores it) and 'failed_at' (an int, Unix time).
         *
         * @throws ConnectionException Redis cannot be reached, or did not answer in time.
         * @throws RedisException Redis refused the query (a key of the wrong type, say).
         */
        public function failed(?string $queue = null): array {}

        /**
         * Puts a failed job back onto the end of its queue with its attempts reset to 0
         * (a payload whose count cannot be rewritten goes back as it was), announces it, and
         * forgets its record: one script call; in a Redis Cluster the push comes first and
         * the record is forgotten after, so a failure in between never loses the job.
         *
         * @param string $id The record's id, as failed() gives it.
         *
         * @return bool
         *     false when no record has that id.
         *
         * @throws \ValueError In a Redis Cluster, the record's queue has no hash tag.
         * @throws ConnectionException Redis cannot be reached, or did not answer in time.
         * @throws RedisException Redis refused the call.
         * @throws ReplicationException Fewer replicas than wait_replicas confirmed the push.
         */
        public function retryFailed(string $id): bool {}

        /**
         * Forgets one failed job: its record and its place in the index.
         *
         * @param string $id The record's id, as failed() gives it.
         *
         * @return bool
         *     false when the index did not hold that id.
         *
         * @throws ConnectionException Redis cannot be reached, or did not answer in time.
         * @throws RedisException Redis refused the call.
         */
        public function forgetFailed(string $id): bool {}

        /**
         * Forgets every failed job: the index and every record it names.
         *
         * @return int
         *     How many records the index held.
         *
         * @throws ConnectionException Redis cannot be reached, or did not answer in time.
         * @throws RedisException Redis refused the call.
         */
        public function flushFailed(): int {}
    }

    /**
     * Runs pools of worker processes and keeps them running: a control loop in C starts each
     * pool's command (fork and exec of an argument vector, no shell), reaps the processes that
     * end, replaces those that end by design at once and restarts those that crash after a
     * delay that grows from 1 s to 60 s, forwards pause and continue, and stops them gracefully.
     * A worker gets SIGTERM from the kernel if the supervisor is killed. docs/supervisor.md
     * has the design, the signals and the exit-status table.
     *
     * @strict-properties
     * @not-serializable
     */
    final class Supervisor
    {
        /**
         * Makes a supervisor with no pool. Nothing starts until run().
         *
         * @param array $options Each optional. The keys, with their type and default:
         *
         *     - 'stop_timeout' (int|float, 60; 0 to 31536000 (a year)): seconds a worker is given
         *       to end after the SIGTERM of a stop before it gets SIGKILL.
         *     - 'log' (?callable, null): called for each event of the fleet with the line
         *       (string) and the event (array: `event` one of `started`, `exited`, `start_failed`,
         *       `shrinking`, `stopping`, `killed`, `paused`, `continued`, `stopped`; `pool`, `pid`,
         *       `reason`, `delay` (seconds until the worker is started again: 0 at once, `null`
         *       never), `ran` (seconds), `status` and `signal`, each `null` where it does not
         *       apply). Never on the loop's own turns. `null`: each line goes to stderr as
         *       `FastQueue supervisor: LINE`. A Throwable from it stops the fleet as SIGTERM does
         *       (the lines until then go to stderr), and `run()` throws it once every worker has
         *       ended; so do `exit()` and a fatal error in it, which take effect then.
         *     - 'queue' (?FastQueue\RedisQueue, null): the connection (with its TLS, Sentinel or
         *       Cluster settings) and the key prefix that the queues' figures, the registry and the
         *       stamps are read from: needed by a balanced group, a `name`, and pools that scale to
         *       zero. The supervisor uses its connection only inside `run()`.
         *     - 'name' (?string, null; non-empty, 1 to 100 bytes of `A-Z a-z 0-9 _ . : -`):
         *       registers the supervisor in Redis under this name (needs `queue`): a status record
         *       at each heartbeat (`fastqueue:status`), the terminate and restart stamps, a
         *       `shared` group's budget. A second supervisor of the same name on the same host is
         *       refused.
         *     - 'host' (?string, gethostname(); non-empty, 1 to 100 bytes of `A-Z a-z 0-9 _ . :
         *       -`): the host the supervisor stands for in the registry.
         *     - 'heartbeat' (int|float, 3; 0.1 to 60): seconds between two heartbeats: the record
         *       written, the stamps and the other hosts read. A supervisor silent for two is taken
         *       for dead: its share goes to the others within three.
         *
         * @throws \TypeError An option of the wrong type.
         * @throws \ValueError An unknown option, or one out of its bounds.
         */
        public function __construct(array $options = []) {}

        /**
         * Adds a pool: $processes workers, each running $command.
         *
         * @param string $name The pool's name, unique in this supervisor, 1 to 100 bytes.
         * @param array $command The program and its arguments, a non-empty list of strings
         *     without NUL bytes, such as ['php', 'artisan', 'fastqueue:work', '--queue=high'].
         *     A program named without a '/' is looked up in PATH (the pool's 'env' PATH if it
         *     sets one); no shell runs.
         * @param int $processes How many workers to run, 0 to 1000, between the options
         *     'min_processes' and 'max_processes'.
         * @param array $options Each optional. The keys, with their type and default:
         *
         *     - 'min_processes' (int, 0; 0 to $processes): the least `setProcesses()` or
         *       balancing may set; with 0 a balanced pool scales to zero and starts again on a
         *       push.
         *     - 'max_processes' (int, $processes, or the group's max_processes; $processes to
         *       1000): the most `setProcesses()` or balancing may set.
         *     - 'env' (array, []): variables added to the supervisor's environment for this
         *       pool's workers, name => value, both strings without NUL; a name is non-empty and
         *       holds no `=`; a variable of the same name is replaced.
         *     - 'group' (?string, null; non-empty): the group (`addGroup()`, called before) whose
         *       budget the pool takes from; `null`: the pool keeps its own count.
         *     - 'queues' (array, []; 1 to 100 names): the queues (names without prefix) whose
         *       figures drive the pool: its backlog, its oldest wait, its jobs' run time. Needed in
         *       a balanced group, and to scale to zero.
         *     - 'design_exits' (array, [0, 1, 12]; 0 to 255 each): the exit statuses of a worker
         *       that ended by design (a stop condition, a job's timeout, the memory limit): it is
         *       replaced at once. Any other status, or a signal, is a crash, restarted after 1 s, 2
         *       s, 4 s ... 60 s; so is a status of this list after less than 1 s of running. See
         *       docs/supervisor.md.
         *
         * @throws \TypeError An argument or option of the wrong type.
         * @throws \ValueError An empty name or command, a count out of bounds, an unknown
         *     option, or a name another pool has.
         * @return void
         *
         * @throws \Error While run() runs.
         */
        public function addPool(string $name, array $command, int $processes, array $options = []): void {}

        /**
         * Adds a group: pools that share one budget of processes, balanced between them every
         * cooldown by their queues' figures (a Horizon supervisor). A pool joins it with
         * addPool()'s option 'group'. See docs/supervisor.md, "Balancing".
         *
         * @param string $name The group's name, unique in this supervisor, 1 to 100 bytes.
         * @param array $options Each optional. The keys, with their type and default:
         *
         *     - 'balance' (string, 'auto'; non-empty, `off`, `simple` or `auto`): `off`: each
         *       pool keeps its own count (Horizon's `false`); `simple`: the budget split evenly
         *       between the pools; `auto`: shared by each pool's need. See docs/supervisor.md.
         *     - 'strategy' (string, 'time'; non-empty, `time` or `size`): `auto`'s measure of a
         *       backlog (Horizon's `autoScalingStrategy`): `time`, the seconds of work waiting (the
         *       jobs times their run time) plus the oldest wait, over the cooldown; `size`, a
         *       process per waiting job. Both keep the processes a pool's jobs keep busy.
         *     - 'max_processes' (int, 1; 1 to 1000): the group's budget: the most processes its
         *       pools run together, on this host (or on all hosts, `shared`). Each pool still runs
         *       its `min_processes`.
         *     - 'max_shift' (int, 1; 1 to 1000): the most processes a pool gains or loses in one
         *       balancing turn (Horizon's `balanceMaxShift`).
         *     - 'cooldown' (int|float, 3; 0.1 to 3600): seconds between two balancing turns
         *       (Horizon's `balanceCooldown`).
         *     - 'shared' (bool, false): `max_processes` is shared by the supervisors of this
         *       `name` on every host, split evenly between the live ones; needs `name`.
         *
         * @throws \TypeError An option of the wrong type.
         * @throws \ValueError An empty name, a name another group has, an unknown option, one
         *     out of its bounds, 'auto' without the supervisor's 'queue', 'shared' without its
         *     'name'.
         * @return void
         *
         * @throws \Error While run() runs.
         */
        public function addGroup(string $name, array $options = []): void {}

        /**
         * Changes how many workers a pool runs. During run() the loop follows at once: a
         * larger pool starts workers, a smaller one sends SIGTERM to its newest workers, which
         * finish their job and end (a crashed worker waiting to restart is given up first).
         *
         * @param string $pool A pool's name.
         * @param int $processes Between the pool's min_processes and max_processes.
         * @return void
         *
         * @throws \ValueError No pool of that name, or a count out of its bounds.
         */
        public function setProcesses(string $pool, int $processes): void {}

        /**
         * Starts every pool and supervises it until stopped: by SIGTERM, SIGINT or SIGQUIT,
         * by stop(), or by an exception, exit() or a fatal error in the log callable. Its own signal handlers replace
         * the caller's for the run (SIGTERM, SIGINT, SIGQUIT, SIGUSR2, SIGCONT, SIGCHLD, SIGHUP) and
         * are put back after it.
         *
         * @return int 0 when every worker ended within stop_timeout after the stop, 1 when
         *     some had to be killed.
         *
         * @throws Exception A pool's command could not be started at the first start (the
         *     message names the pool, the program and the reason); the workers already
         *     started are stopped first.
         * @throws \Error No pool, run() already running, or inside Worker::daemon().
         */
        public function run(): int {}

        /**
         * Stops a running run() as SIGTERM does. Outside run() it does nothing: a run forgets
         * a call made before it starts.
         *
         * @return void
         */
        public function stop(): void {}

        /**
         * Pauses a running run() as SIGUSR2 does: SIGUSR2 to every worker (each starts with
         * it ignored until it sets a handler, and those started in the last minute get it
         * again every second while paused), and no worker started until resume(). Outside
         * run() it does nothing.
         *
         * @return void
         */
        public function pause(): void {}

        /**
         * Continues a paused run() as SIGCONT does. Outside run() it does nothing.
         *
         * @return void
         */
        public function resume(): void {}

        /**
         * Restarts every worker of a running run(), one pool at a time, as SIGHUP and a change
         * of the restart stamp do: in each pool a new worker starts first, and once it has run
         * 1 s an old one gets SIGTERM, finishes its job and ends; then the next old one. A
         * pool thus runs one process above its count during its own restart, and a queue is
         * never left without a process. Outside run() it does nothing.
         *
         * @return void
         */
        public function restart(): void {}

        /**
         * The fleet as it is now.
         *
         * @return array 'state' ('idle', 'running', 'paused' or 'stopping') and 'pools', by
         *     name: 'command', 'processes' (the target), 'min_processes', 'max_processes',
         *     'pids' (running workers, oldest first), 'stopping' (pids sent SIGTERM, not
         *     ended yet), 'started', 'replaced' (ended by design), 'crashes' (crashed, or
         *     could not start), 'waiting' (crashed workers waiting for their delay),
         *     'next_restart' (seconds until the first of them, or null), 'last_exit' (how
         *     the last worker ended, or null), 'group' (or null) and 'queues'. Then 'name' and
         *     'host' (the registry's, or null), 'figures' ('ok', the error while the queues'
         *     figures cannot be read, or null without a 'queue'), 'groups' by name ('balance',
         *     'strategy', 'max_processes', 'max_shift', 'cooldown', 'shared', 'budget': this
         *     host's share, 'hosts'), 'queues' by name (the last reading: 'backlog', 'wait',
         *     'runtime' and 'busy', null until read or unknown), 'restarting' (the pool a
         *     rolling restart is at, or null) and 'restarted' (the restart stamp last carried
         *     out, '' for none).
         */
        public function status(): array {}
    }

    /**
     * Laravel's queue:work daemon loop in C: reserves jobs, runs them through the handler,
     * deletes, releases or fails them, and stops on signals and limits.
     *
     * @strict-properties
     * @not-serializable
     */
    final class Worker
    {
        /**
         * The status daemon() returns for a stop condition: a quit signal (SIGTERM, SIGINT,
         * SIGQUIT), stop_when_empty, max_jobs, max_time or the restart key.
         * @var int
         * @cvalue FASTQUEUE_EXIT_SUCCESS
         */
        public const EXIT_SUCCESS = 0;
        /**
         * The status a job's timeout ends the process with in timeout_mode 'kill' (unless
         * timeout_exit_status says otherwise), and the watchdog's for a job stuck past its
         * timeout.
         * @var int
         * @cvalue FASTQUEUE_EXIT_ERROR
         */
        public const EXIT_ERROR = 1;
        /**
         * The status daemon() returns when PHP's allocated memory (memory_get_usage(true))
         * has reached the worker's 'memory' option (MB) at the end of a round.
         * @var int
         * @cvalue FASTQUEUE_EXIT_MEMORY_LIMIT
         */
        public const EXIT_MEMORY_LIMIT = 12;

        /**
         * Makes a worker over a queue's connection. Nothing is sent until daemon() or
         * runNextJob() runs.
         *
         * The handler is called with each Job. Returning normally is success: the job is
         * deleted, unless the handler deleted, released or failed it itself. A Throwable is
         * the job's exception: it is released with its backoff while it has tries left, else
         * failed. Without a handler the payload's "job" is resolved as Laravel does without a
         * container: "Class@method" (method "fire" when absent) is called as
         * (new Class)->method($job, $data) would be from outside the class; a missing class
         * or method is the job's exception.
         *
         * @param RedisQueue $queue A constructed queue; the worker shares its connection.
         * @param callable|null $handler Called with the Job; null: resolve the "job" field.
         * @param array $options Named after queue:work's options, each optional. The keys,
         *     with their type, default and bounds:
         *
         *     - 'name' (string, 'default'; non-empty): the worker's name, passed to `looping`
         *       listeners.
         *     - 'sleep' (int|float, 3; 0 to 31536000 (a year)): seconds to sleep when a round
         *       finds no job (not after a `block_for` wait, which waited already).
         *     - 'tries' (int, 1; 0 or more): attempts a job may use unless its payload's
         *       `maxTries` says otherwise; `0`: unlimited.
         *     - 'backoff' (int|array, 0; 0 to 315360000 (ten years) each): seconds before a
         *       failed attempt is retried: one value, or a non-empty list by attempt whose last
         *       value repeats. A job's own backoff wins (clamped to the same ten years when the job
         *       is released).
         *     - 'timeout' (int, 60; 0 to 31536000 (a year)): seconds a job may run unless its
         *       payload's `timeout` says otherwise; `0`: no limit.
         *     - 'memory' (int, 128; 1 or more): MB; when `memory_get_usage(true)` has reached it
         *       at the end of a round (idle and paused ones too), `daemon()` returns
         *       `EXIT_MEMORY_LIMIT`.
         *     - 'max_jobs' (int, 0; 0 or more): `daemon()` returns 0 after this many jobs (failed
         *       and released ones count); `0`: no limit.
         *     - 'max_time' (int, 0; 0 or more): `daemon()` returns 0 after running this many
         *       seconds, once its current job is done; `0`: no limit.
         *     - 'rest' (int|float, 0; 0 to 31536000 (a year)): seconds `daemon()` rests after
         *       each job.
         *     - 'force' (bool, false): run jobs even while the maintenance file exists.
         *     - 'stop_when_empty' (bool, false): `daemon()` returns 0 once a round finds no job
         *       (a queue its `limits` hold back is not empty: it waits for it).
         *     - 'restart_key' (?string, null; non-empty): a Redis key (behind the prefix) that
         *       `daemon()` watches: when its value differs from the one read at start (a key that
         *       appears or goes counts), `daemon()` returns 0 after its current job. It is read
         *       with every reserve, and at most once a second while prefetched jobs run and while
         *       an idle worker waits.
         *     - 'maintenance_file' (?string, null; non-empty): a path, such as Laravel's
         *       `storage/framework/down`: while the file exists (and `force` is `false`),
         *       `daemon()` starts no job.
         *     - 'timeout_mode' (string, 'kill'): what a job's timeout does. `'kill'`, Laravel's
         *       way: fire `timeout`, fail the job when it may not run again, and end the process
         *       with `timeout_exit_status`. `'throw'`: throw a `TimeoutException` inside the job,
         *       handled as any exception of the job, and live on. See docs/signals.md.
         *     - 'timeout_exit_status' (int, 1; 0 to 255): the process's exit status after a
         *       `'kill'` timeout (Laravel's `Worker::$timedOutExitCode`).
         *     - 'timeout_grace' (int|float, 1.0; above 0, at most 31536000 (a year)): seconds
         *       after a timeout before the watchdog ends a process whose job is stuck where PHP
         *       cannot interrupt it, writing the job's name to stderr and exiting with
         *       `EXIT_ERROR`. In `'kill'` mode, failing the timed-out job and the stopping
         *       listeners then get at least 10 s more before the watchdog ends them.
         *     - 'failed_store' (bool, true): record failed jobs in Redis, for
         *       `RedisQueue::failed()`; `false`: a failed job's reservation is only removed.
         *     - 'prefetch' (int, 1; 1 to 1000): jobs reserved per round trip. Above 1 it is used
         *       only when a job can still finish within its reservation (`timeout` +
         *       `timeout_grace` + 1 s below `retry_after`, or `retry_after` `null`); otherwise the
         *       worker says so once on stderr and reserves one job at a time. See docs/delivery.md.
         *     - 'overlap' (bool, true): with `prefetch` above 1, `daemon()` sends the next
         *       batch's reserve as a batch starts, so Redis reserves while jobs run; with
         *       `prefetch` 1, it sends the next reserve with the ack as a job ends well, before the
         *       `processed` listeners (a job it then cannot run goes back as pushed); `false`: each
         *       reserve after the loop's checks. Never on a Redis Cluster. See docs/delivery.md.
         *     - 'limits' (?array, null): per-queue limits enforced inside the reserve script, on
         *       Redis's clock, for every worker that carries them: an array keyed by queue name,
         *       each entry an array of these keys. A job over a limit stays in its queue untouched
         *       (no attempt used) and the worker serves its next queue, or waits. `concurrency`
         *       needs the RedisQueue's `retry_after`. Limits of a queue the run does not serve are
         *       ignored. See docs/limits.md.
         *       - 'rate' (int, none; 1 to 1000000): at most this many jobs start in any window of
         *         `per` seconds.
         *       - 'per' (int|float, none; above 0, at most 31536000 (a year)): the rate's window,
         *         in seconds (a sliding window); needed with `rate`, and only with it.
         *       - 'concurrency' (int, none; 1 to 1000000): at most this many jobs of the queue
         *         are reserved (running or prefetched) at once, by every worker that carries this
         *         limit.
         *     - 'lease_renewal' (bool, false): while a job runs, a thread of the worker with its
         *       own connection moves its reservation's score in `:reserved` forward every
         *       `retry_after / 3` (`ZADD XX`, member unchanged), so a job longer than `retry_after`
         *       is not taken by another worker. Needs `retry_after` of 2 s or more. Off by default:
         *       Laravel's worker does not do it, it opens a second connection per worker, and a job
         *       hung with `timeout` 0 would keep its job for ever. `stats()` counts
         *       `lease_renewals`, `leases_lost` and `lease_failures`. See docs/delivery.md.
         *     - 'metrics' (bool, false): gather figures per job, per queue and per worker
         *       (docs/metrics.md): jobs by outcome, timeouts, wait, run and CPU seconds, memory
         *       peak, reserve round trips, Redis wait, idle time, the prefetch buffer. Read them
         *       with `metrics()` and the `measured` event. Off by default: to measure each job's
         *       memory peak the worker resets PHP's peak as the job's handler starts, so inside a
         *       job `memory_get_peak_usage()` reports the peak since that job began, not the
         *       process's (`stats()`'s `memory_peak` stays the process's); and Laravel's worker
         *       does none of it.
         *     - 'metrics_worker' (string, "HOSTNAME:PID"; non-empty, at most 200 bytes): the
         *       value of the exposition's `worker` label.
         *     - 'metrics_file' (?string, null; non-empty): a path the worker rewrites with its
         *       exposition every `metrics_interval` seconds and as a run ends, atomically (written
         *       beside it, then renamed), for node_exporter's textfile collector. Also written as a
         *       run starts, and before a `'kill'` timeout ends the process. A write that fails is
         *       said once on stderr and tried again; it never ends the worker.
         *     - 'metrics_listen' (?string, null; non-empty): serve the exposition over HTTP at
         *       `GET /metrics`: `"PORT"` (on 127.0.0.1), `"IPV4:PORT"` or `"[IPV6]:PORT"`. Bound as
         *       a run starts, closed as it ends. Clients are served at once (at most 256, fewer
         *       under a low `RLIMIT_NOFILE`), each within its own 2 s; a scrape gets a render at
         *       most 100 ms old; `GET` and `HEAD` of `/metrics` or `/` only (else 404, or 405),
         *       `Connection: close`. An address that cannot be bound is a `FastQueue\Exception`
         *       from `daemon()` and `runNextJob()`. See docs/metrics.md.
         *     - 'metrics_allow' (?array, null): with `metrics_listen`, the client networks it
         *       serves, IPv4 or IPv6, e.g. `['10.0.0.0/8', '::1/128']` (a bare address is that
         *       address alone): a non-empty list of strings; another client's connection is closed
         *       at once, unanswered. `null`: every client.
         *     - 'metrics_publish' (bool, false): publish the exposition to Redis every
         *       `metrics_interval` seconds, for `php artisan fastqueue:metrics`: the text under the
         *       RedisQueue's prefix + `"fastqueue:metrics:{workers}:"` + the worker label, living 3
         *       x `metrics_interval` (at least 5 s), and the label in the sorted set prefix +
         *       `"fastqueue:metrics:{workers}"` (score: the time). A run that ends removes both; a
         *       failure is said once on stderr and retried.
         *     - 'metrics_interval' (int|float, 5.0; 0.1 to 3600): seconds between rewrites and
         *       publications.
         *     metrics_file, metrics_listen and metrics_publish turn 'metrics' on; given
         *     with 'metrics' => false they are a ValueError.
         *
         * @throws \TypeError The handler is not callable, or an option has a value of the
         *     wrong type.
         * @throws \ValueError $queue was not constructed, an unknown option, or a value out of
         *     range. Messages name the option.
         * @throws \Error The object was constructed already.
         */
        public function __construct(RedisQueue $queue, ?callable $handler = null, array $options = []) {}

        /**
         * Adds a listener to an event. Listeners of one event run in the order they were
         * added; one added while its event is being fired runs from the next firing on. A
         * listener that throws is reported on stderr, and the worker goes on and loses no
         * job. Listeners run under the job's guard: a fatal error in one ends the process as
         * one in a job does. The events, with the arguments their listeners get:
         *
         *     - 'looping' (string $name, string $queues): daemon() only, before each round
         *       that may run a job (not while paused or in maintenance), with the 'name'
         *       option and daemon()'s $queues as given. A listener that returns false skips
         *       the round: finished jobs are acknowledged, prefetched ones handed back, and
         *       the worker sleeps.
         *     - 'processing' (Job $job): a job is about to run, after 'queue:reserved'; also
         *       one that is then failed without running.
         *     - 'processed' (Job $job): the job's handler returned without an exception.
         *     - 'exception' (Job $job, \Throwable $e): the job threw, or was failed before it
         *       ran (not a job, "attempts" not a count, out of tries or time); after 'failed'
         *       when it failed the job, before 'released' when the worker retries it.
         *     - 'released' (Job $job, int $delay): the worker released the job for another
         *       attempt after an exception, due in $delay seconds (after 'queue:released').
         *       Not fired for the job's own release().
         *     - 'failed' (Job $job, \Throwable $e): the job failed: out of tries, time or
         *       exceptions, a timeout with failOnTimeout, not runnable (a PayloadException or
         *       MaxAttemptsExceededException), a 'kill' timeout that may not retry, or
         *       $job->fail() (with its Throwable, or a ManuallyFailedException without one).
         *       After 'queue:deleted'.
         *     - 'timeout' (Job $job): the job ran past its timeout; in 'throw' mode before the
         *       TimeoutException is thrown into it, in 'kill' mode before the job is failed
         *       (when it may not run again) and the process ends.
         *     - 'stopping' (int $status): daemon() is about to return $status. It also fires,
         *       in runNextJob() as well, just before a 'kill' timeout ends the process with
         *       timeout_exit_status.
         *     - 'signal' (int $signal, Job|null $job): daemon() only: the worker received
         *       SIGTERM, SIGINT, SIGQUIT, SIGUSR2 or SIGCONT. Listeners hear of it at the next
         *       safe point, which may be inside the running job's PHP code ($job is that job,
         *       null between jobs), once for each signal number that arrived, and before
         *       'stopping' when the signal ends the run. What the worker does on the signal
         *       does not depend on them.
         *     - 'queue:reserved' (Job $job): the job starts: its reserved copy is in
         *       :reserved now. Before 'processing'.
         *     - 'queue:migrated' (string $queue, array $jobs, string $from): fired for each
         *       migration step a reserve takes, in Laravel's order: per queue it visits,
         *       $from 'delayed' (due delayed jobs put at the queue's end), then 'reserved'
         *       (expired reservations put back), the latter unless retry_after is null. $jobs
         *       lists the members moved (strings) by score, and is often empty. The reserve
         *       reports its steps only while such a listener exists.
         *     - 'queue:deleted' (Job $job): the job left :reserved for good: acknowledged after
         *       it ran, delete(), or failed (then hasFailed() is true already).
         *     - 'queue:released' (Job $job, int $delay): the job went to :delayed, by its own
         *       release() or the worker's retry (then before 'released').
         *     - 'error' (\Throwable $e): a reserve or a wait on Redis failed, with the
         *       ConnectionException, RedisException or ReplicationException RedisQueue would
         *       throw. The worker also writes it to stderr and retries after a backoff (0.1 s
         *       doubling to 5 s). The exception is made only when someone listens.
         *     - 'idle' (no arguments): daemon() only: a round reserved no job; fired before
         *       the sleep (not for paused rounds, nor when every queue is skipped).
         *     - 'measured' (Job $job, array $figures): 'metrics' on only: a job attempt
         *       ended, after its ending events (processed, failed or released). $figures:
         *       'queue' (string), 'outcome' ('processed', 'released' or 'failed'),
         *       'timed_out' (bool), 'wait_seconds' (float, or null without the payload's
         *       createdAt or after the first attempt), 'run_seconds' and 'cpu_seconds'
         *       (floats: the handler's wall and CPU time), 'memory_peak_bytes' (int: PHP's
         *       allocation peak during the handler). A job failed before its handler ran
         *       (not runnable) has 0 for the last three. Not fired for a 'kill' timeout,
         *       which ends the process (the attempt is still counted in metrics()).
         *
         * @param string $event One of the names above.
         * @param callable $listener Called with the event's arguments; its return value
         *     matters for 'looping' only.
         *
         * @return static
         *     $this, to chain calls.
         *
         * @throws \ValueError An unknown event; the message lists the valid ones.
         * @throws \TypeError The listener is not callable.
         */
        public function on(string $event, callable $listener): static {}

        /**
         * Laravel's queue:work loop: reserves jobs, runs them, deletes, releases or fails
         * them, until a stop condition, checked after each round in Laravel's order: stop(),
         * a quit signal, memory, the restart key, stop_when_empty, max_time, max_jobs.
         *
         * For the run it installs its own handlers for SIGTERM, SIGINT and SIGQUIT (finish the
         * current job, hand back unstarted prefetched jobs, return 0), SIGUSR2 (pause),
         * SIGCONT (resume) and SIGALRM (job timeouts); the dispositions and any alarm found
         * before are restored when it returns. It never calls exit() for a stop condition, but
         * a 'kill' timeout and the watchdog end the process. Redis going away does not end
         * it: the error is reported on stderr and to 'error' listeners, and the reserve is
         * retried with a backoff.
         *
         * @param string $queues A priority list such as 'high,default,low' (blanks around
         *     names ignored): each round takes jobs from the first queue that has any. The
         *     default is the queue named "default", whatever the RedisQueue's 'queue' option.
         *
         * @return int
         *     EXIT_SUCCESS, the status given to stop(), or EXIT_MEMORY_LIMIT.
         *
         * @throws \ValueError $queues names no queue, or in a Redis Cluster names one without
         *     a hash tag.
         * @throws Exception metrics_listen's address cannot be bound (in use, or not one of
         *     the machine's); the message names it and the reason.
         * @throws \Error This worker is running already, or it is called inside a job or
         *     listener of another running worker (signal handlers and the job alarm belong to
         *     the process).
         */
        public function daemon(string $queues = 'default'): int {}

        /**
         * Reserves and runs at most one job, as queue:work --once. With 'block_for' it waits
         * that long for one; finding none without such a wait, it sleeps 'sleep' seconds, as
         * Laravel's runNextJob() does; then it returns false. It runs a job even while paused
         * or in maintenance, neither watches the restart key nor checks stop conditions, and
         * fires no 'looping', 'idle', 'signal' or 'stopping' (but for a 'kill' timeout).
         *
         * A quit signal that arrives meanwhile is held back until the job is done and
         * acknowledged, then raised again under the disposition found before, so a loop of
         * runNextJob() calls ends as the caller arranged. Jobs reserved beside it (prefetch)
         * go back to their queue untouched.
         *
         * @param string $queues A priority list, as for daemon().
         *
         * @return bool
         *     true when a job ran; false when there was none, or Redis failed (reported on
         *     stderr and to 'error' listeners).
         *
         * @throws \ValueError $queues names no queue, or in a Redis Cluster names one without
         *     a hash tag.
         * @throws Exception As for daemon().
         * @throws \Error As for daemon().
         */
        public function runNextJob(string $queues = 'default'): bool {}

        /**
         * Asks the running daemon() to return $status once the current job is done: for jobs
         * and listeners. A run clears the request as it starts, so a call outside a run is
         * forgotten.
         *
         * @param int $status The status daemon() returns, an exit code 0 to 255.
         *
         * @return void
         *
         * @throws \ValueError $status is outside 0 to 255.
         */
        public function stop(int $status = 0): void {}

        /**
         * Pauses the worker, as SIGUSR2 does (one and the same flag): daemon() starts no new
         * job, acknowledges finished ones, hands prefetched ones back, and still honours
         * stop_when_empty, max_time and the restart key. The flag outlives a run: a worker
         * paused before daemon() starts paused. runNextJob() ignores it.
         *
         * @return void
         */
        public function pause(): void {}

        /**
         * Clears the pause, as SIGCONT does.
         *
         * @return void
         */
        public function resume(): void {}

        /**
         * Whether the worker is paused, by pause() or SIGUSR2.
         *
         * @return bool
         */
        public function isPaused(): bool {}

        /**
         * Sets the queues of a run's list that the worker does not reserve from, from the next
         * round on; a new call replaces the set, which also holds for later runs. This is how
         * Laravel's paused queues (Queue::pause()) are honoured, from a 'looping' listener.
         * Names the list does not hold are ignored. Jobs prefetched from a queue that becomes
         * skipped go back to it, in their order. When every queue is skipped a round finds no
         * job: the worker sleeps, and stop_when_empty applies.
         *
         * @param string[] $queues Queue names; [] reserves from every queue again.
         *
         * @return void
         *
         * @throws \TypeError An element is not a string.
         */
        public function skipQueues(array $queues): void {}

        /**
         * Counters since the worker was made, over all its runs.
         *
         * @return array
         *     'processed' (jobs started, failed and released ones included), 'failed',
         *     'released' (by the worker, after an exception), 'exceptions', 'timeouts' (ints);
         *     'started_at' (the Unix time of construction) and 'busy_seconds' (time spent
         *     in jobs) as floats; 'memory_peak' (the process's peak, as
         *     memory_get_peak_usage(true) would be without 'metrics': an int); lease
         *     renewal's 'lease_renewals', 'leases_lost' and 'lease_failures' (ints); the
         *     limits option's 'held_back' (queues a reserve held back, an int) and
         *     'limited_seconds' (time some queue was held back, a float). See docs/limits.md.
         */
        public function stats(): array {}

        /**
         * This worker's figures as Prometheus text (format 0.0.4): the same text as its
         * metrics_file, its metrics_listen endpoint and its publication. Names, units and
         * buckets are in docs/metrics.md.
         *
         * @return string
         *
         * @throws \Error The worker was made without 'metrics' (nor an option that turns it
         *     on): there are no figures.
         */
        public function metrics(): string {}
    }

    /**
     * A reserved job, made by RedisQueue::pop() or by a Worker, never directly. Its accessors
     * read the payload's top-level fields, found by one scan of the payload and decoded only
     * when asked for; delete(), release() and fail() end it.
     *
     * @strict-properties
     * @not-serializable
     */
    final class Job
    {
        /**
         * Jobs are made by RedisQueue::pop() and by a Worker, never with new: calling the
         * constructor throws an Error.
         */
        private function __construct() {}

        /**
         * The payload's "id".
         *
         * @return string
         *     A string id as it is, an integer one as its digits; '' when there is none (or
         *     it is of another type).
         *
         * @throws PayloadException The payload is not a job (not a JSON object, or no
         *     "job" name).
         */
        public function getJobId(): string {}

        /**
         * The payload's "uuid", which Laravel gives every job it pushes.
         *
         * @return string|null
         *     A string as it is, an integer as its digits; null when there is none (or it is
         *     of another type).
         *
         * @throws PayloadException The payload is not a job.
         */
        public function uuid(): ?string {}

        /**
         * The payload's "job" field: the handler's name, such as "Class@method" or Laravel's
         * "Illuminate\Queue\CallQueuedHandler@call".
         *
         * @return string
         *
         * @throws PayloadException The payload is not a job.
         */
        public function getName(): string {}

        /**
         * The name to show for the job, as Laravel's resolveName() gives it.
         *
         * @return string
         *     The payload's "displayName" when it is a non-empty string, else its "job".
         *
         * @throws PayloadException The payload is not a job.
         */
        public function resolveName(): string {}

        /**
         * The payload exactly as it was in the queue's list. Never throws, whatever the
         * payload holds.
         *
         * @return string
         */
        public function getRawBody(): string {}

        /**
         * The reserved copy, the member that stands for the job in queues:NAME:reserved and
         * that delete(), release() and fail() remove: the payload with only the digits of its
         * top-level "attempts" changed, to the count of this attempt (every other byte kept).
         * A payload whose count could not be found is its own copy. A job a Worker reserved in
         * a batch (prefetch) gets this copy in :reserved when it starts.
         *
         * @return string
         */
        public function getReservedJob(): string {}

        /**
         * The whole payload, decoded as json_decode($payload, true) does, once and only when
         * asked for.
         *
         * @return array
         *
         * @throws PayloadException The payload is not a job: not valid JSON (with PHP's own
         *     words for the fault), not an object, or no "job" name.
         */
        public function payload(): array {}

        /**
         * The payload's "data" field, decoded (only that field is, unless payload() was
         * called).
         *
         * @return mixed
         *     null when the payload has no "data".
         *
         * @throws PayloadException The payload is not a job.
         */
        public function getData(): mixed {}

        /**
         * Which attempt this is, counting from 1 on the first run: the reserve raised the
         * payload's "attempts" by one. When the reserve could not count them (an "attempts"
         * that is not a count), Laravel's rule gives the payload's value plus one.
         *
         * @return int
         *
         * @throws PayloadException The reserve could not count the attempts, and the payload
         *     is not a job or its "attempts" is not an integer.
         */
        public function attempts(): int {}

        /**
         * Why the previous attempt of this job ended its worker, when it did: the crash
         * record the worker (or, after kill -9, the next reserve) wrote for it, such as
         * "attempt 1 of App\Jobs\Import ended its worker: Allowed memory size of 134217728
         * bytes exhausted in app/Jobs/Import.php:42". Recorded causes: a fatal error (with its
         * file and line), the memory limit, the job timeout's kill and the watchdog, a fatal
         * signal (SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL), and a reservation that expired
         * unfinished (kill -9, the OOM killer, or a worker slower than retry_after). The reserve
         * reads it with the job, in the same call, only for attempts after the first; records
         * expire a day after the job's retry_after, longest backoff and retryUntil.
         *
         * @return string|null null when the previous attempt left no record (it ended normally,
         *     or this is the first attempt)
         */
        public function previousCrash(): ?string {}

        /**
         * The payload's "maxTries": the attempts the job may use, overriding the worker's
         * 'tries'. A numeric string or a whole float counts, as in Laravel.
         *
         * @return int|null
         *     null when the payload has none (or null).
         *
         * @throws PayloadException The payload is not a job, or the field is not an integer.
         */
        public function maxTries(): ?int {}

        /**
         * The payload's "maxExceptions": how many exceptions the job may throw before it is
         * failed, even with tries left (the worker counts them in Redis, behind the
         * prefix, under fastqueue:job-exceptions:UUID for a day). Integers as for maxTries().
         *
         * @return int|null
         *     null when the payload has none (or null).
         *
         * @throws PayloadException The payload is not a job, or the field is not an integer.
         */
        public function maxExceptions(): ?int {}

        /**
         * The payload's "timeout": the seconds the job may run, overriding the worker's
         * 'timeout'. Integers as for maxTries().
         *
         * @return int|null
         *     null when the payload has none (or null).
         *
         * @throws PayloadException The payload is not a job, or the field is not an integer.
         */
        public function timeout(): ?int {}

        /**
         * The Unix time after which the job is failed rather than retried: the payload's
         * "retryUntil", else "timeoutAt" (older Laravel payloads), as Laravel's
         * retryUntil() reads them. Integers as for maxTries().
         *
         * @return int|null
         *     null when the payload has neither.
         *
         * @throws PayloadException The payload is not a job, or the field is not an integer.
         */
        public function retryUntil(): ?int {}

        /**
         * The job's own backoff, as Laravel's backoff() reads it: the payload's "backoff",
         * else its "delay". An int, a string such as "1,5,10" or a list of integers (numeric
         * strings count) becomes a list.
         *
         * @return array|null
         *     A list of seconds by attempt, the last one repeating; null when the payload has
         *     neither field (or null, or '').
         *
         * @throws PayloadException The payload is not a job, or the field holds something
         *     that is not a list of seconds.
         */
        public function backoff(): ?array {}

        /**
         * Whether a timeout fails the job at once: the payload's "failOnTimeout", read as
         * PHP reads a bool.
         *
         * @return bool
         *     false when the payload has none.
         *
         * @throws PayloadException The payload is not a job.
         */
        public function shouldFailOnTimeout(): bool {}

        /**
         * The name of the queue the job was reserved from (not its key: "default", not
         * "queues:default").
         *
         * @return string
         */
        public function getQueue(): string {}

        /**
         * Ends the job as done: its reserved copy leaves queues:NAME:reserved. Outside a
         * Worker this is one ZREM. Inside a Worker's run (from the handler or a listener) the
         * removal goes with the worker's next call to Redis, and 'queue:deleted' fires. A
         * handler that returns normally need not call it: the worker deletes the job.
         *
         * @return void
         *
         * @throws Exception The job was already deleted, released or failed.
         * @throws ConnectionException|RedisException Redis could not remove it: the job stays
         *     open and the call can be repeated.
         */
        public function delete(): void {}

        /**
         * Ends this attempt and puts the job back for a later one: its reserved copy moves
         * from queues:NAME:reserved to queues:NAME:delayed, due in $delay seconds, in one
         * script call, then WAIT for 'wait_replicas'. A reservation that had expired already
         * (the job is back on its queue) moves nothing, and the job still counts as
         * released. Inside a Worker's run, 'queue:released' fires; the worker then neither
         * deletes nor retries it.
         *
         * @param int $delay Seconds until the job is due again, 0 to 315360000 (ten years).
         *
         * @return void
         *
         * @throws \ValueError $delay is out of range.
         * @throws Exception The job was already deleted, released or failed.
         * @throws ConnectionException|RedisException|ReplicationException Redis could not
         *     move it, or too few replicas confirmed it: the job stays open and the call can
         *     be repeated.
         */
        public function release(int $delay = 0): void {}

        /**
         * Marks the job as failed; a second call does nothing. Inside a Worker's run the
         * worker fails it as it fails a job out of tries: the reservation ends and (with
         * 'failed_store') the record is written in one step, then 'queue:deleted' and
         * 'failed' fire, the latter with $e or, without one, a ManuallyFailedException; a
         * Redis error is reported on stderr instead of thrown, and the job stays reserved
         * until retry_after brings it back. Outside a Worker only the reservation ends: nothing is
         * recorded and no event fires. A job released before keeps its released copy.
         *
         * @param \Throwable|null $e Why the job failed.
         *
         * @return void
         *
         * @throws ConnectionException|RedisException Outside a Worker, Redis could not end
         *     the reservation: the job stays open and the call can be repeated.
         */
        public function fail(?\Throwable $e = null): void {}

        /**
         * Whether the job left :reserved for good: delete(), a worker's acknowledgement, or a
         * fail() that ended its reservation.
         *
         * @return bool
         */
        public function isDeleted(): bool {}

        /**
         * Whether the job was released, by release() or by the worker's retry.
         *
         * @return bool
         */
        public function isReleased(): bool {}

        /**
         * isDeleted() or isReleased(), as Laravel's worker asks after a job ran.
         *
         * @return bool
         */
        public function isDeletedOrReleased(): bool {}

        /**
         * Whether fail() was called, by the job or by the worker.
         *
         * @return bool
         */
        public function hasFailed(): bool {}
    }
}
