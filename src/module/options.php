<?php
/* The options of FastQueue\RedisQueue's, FastQueue\Worker's and FastQueue\Supervisor's
 * constructors, of RedisQueue::push() and later() and of Supervisor::addPool(), each declared
 * once; with the keys of the array options tls and sentinel.
 *
 * scripts/gen-options turns this file into the C tables the options are read with
 * (src/module/redis_queue_options_table.h, worker_options_table.h, job_options_table.h,
 * supervisor_options_table.h, supervisor_pool_options_table.h), the
 * option lists in the methods' docblocks in fastqueue.stub.php and the option tables of
 * docs/api.md. Edit here, run scripts/gen-options (then scripts/gen-arginfo, for the stub's
 * hash) and commit what they write; `scripts/gen-options --check` fails while any is stale.
 *
 * A set, named by its class (or Job: its C table is job_option_table): 'arg' (the argument the
 * options are), 'struct' (the C settings they are read into) and 'options' (in the order
 * documented); 'class' and 'methods' where they are not the key's constructor (the docblock of
 * the first lists them); 'source' where the file that defines the readers the rows name is not
 * src/module/<set in snake case>_options.c; 'nullable_said': a nullable int's TypeError says
 * ?int, not int.
 *
 * An option:
 *   'type'     int, ?int, number (int or float), ?number, bool, string, ?string: read by the
 *              table's loop (src/module/options.c) with options.c's typed readers; custom:
 *              read by 'read', a function of the options file, which checks the value itself.
 *   'php'      the type as the docs give it (custom options only; the others' follows from
 *              'type').
 *   'field'    the settings struct's member the value goes into (not for custom).
 *   'min', 'max'  the bounds of int and number options: a number, or a C constant that
 *              scripts/gen-options knows (FASTQUEUE_MAX_WAIT, FASTQUEUE_MAX_DELAY,
 *              ZEND_LONG_MAX); no 'max': none but finiteness.
 *   'null'     for ?int and ?number: the value null stores.
 *   'empty'    for strings: '' is accepted (else refused as empty).
 *   'check'    a function of the options file run after the typed read, for what the type
 *              and bounds do not say; 'bounds' is then the docs' text for the whole range.
 *   'default'  the value when the option is not given: set by the table's loop, unless
 *              'fallback' (the options file applies it after reading, when the option is
 *              absent or empty) or custom (the options file sets it). Each is also the macro
 *              FASTQUEUE_<CLASS>_DEFAULT_<NAME> (the class in snake case) for the C to use.
 *   'default_c'  the C expression of the default, where a constant names it.
 *   'default_text'  the docs' default where no PHP value says it.
 *   'unset'    for ?int: the field is a fastqueue_nullable_long, which null leaves unset.
 *   'first'    read before the others, whatever the order given.
 *   'keys'     for a custom array option: its keys as a nested set ('struct', 'options'), read
 *              by its reader with fastqueue_options_read(), refused and named as "option.key".
 *   'doc'      what it does, in Markdown: code in backticks; a link [text](page.md#anchor)
 *              is relative to docs/ and reads as its text alone in the stub. */

return [
    'RedisQueue' => [
        'arg' => 1,
        'struct' => 'fastqueue_queue_settings',
        'options' => [
            'url' => [
                'type' => 'custom', 'php' => '?string', 'read' => 'read_url_option', 'first' => true,
                'default' => null,
                'doc' => '`redis://[user:pass@]host[:port][/db]`, `rediss://...` for TLS, or `unix:///path.sock`; '
                    . 'a user and password in it are percent-decoded. Read before the other options, which '
                    . 'override its parts.',
            ],
            'scheme' => [
                'type' => 'custom', 'php' => 'string', 'read' => 'read_scheme_option', 'default' => 'tcp',
                'doc' => "`'tcp'` or `'redis'` for plain text, `'tls'` or `'rediss'` for TLS, in any case. It "
                    . "overrides the url's scheme; `'tcp'` beside a `tls://` host or the `tls` option is a "
                    . '`ValueError`.',
            ],
            'host' => [
                'type' => '?string', 'field' => 'conn.host', 'check' => 'check_host_option', 'default' => '127.0.0.1',
                'fallback' => true,
                'doc' => "the server's name or address (the default when neither `host` nor `socket` is given). "
                    . "Written `'tls://name'`, it asks for TLS to name.",
            ],
            'port' => ['type' => 'int', 'field' => 'conn.port', 'min' => 1, 'max' => 65535, 'default' => 6379,
                'doc' => "the server's port."],
            'socket' => [
                'type' => '?string', 'field' => 'conn.socket', 'default' => null,
                'doc' => "the path of a Unix socket, used instead of `host` and `port`. Not with `sentinel`, "
                    . '`cluster` or TLS.',
            ],
            'username' => ['type' => '?string', 'field' => 'conn.username', 'empty' => true, 'default' => null,
                'doc' => 'the ACL user; sent only with a password.'],
            'password' => ['type' => '?string', 'field' => 'conn.password', 'empty' => true, 'default' => null,
                'doc' => 'sent as `AUTH [username] password` on each new connection (after the TLS handshake).'],
            'database' => ['type' => 'int', 'field' => 'conn.database', 'min' => 0, 'max' => 'ZEND_LONG_MAX',
                'default' => 0, 'doc' => 'selected with `SELECT` when not 0.'],
            'prefix' => [
                'type' => '?string', 'field' => 'prefix', 'empty' => true, 'default' => '', 'fallback' => true,
                'doc' => "put before every key, as Laravel's `database.redis.options.prefix`.",
            ],
            'queue' => [
                'type' => '?string', 'field' => 'queue', 'empty' => true, 'default' => 'default', 'fallback' => true,
                'doc' => "the queue a method uses when given `null` or `''` (and the queue when this option is "
                    . "`null` or `''`).",
            ],
            // now + retry_after is the reservation's score: bounded, it cannot wrap round to a
            // negative time that makes the job due again at once.
            'retry_after' => [
                'type' => '?int', 'field' => 'retry_after', 'min' => 0, 'max' => 'FASTQUEUE_MAX_DELAY', 'null' => -1,
                'default' => 60,
                'doc' => 'seconds a reservation lasts (bounded as `later()`\'s delay); `null`: expired reservations '
                    . 'are never moved back to their queue.',
            ],
            // Bounded, BLPOP's timeout and the socket's read timeout hold it exactly.
            'block_for' => [
                'type' => '?number', 'field' => 'block_for', 'min' => 0, 'max' => 'FASTQUEUE_MAX_WAIT', 'null' => -1,
                'default' => null,
                'doc' => 'seconds `pop()` (and an idle worker) waits on the `:notify` list for a push when no job '
                    . 'is ready; `0` waits until one comes; `null` never waits.',
            ],
            'connect_timeout' => [
                'type' => 'number', 'field' => 'conn.connect_timeout', 'min' => 0, 'check' => 'check_connect_timeout',
                'default' => 2.0,
                'doc' => 'seconds a connect, TLS handshake included, may take; `0` means the default. Values above '
                    . 'ten years count as ten years.',
            ],
            'read_timeout' => [
                'type' => '?number', 'field' => 'conn.read_timeout', 'min' => 0, 'null' => 0, 'default' => 10.0,
                'doc' => 'seconds a reply may take (a blocking wait gets its own length on top, `WAIT` its '
                    . '`wait_timeout`); `null` or `0`: no limit. Values above ten years count as ten years.',
            ],
            'migration_batch_size' => [
                'type' => 'int', 'field' => 'migration_batch_size', 'min' => -1, 'max' => 'ZEND_LONG_MAX',
                'check' => 'check_migration_batch_size', 'bounds' => '-1, or 1 or more', 'default' => -1,
                'doc' => 'due jobs moved per reserve from `:delayed` and from expired reservations; `-1`: all of them.',
            ],
            'tls' => [
                'type' => 'custom', 'php' => 'bool|array|null', 'read' => 'read_tls_option', 'default' => null,
                'doc' => "`true` asks for TLS with the defaults; an array asks for it with these keys, PHP's SSL "
                    . "context names (another key is a `ValueError`). Without `cafile` or `capath` the system's "
                    . 'CA store is used. See [docs/connections.md](connections.md#tls).',
                'keys' => [
                    'struct' => 'fastqueue_tls_options',
                    'options' => [
                        'cafile' => ['type' => '?string', 'field' => 'cafile', 'default' => null,
                            'doc' => 'the CA bundle to trust.'],
                        'capath' => ['type' => '?string', 'field' => 'capath', 'default' => null,
                            'doc' => 'a directory of hashed CA certificates to trust.'],
                        'local_cert' => ['type' => '?string', 'field' => 'local_cert', 'default' => null,
                            'doc' => "the client's certificate (PEM)."],
                        'local_pk' => ['type' => '?string', 'field' => 'local_pk', 'default' => null,
                            'doc' => "the client's private key (PEM): needs `local_cert`, and is optional when "
                                . 'that file holds the key.'],
                        'peer_name' => ['type' => '?string', 'field' => 'peer_name', 'default' => null,
                            'default_text' => 'the host', 'doc' => 'the SNI and the name checked.'],
                        'verify_peer' => ['type' => 'bool', 'field' => 'verify_peer', 'default' => true,
                            'doc' => "check the server's chain against the CAs."],
                        'verify_peer_name' => ['type' => 'bool', 'field' => 'verify_peer_name', 'default' => true,
                            'doc' => "check that the server's certificate names `peer_name`."],
                    ],
                ],
            ],
            'sentinel' => [
                'type' => 'custom', 'php' => '?array', 'read' => 'read_sentinel_option', 'default' => null,
                'doc' => 'before each connect the sentinels are asked in order for the master of `service`, which '
                    . 'must answer `ROLE` as a master. `nodes` and `service` are required, another key is a '
                    . '`ValueError`. See [docs/connections.md](connections.md#redis-sentinel).',
                'keys' => [
                    'struct' => 'fastqueue_sentinel_options',
                    'options' => [
                        'nodes' => [
                            'type' => 'custom', 'php' => 'string[]', 'read' => 'read_sentinel_nodes_option',
                            'default_text' => 'required',
                            'doc' => "the sentinels, as `'host:port'` or `'tcp://host:port'` (default port 26379).",
                        ],
                        'service' => ['type' => 'string', 'field' => 'service', 'default_text' => 'required',
                            'doc' => "the master's name in the sentinels' configuration."],
                        'username' => ['type' => '?string', 'field' => 'username', 'empty' => true, 'default' => null,
                            'doc' => "the sentinels' own ACL user."],
                        'password' => ['type' => '?string', 'field' => 'password', 'empty' => true, 'default' => null,
                            'doc' => "the sentinels' own password."],
                    ],
                ],
            ],
            'cluster' => [
                'type' => 'custom', 'php' => '?array', 'read' => 'read_cluster_option', 'default' => null,
                'doc' => "the seed nodes of a Redis Cluster, as `'host:port'` or `tcp://`, `redis://`, `tls://` or "
                    . '`rediss://` urls (default port 6379; TLS seeds ask for TLS, and may not be mixed with '
                    . 'plain ones). Not with `host`, `port`, `socket`, `url` or `sentinel`; `database` must be 0, '
                    . "and every queue name (or the prefix) needs a hash tag such as `'{default}'`. See "
                    . '[docs/connections.md](connections.md#redis-cluster).',
            ],
            'wait_replicas' => [
                'type' => 'int', 'field' => 'conn.wait_replicas', 'min' => 0, 'max' => 1000, 'default' => 0,
                'doc' => 'above 0, every write of a job (`push`, `pushRaw`, `later`, `laterRaw`, `bulk`, '
                    . '`Job::release()`, a failed-store record, `retryFailed()`) is followed by `WAIT` for this '
                    . 'many replicas, and fewer is a `ReplicationException` (the write is done on the master, '
                    . 'but a failover could lose it).',
            ],
            'wait_timeout' => [
                'type' => 'number', 'field' => 'conn.wait_timeout', 'min' => 0, 'max' => 'FASTQUEUE_MAX_WAIT',
                'check' => 'check_wait_timeout', 'bounds' => '0.001 to 31536000 (a year)', 'default' => 1.0,
                'doc' => 'seconds `WAIT` waits for the replicas.',
            ],
        ],
    ],
    'Worker' => [
        'arg' => 3,
        'struct' => 'worker_options',
        'options' => [
            'name' => ['type' => 'string', 'field' => 'name', 'default' => 'default',
                'doc' => "the worker's name, passed to `looping` listeners."],
            'sleep' => [
                'type' => 'number', 'field' => 'sleep', 'min' => 0, 'max' => 'FASTQUEUE_MAX_WAIT', 'default' => 3,
                'doc' => 'seconds to sleep when a round finds no job (not after a `block_for` wait, which waited '
                    . 'already).',
            ],
            'tries' => ['type' => 'int', 'field' => 'tries', 'min' => 0, 'max' => 'ZEND_LONG_MAX', 'default' => 1,
                'doc' => "attempts a job may use unless its payload's `maxTries` says otherwise; `0`: unlimited."],
            // Each value bounded like later()'s delay: time() + backoff is the released job's score.
            'backoff' => [
                'type' => 'custom', 'php' => 'int|array', 'read' => 'read_backoff_option', 'default' => 0,
                'bounds' => '0 to 315360000 (ten years) each',
                'doc' => 'seconds before a failed attempt is retried: one value, or a non-empty list by attempt '
                    . "whose last value repeats. A job's own backoff wins (clamped to the same ten years when "
                    . 'the job is released).',
            ],
            'timeout' => [
                'type' => 'int', 'field' => 'timeout', 'min' => 0, 'max' => 'FASTQUEUE_MAX_WAIT', 'default' => 60,
                'doc' => "seconds a job may run unless its payload's `timeout` says otherwise; `0`: no limit.",
            ],
            'memory' => [
                'type' => 'int', 'field' => 'memory', 'min' => 1, 'max' => 'ZEND_LONG_MAX / 1048576', 'default' => 128,
                'doc' => 'MB; when `memory_get_usage(true)` has reached it at the end of a round (idle and paused '
                    . 'ones too), `daemon()` returns `EXIT_MEMORY_LIMIT`.',
            ],
            'max_jobs' => ['type' => 'int', 'field' => 'max_jobs', 'min' => 0, 'max' => 'ZEND_LONG_MAX', 'default' => 0,
                'doc' => '`daemon()` returns 0 after this many jobs (failed and released ones count); `0`: no limit.'],
            'max_time' => ['type' => 'int', 'field' => 'max_time', 'min' => 0, 'max' => 'ZEND_LONG_MAX', 'default' => 0,
                'doc' => '`daemon()` returns 0 after running this many seconds, once its current job is done; '
                    . '`0`: no limit.'],
            'rest' => ['type' => 'number', 'field' => 'rest', 'min' => 0, 'max' => 'FASTQUEUE_MAX_WAIT', 'default' => 0,
                'doc' => 'seconds `daemon()` rests after each job.'],
            'force' => ['type' => 'bool', 'field' => 'force', 'default' => false,
                'doc' => 'run jobs even while the maintenance file exists.'],
            'stop_when_empty' => ['type' => 'bool', 'field' => 'stop_when_empty', 'default' => false,
                'doc' => '`daemon()` returns 0 once a round finds no job (a queue its `limits` hold back is not '
                    . 'empty: it waits for it).'],
            'restart_key' => [
                'type' => '?string', 'field' => 'restart_key', 'default' => null,
                'doc' => 'a Redis key (behind the prefix) that `daemon()` watches: when its value differs from the '
                    . 'one read at start (a key that appears or goes counts), `daemon()` returns 0 after its '
                    . 'current job. It is read with every reserve, and at most once a second while prefetched '
                    . 'jobs run and while an idle worker waits.',
            ],
            'maintenance_file' => [
                'type' => '?string', 'field' => 'maintenance_file', 'default' => null,
                'doc' => "a path, such as Laravel's `storage/framework/down`: while the file exists (and `force` "
                    . 'is `false`), `daemon()` starts no job.',
            ],
            'timeout_mode' => [
                'type' => 'custom', 'php' => 'string', 'read' => 'read_timeout_mode_option', 'default' => 'kill',
                'doc' => "what a job's timeout does. `'kill'`, Laravel's way: fire `timeout`, fail the job when it "
                    . 'may not run again, and end the process with `timeout_exit_status`. `\'throw\'`: throw a '
                    . '`TimeoutException` inside the job, handled as any exception of the job, and live on. See '
                    . '[docs/signals.md](signals.md#timeouts).',
            ],
            'timeout_exit_status' => [
                'type' => 'int', 'field' => 'timeout_exit_status', 'min' => 0, 'max' => 255, 'default' => 1,
                'default_c' => 'FASTQUEUE_EXIT_ERROR',
                'doc' => "the process's exit status after a `'kill'` timeout (Laravel's `Worker::\$timedOutExitCode`).",
            ],
            'timeout_grace' => [
                'type' => 'number', 'field' => 'timeout_grace', 'min' => 0, 'max' => 'FASTQUEUE_MAX_WAIT',
                'check' => 'check_timeout_grace', 'bounds' => 'above 0, at most 31536000 (a year)', 'default' => 1.0,
                'doc' => 'seconds after a timeout before the watchdog ends a process whose job is stuck where PHP '
                    . "cannot interrupt it, writing the job's name to stderr and exiting with `EXIT_ERROR`. In "
                    . "`'kill'` mode, failing the timed-out job and the stopping listeners then get at least 10 s "
                    . 'more before the watchdog ends them.',
            ],
            'failed_store' => [
                'type' => 'bool', 'field' => 'failed_store', 'default' => true,
                'doc' => "record failed jobs in Redis, for `RedisQueue::failed()`; `false`: a failed job's "
                    . 'reservation is only removed.',
            ],
            'prefetch' => [
                'type' => 'int', 'field' => 'prefetch', 'min' => 1, 'max' => 1000, 'default' => 1,
                'doc' => 'jobs reserved per round trip. Above 1 it is used only when a job can still finish within '
                    . 'its reservation (`timeout` + `timeout_grace` + 1 s below `retry_after`, or `retry_after` '
                    . '`null`); otherwise the worker says so once on stderr and reserves one job at a time. See '
                    . '[docs/delivery.md](delivery.md#prefetch).',
            ],
            'overlap' => [
                'type' => 'bool', 'field' => 'overlap', 'default' => true,
                'doc' => "with `prefetch` above 1, `daemon()` sends the next batch's reserve as a batch starts, so "
                    . 'Redis reserves while jobs run; with `prefetch` 1, it sends the next reserve with the ack as '
                    . "a job ends well, before the `processed` listeners (a job it then cannot run goes back as "
                    . "pushed); `false`: each reserve after the loop's checks. Never on a Redis Cluster. See "
                    . '[docs/delivery.md](delivery.md#overlap).',
            ],
            'limits' => [
                'type' => 'custom', 'php' => '?array', 'read' => 'read_limits_option', 'default' => null,
                'doc' => 'per-queue limits enforced inside the reserve script, on Redis\'s clock, for every worker '
                    . 'that carries them: an array keyed by queue name, each entry an array of these keys. A job '
                    . 'over a limit stays in its queue untouched (no attempt used) and the worker serves its next '
                    . 'queue, or waits. `concurrency` needs the RedisQueue\'s `retry_after`. Limits of a queue the '
                    . 'run does not serve are ignored. See [docs/limits.md](limits.md).',
                'keys' => [
                    'struct' => 'fastqueue_queue_limit',
                    'options' => [
                        'rate' => ['type' => 'int', 'field' => 'rate', 'min' => 1, 'max' => 1000000,
                            'default_text' => 'none', 'doc' => 'at most this many jobs start in any window of `per` seconds.'],
                        'per' => ['type' => 'number', 'field' => 'per', 'min' => 0, 'max' => 'FASTQUEUE_MAX_WAIT',
                            'check' => 'check_limit_per', 'bounds' => 'above 0, at most 31536000 (a year)',
                            'default_text' => 'none', 'doc' => "the rate's window, in seconds (a sliding window); "
                                . 'needed with `rate`, and only with it.'],
                        'concurrency' => ['type' => 'int', 'field' => 'concurrency', 'min' => 1, 'max' => 1000000,
                            'default_text' => 'none', 'doc' => 'at most this many jobs of the queue are reserved '
                                . "(running or prefetched) at once, by every worker that carries this limit."],
                    ],
                ],
            ],
            'lease_renewal' => [
                'type' => 'bool', 'field' => 'lease_renewal', 'default' => false,
                'doc' => 'while a job runs, a thread of the worker with its own connection moves its '
                    . "reservation's score in `:reserved` forward every `retry_after / 3` (`ZADD XX`, member "
                    . 'unchanged), so a job longer than `retry_after` is not taken by another worker. Needs '
                    . "`retry_after` of 2 s or more. Off by default: Laravel's worker does not do it, it opens a "
                    . 'second connection per worker, and a job hung with `timeout` 0 would keep its job for '
                    . 'ever. `stats()` counts `lease_renewals`, `leases_lost` and `lease_failures`. See '
                    . '[docs/delivery.md](delivery.md#lease-renewal).',
            ],
            'metrics' => [
                'type' => 'bool', 'field' => 'metrics', 'check' => 'check_metrics', 'default' => false,
                'doc' => 'gather figures per job, per queue and per worker ([docs/metrics.md](metrics.md)): jobs by '
                    . 'outcome, timeouts, wait, run and CPU seconds, memory peak, reserve round trips, Redis '
                    . 'wait, idle time, the prefetch buffer. Read them with `metrics()` and the `measured` event. '
                    . "Off by default: to measure each job's memory peak the worker resets PHP's peak as the "
                    . "job's handler starts, so inside a job `memory_get_peak_usage()` reports the peak since "
                    . "that job began, not the process's (`stats()`'s `memory_peak` stays the process's); and "
                    . "Laravel's worker does none of it.",
            ],
            'metrics_worker' => [
                'type' => 'string', 'field' => 'metrics_worker', 'check' => 'check_metrics_worker',
                'default_text' => '"HOSTNAME:PID"', 'bounds' => 'at most 200 bytes',
                'doc' => "the value of the exposition's `worker` label.",
            ],
            'metrics_file' => [
                'type' => '?string', 'field' => 'metrics_file', 'default' => null,
                'doc' => 'a path the worker rewrites with its exposition every `metrics_interval` seconds and as a '
                    . "run ends, atomically (written beside it, then renamed), for node_exporter's textfile "
                    . "collector. Also written as a run starts, and before a `'kill'` timeout ends the process. "
                    . 'A write that fails is said once on stderr and tried again; it never ends the worker.',
            ],
            'metrics_listen' => [
                'type' => '?string', 'field' => 'metrics_listen', 'check' => 'check_metrics_listen', 'default' => null,
                'doc' => 'serve the exposition over HTTP at `GET /metrics`: `"PORT"` (on 127.0.0.1), '
                    . '`"IPV4:PORT"` or `"[IPV6]:PORT"`. Bound as a run starts, closed as it ends. Clients are '
                    . 'served at once (at most 256, fewer under a low `RLIMIT_NOFILE`), each within its own 2 s; '
                    . 'a scrape gets a render at most 100 ms old; `GET` and `HEAD` of `/metrics` or `/` only (else '
                    . '404, or 405), `Connection: close`. An address that cannot be bound is a '
                    . '`FastQueue\Exception` from `daemon()` and `runNextJob()`. See '
                    . "[docs/metrics.md](metrics.md#the-endpoints-limits).",
            ],
            'metrics_allow' => [
                'type' => 'custom', 'php' => '?array', 'read' => 'read_metrics_allow_option', 'default' => null,
                'doc' => "with `metrics_listen`, the client networks it serves, IPv4 or IPv6, e.g. "
                    . "`['10.0.0.0/8', '::1/128']` (a bare address is that address alone): a non-empty list of "
                    . "strings; another client's connection is closed at once, unanswered. `null`: every client.",
            ],
            'metrics_publish' => [
                'type' => 'bool', 'field' => 'metrics_publish', 'default' => false,
                'doc' => 'publish the exposition to Redis every `metrics_interval` seconds, for '
                    . "`php artisan fastqueue:metrics`: the text under the RedisQueue's prefix + "
                    . '`"fastqueue:metrics:{workers}:"` + the worker label, living 3 x `metrics_interval` (at '
                    . 'least 5 s), and the label in the sorted set prefix + `"fastqueue:metrics:{workers}"` '
                    . '(score: the time). A run that ends removes both; a failure is said once on stderr and '
                    . 'retried.',
            ],
            'metrics_interval' => [
                'type' => 'number', 'field' => 'metrics_interval', 'min' => 0.1, 'max' => 3600, 'default' => 5.0,
                'doc' => 'seconds between rewrites and publications.',
            ],
        ],
    ],
    // push()'s and later()'s $options, Laravel's payload fields: read into job_options.c's
    // reading struct (the options and the argument they are, for the custom readers).
    'Job' => [
        'class' => 'RedisQueue',
        'methods' => ['push', 'later'],
        'arg' => 4,
        'struct' => 'job_options_reading',
        'nullable_said' => true,
        'options' => [
            'maxTries' => ['type' => '?int', 'field' => 'options.max_tries', 'unset' => true, 'min' => 0,
                'max' => 'ZEND_LONG_MAX', 'default' => null, 'doc' => "attempts allowed; `null`: the worker's tries."],
            'maxExceptions' => ['type' => '?int', 'field' => 'options.max_exceptions', 'unset' => true, 'min' => 0,
                'max' => 'ZEND_LONG_MAX', 'default' => null, 'doc' => 'exceptions allowed before the job fails.'],
            'timeout' => ['type' => '?int', 'field' => 'options.timeout', 'unset' => true, 'min' => 0,
                'max' => 'ZEND_LONG_MAX', 'default' => null, 'doc' => "seconds the job may run; `null`: the worker's timeout."],
            'backoff' => [
                'type' => 'custom', 'php' => 'int|array|string|null', 'read' => 'read_backoff_option', 'default' => null,
                'doc' => 'seconds before each retry: an int, a list of ints, or a string such as `"1,5,10"`; stored '
                    . 'as Laravel stores it, a string of comma-separated seconds.',
            ],
            'retryUntil' => [
                'type' => 'custom', 'php' => 'int|\\DateTimeInterface|null', 'read' => 'read_retry_until_option',
                'default' => null, 'doc' => 'the Unix time after which the job is not retried but failed.',
            ],
            'failOnTimeout' => ['type' => 'bool', 'field' => 'options.fail_on_timeout', 'default' => false,
                'doc' => 'a timeout fails the job instead of leaving it to be retried.'],
            'displayName' => [
                'type' => 'string', 'field' => 'options.display_name', 'empty' => true,
                'default_text' => "the job's name before any '@'",
                'doc' => 'the name `resolveName()` gives and failure and timeout messages use.',
            ],
        ],
    ],
    // Supervisor's constructor: read into supervisor_methods.c's settings, which the object
    // then takes (the log callable kept as a zval).
    'Supervisor' => [
        'arg' => 1,
        'struct' => 'supervisor_settings',
        'source' => 'src/module/supervisor_methods.c',
        'options' => [
            'stop_timeout' => [
                'type' => 'number', 'field' => 'stop_timeout', 'min' => 0, 'max' => 'FASTQUEUE_MAX_WAIT', 'default' => 60,
                'doc' => 'seconds a worker is given to end after the SIGTERM of a stop before it gets SIGKILL.',
            ],
            'log' => [
                'type' => 'custom', 'php' => '?callable', 'read' => 'read_log_option', 'default' => null,
                'doc' => 'called for each event of the fleet with the line (string) and the event (array: `event` '
                    . 'one of `started`, `exited`, `start_failed`, `shrinking`, `stopping`, `killed`, `paused`, '
                    . '`continued`, `stopped`; `pool`, `pid`, `reason`, `delay` (seconds until the worker is '
                    . 'started again: 0 at once, `null` never), `ran` (seconds), `status` and `signal`, each '
                    . '`null` where it does not apply). Never on the loop\'s own turns. `null`: each line goes to '
                    . 'stderr as `FastQueue supervisor: LINE`. A Throwable from it stops the fleet as SIGTERM does '
                    . '(the lines until then go to stderr), and `run()` throws it once every worker has ended; so '
                    . 'do `exit()` and a fatal error in it, which take effect then.',
            ],
            'queue' => [
                'type' => 'custom', 'php' => '?FastQueue\\RedisQueue', 'read' => 'read_queue_option', 'default' => null,
                'doc' => 'the connection (with its TLS, Sentinel or Cluster settings) and the key prefix that the '
                    . "queues' figures, the registry and the stamps are read from: needed by a balanced group, "
                    . 'a `name`, and pools that scale to zero. The supervisor uses its connection only inside `run()`.',
            ],
            'name' => [
                'type' => '?string', 'field' => 'name', 'check' => 'check_registry_names', 'default' => null,
                'bounds' => '1 to 100 bytes of `A-Z a-z 0-9 _ . : -`',
                'doc' => 'registers the supervisor in Redis under this name (needs `queue`): a status record at each '
                    . 'heartbeat (`fastqueue:status`), the terminate and restart stamps, a `shared` group\'s '
                    . 'budget. A second supervisor of the same name on the same host is refused.',
            ],
            'host' => [
                'type' => '?string', 'field' => 'host', 'check' => 'check_registry_names', 'default' => null,
                'default_text' => 'gethostname()',
                'bounds' => '1 to 100 bytes of `A-Z a-z 0-9 _ . : -`',
                'doc' => 'the host the supervisor stands for in the registry.',
            ],
            'heartbeat' => [
                'type' => 'number', 'field' => 'heartbeat', 'min' => 0.1, 'max' => 60, 'default' => 3,
                'doc' => 'seconds between two heartbeats: the record written, the stamps and the other hosts read. '
                    . 'A supervisor silent for two is taken for dead: its share goes to the others within three.',
            ],
        ],
    ],
    // addGroup()'s options: read into supervisor_methods.c's group_options.
    'SupervisorGroup' => [
        'class' => 'Supervisor',
        'methods' => ['addGroup'],
        'arg' => 2,
        'struct' => 'group_options',
        'source' => 'src/module/supervisor_methods.c',
        'options' => [
            'balance' => [
                'type' => 'string', 'field' => 'balance', 'check' => 'check_balance', 'default' => 'auto',
                'bounds' => '`off`, `simple` or `auto`',
                'doc' => '`off`: each pool keeps its own count (Horizon\'s `false`); `simple`: the budget split '
                    . 'evenly between the pools; `auto`: shared by each pool\'s need. See '
                    . '[docs/supervisor.md](supervisor.md#balancing).',
            ],
            'strategy' => [
                'type' => 'string', 'field' => 'strategy', 'check' => 'check_strategy', 'default' => 'time',
                'bounds' => '`time` or `size`',
                'doc' => "`auto`'s measure of a backlog (Horizon's `autoScalingStrategy`): `time`, the seconds of "
                    . 'work waiting (the jobs times their run time) plus the oldest wait, over the cooldown; '
                    . '`size`, a process per waiting job. Both keep the processes a pool\'s jobs keep busy.',
            ],
            'max_processes' => [
                'type' => 'int', 'field' => 'max', 'min' => 1, 'max' => 1000, 'default' => 1,
                'doc' => "the group's budget: the most processes its pools run together, on this host (or on "
                    . 'all hosts, `shared`). Each pool still runs its `min_processes`.',
            ],
            'max_shift' => [
                'type' => 'int', 'field' => 'max_shift', 'min' => 1, 'max' => 1000, 'default' => 1,
                'doc' => "the most processes a pool gains or loses in one balancing turn (Horizon's `balanceMaxShift`).",
            ],
            'cooldown' => [
                'type' => 'number', 'field' => 'cooldown', 'min' => 0.1, 'max' => 3600, 'default' => 3,
                'doc' => "seconds between two balancing turns (Horizon's `balanceCooldown`).",
            ],
            'shared' => [
                'type' => 'bool', 'field' => 'shared', 'default' => false,
                'doc' => '`max_processes` is shared by the supervisors of this `name` on every host, split evenly '
                    . 'between the live ones; needs `name`.',
            ],
        ],
    ],
    // addPool()'s options: read into supervisor_methods.c's pool_options. The bound 1000 is its
    // POOL_PROCESSES_MAX; the pool's $processes bounds both counts further, checked once all
    // are read.
    'SupervisorPool' => [
        'class' => 'Supervisor',
        'methods' => ['addPool'],
        'arg' => 4,
        'struct' => 'pool_options',
        'source' => 'src/module/supervisor_methods.c',
        'options' => [
            'min_processes' => [
                'type' => 'int', 'field' => 'min', 'min' => 0, 'max' => 1000, 'bounds' => '0 to $processes',
                'default' => 0, 'doc' => 'the least `setProcesses()` or balancing may set; with 0 a balanced pool '
                    . 'scales to zero and starts again on a push.',
            ],
            // No default in the row: the C sets -1 (no count can be), then $processes when still -1.
            'max_processes' => [
                'type' => 'int', 'field' => 'max', 'min' => 0, 'max' => 1000, 'bounds' => '$processes to 1000',
                'default_text' => "\$processes, or the group's max_processes",
                'doc' => 'the most `setProcesses()` or balancing may set.',
            ],
            'env' => [
                'type' => 'custom', 'php' => 'array', 'read' => 'read_env_option', 'default_text' => '[]',
                'doc' => "variables added to the supervisor's environment for this pool's workers, name => value, "
                    . 'both strings without NUL; a name is non-empty and holds no `=`; a variable of the same '
                    . 'name is replaced.',
            ],
            'group' => [
                'type' => '?string', 'field' => 'group', 'default' => null,
                'doc' => 'the group (`addGroup()`, called before) whose budget the pool takes from; `null`: the '
                    . 'pool keeps its own count.',
            ],
            'queues' => [
                'type' => 'custom', 'php' => 'array', 'read' => 'read_queues_option', 'default_text' => '[]',
                'bounds' => '1 to 100 names',
                'doc' => "the queues (names without prefix) whose figures drive the pool: its backlog, its "
                    . "oldest wait, its jobs' run time. Needed in a balanced group, and to scale to zero.",
            ],
            'design_exits' => [
                'type' => 'custom', 'php' => 'array', 'read' => 'read_design_exits_option',
                'default_text' => '[0, 1, 12]', 'bounds' => '0 to 255 each',
                'doc' => 'the exit statuses of a worker that ended by design (a stop condition, a job\'s timeout, '
                    . 'the memory limit): it is replaced at once. Any other status, or a signal, is a crash, '
                    . 'restarted after 1 s, 2 s, 4 s ... 60 s; so is a status of this list after less than 1 s '
                    . 'of running. See [docs/supervisor.md](supervisor.md#exit-statuses-and-restarts).',
            ],
        ],
    ],
];
