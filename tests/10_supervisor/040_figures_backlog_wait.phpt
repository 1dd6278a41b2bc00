--TEST--
Figures: status() shows each queue's backlog (pending plus due delayed jobs) and the wait of its oldest due job: createdAt plus delay, a due delayed job's score, and for payloads without createdAt the time the supervisor first saw the job, at the head or at the tail; no job is taken or moved
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php
if (!extension_loaded('fastqueue')) die('skip fastqueue extension not loaded');
require __DIR__ . '/../inc/config.inc';
fq_skip_unless_redis();
?>
--FILE--
<?php
require __DIR__ . '/../inc/supervisor.inc';
fq_reaper_list();

$prefix = 'sv40_';
$raw = fq_raw();
foreach (['l12', 'delay', 'later', 'old', 'empty'] as $name) {
    fq_clean($name, $prefix);
}
// Every job of the five queues, where it is.
function jobs(FqRaw $raw, string $prefix): array
{
    $all = [];
    foreach (['l12', 'delay', 'later', 'old', 'empty'] as $name) {
        $all[$name] = $raw->cmd('LRANGE', "{$prefix}queues:$name", '0', '-1');
        foreach (['delayed', 'reserved'] as $part) {
            $all["$name:$part"] = $raw->cmd('ZRANGE', "{$prefix}queues:$name:$part", '0', '-1', 'WITHSCORES');
        }
        $all["$name:notify"] = $raw->cmd('LRANGE', "{$prefix}queues:$name:notify", '0', '-1');
    }
    return $all;
}
$pushed = time();
$start = microtime(true);
// Laravel 12's payloads: createdAt (whole seconds), delay (null, or the dispatch delay).
$l12 = fn(string $uuid, int $created, ?int $delay) => json_encode(['uuid' => $uuid, 'displayName' => 'J', 'job' => 'J',
    'data' => [], 'attempts' => 0, 'createdAt' => $created, 'delay' => $delay]);
// Laravel 11's: no createdAt.
$l11 = fn(string $uuid) => json_encode(['uuid' => $uuid, 'displayName' => 'J', 'job' => 'J', 'data' => [], 'attempts' => 0]);
$raw->cmd('RPUSH', "{$prefix}queues:l12", $l12('a1', $pushed - 20, null), $l12('a2', $pushed - 5, null));
$raw->cmd('ZADD', "{$prefix}queues:l12:delayed", (string) ($pushed - 8), $l12('a3', $pushed - 9, 1),
    (string) ($pushed + 100), $l12('a4', $pushed, 100));
// Pushed 100 s ago with a delay of 90: due 10 s ago.
$raw->cmd('RPUSH', "{$prefix}queues:delay", $l12('b1', $pushed - 100, 90));
// Delayed only: one due 30 s ago, one due in 100 s.
$raw->cmd('ZADD', "{$prefix}queues:later:delayed", (string) ($pushed - 30), $l12('c1', $pushed - 40, 10),
    (string) ($pushed + 100), $l12('c2', $pushed, 100));
$raw->cmd('RPUSH', "{$prefix}queues:old", $l11('d1'), $l11('d2'));
$before = jobs($raw, $prefix);

// Within [low, low + seconds since the push + 1]: createdAt and scores count whole seconds.
function within(?float $wait, float $low, float $start): string
{
    $high = $low + (microtime(true) - $start) + 1;
    return $wait !== null && $wait >= $low && $wait <= $high ? "within [$low, $low + elapsed + 1]"
        : "out of [$low, $high]: " . var_export($wait, true);
}

// The supervisor's clock is a pool whose process exits every 1.2 s: each exit calls the log.
$phase = 0;
$t0 = $t1 = 0.0;
$s = new FastQueue\Supervisor(['queue' => fq_queue(['prefix' => $prefix]), 'stop_timeout' => fq_sig_t(5),
    'log' => function (string $line, array $ev) use (&$s, &$phase, &$t0, &$t1, $raw, $prefix, $start) {
        $q = $s->status()['queues'];
        if ($phase === 0 && $q['l12']['backlog'] !== null) {
            $t0 = microtime(true);
            $phase = 1;
            echo "a reading:\n";
            foreach ($q as $name => $f) {
                printf("  %s: backlog %s, wait %s\n", $name, var_export($f['backlog'], true),
                    $name === 'old' ? ($f['wait'] >= 0 && $f['wait'] <= microtime(true) - $GLOBALS['running'] ? 'at most the time since run() began'
                        : var_export($f['wait'], true))
                    : ($name === 'empty' ? var_export($f['wait'], true) : within($f['wait'], ['l12' => 20, 'delay' => 10, 'later' => 30][$name], $start)));
            }
        } elseif ($phase === 1 && microtime(true) - $t0 >= 2) {
            // d1 runs: d2, seen at the tail since the first reading, is now at the head.
            $raw->cmd('LPOP', "{$prefix}queues:old");
            $t1 = microtime(true);
            $phase = 2;
        } elseif ($phase === 2 && $q['old']['backlog'] === 1) {
            $wait = $q['old']['wait'];
            // Seen at the tail before $t0, at the head after $t1: at least $t1 - $t0 (2 s).
            echo "d2 at the head: wait ", $wait >= 2 && $wait <= microtime(true) - $start ? 'counts from its first sighting at the tail'
                : "$wait (first reading before " . ($t0 - $start) . " s, head since " . ($t1 - $start) . ' s)', "\n";
            $phase = 3;
            $s->stop();
        }
    }]);
$s->addGroup('g', ['balance' => 'auto', 'strategy' => 'size', 'max_processes' => 10, 'cooldown' => 0.5]);
foreach (['l12', 'delay', 'later', 'old', 'empty'] as $name) {
    $s->addPool($name, ['sleep', '30'], 1, ['group' => 'g', 'queues' => [$name], 'min_processes' => 1, 'max_processes' => 1]);
}
$s->addPool('clock', fq_sup_php_cmd('usleep(1200000);'), 1);
echo "before run(): ", json_encode($s->status()['queues']['l12']), "\n";
$running = microtime(true);
$rc = $s->run();
echo "run returned $rc, phase $phase\n";
$raw->cmd('RPUSH', "{$prefix}queues:old", $l11('d1'));
$raw->cmd('LMOVE', "{$prefix}queues:old", "{$prefix}queues:old", 'RIGHT', 'LEFT');
echo "every job where it was: ", jobs($raw, $prefix) === $before ? 'yes' : 'no', "\n";
echo "status() keeps the last reading: ", json_encode(array_map(fn($f) => $f['backlog'], $s->status()['queues'])), "\n";
?>
--CLEAN--
<?php
require __DIR__ . '/../inc/config.inc';
foreach (['l12', 'delay', 'later', 'old', 'empty'] as $name) {
    fq_clean($name, 'sv40_');
}
?>
--EXPECT--
before run(): {"backlog":null,"wait":null,"runtime":null,"busy":null}
a reading:
  l12: backlog 3, wait within [20, 20 + elapsed + 1]
  delay: backlog 1, wait within [10, 10 + elapsed + 1]
  later: backlog 1, wait within [30, 30 + elapsed + 1]
  old: backlog 2, wait at most the time since run() began
  empty: backlog 0, wait 0.0
d2 at the head: wait counts from its first sighting at the tail
run returned 0, phase 3
every job where it was: yes
status() keeps the last reading: {"l12":3,"delay":1,"later":1,"old":1,"empty":0}
