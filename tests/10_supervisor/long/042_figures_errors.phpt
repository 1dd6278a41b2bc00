--TEST--
Figures: a key of the wrong type makes the figures unreadable with the key named, said once and once more when they are read again; a Redis that hangs holds the loop about a second per reading, not the connection's read_timeout
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php
if (!extension_loaded('fastqueue')) die('skip fastqueue extension not loaded');
require __DIR__ . '/../../inc/config.inc';
fq_skip_unless_redis();
?>
--FILE--
<?php
require __DIR__ . '/../../inc/supervisor.inc';
fq_reaper_list();

[$port, $pid] = fq_start_redis();
$raw = new FqRaw('127.0.0.1', $port);
$raw->cmd('RPUSH', 'queues:sv42', json_encode(['uuid' => 'a', 'job' => 'J', 'data' => [], 'attempts' => 0]));
// Without the figures' own bound, a reading would wait this long for a stopped server.
$q = new FastQueue\RedisQueue(['host' => '127.0.0.1', 'port' => $port, 'read_timeout' => 6]);

$phase = 0;
$said = [];
$gaps = [];
$last = 0.0;
$until = microtime(true) + fq_sig_t(40);
$s = new FastQueue\Supervisor(['queue' => $q, 'stop_timeout' => fq_sig_t(5),
    'log' => function (string $line, array $ev) use (&$s, &$phase, &$said, &$gaps, &$last, &$until, $raw, $pid, $port) {
        $st = $s->status();
        if ($ev['event'] === 'figures') {
            $said[] = str_replace((string) $port, 'PORT', $line);
        }
        if ($ev['event'] !== 'exited' || $ev['pool'] !== 'clock') {
            return;
        }
        $now = microtime(true);
        if ($phase === 0 && $st['figures'] === 'ok' && $st['queues']['sv42']['backlog'] === 1) {
            $raw->cmd('SET', 'queues:sv42:delayed', 'not a sorted set');
            $phase = 1;
        } elseif ($phase === 1 && $st['figures'] !== 'ok') {
            echo "figures: ", str_replace((string) $port, 'PORT', $st['figures']), "\n";
            echo "last reading kept: backlog ", var_export($st['queues']['sv42']['backlog'], true), "\n";
            $raw->cmd('DEL', 'queues:sv42:delayed');
            $phase = 2;
        } elseif ($phase === 2 && $st['figures'] === 'ok') {
            posix_kill($pid, SIGSTOP);
            $last = $now;
            $phase = 3;
        } elseif ($phase === 3) {
            $gaps[] = $now - $last;
            $last = $now;
            if (count($gaps) >= 3 && str_contains((string) $st['figures'], 'read timed out')) {
                echo "while Redis hangs: ", str_replace((string) $port, 'PORT', $st['figures']), "\n";
                posix_kill($pid, SIGCONT);
                $phase = 4;
            }
        } elseif ($phase === 4 && $st['figures'] === 'ok') {
            $phase = 5;
        }
        if ($phase === 5 || $now > $until) {
            posix_kill($pid, SIGCONT);
            $s->stop();
        }
    }]);
$s->addGroup('g', ['balance' => 'auto', 'strategy' => 'time', 'max_processes' => 2, 'cooldown' => 0.3]);
$s->addPool('p', ['sleep', '30'], 1, ['group' => 'g', 'queues' => ['sv42'], 'min_processes' => 1, 'max_processes' => 1]);
$s->addPool('clock', fq_sup_php_cmd('usleep(1100000);'), 1);
$rc = $s->run();
echo "run returned $rc, phase $phase\n";
echo implode("\n", $said), "\n";
// Each turn of the loop reads at most once, bounded by 1 s: the clock's exits are seen about
// every 1.1 s plus that second. With the connection's 6 s it would be over 6 s.
$max = $gaps ? max($gaps) : 0;
echo "the clock's exits seen while Redis hung: ", $max > 0 && $max < 1.1 + 1 + fq_sig_t(2) ? 'every few seconds' : sprintf('gaps up to %.1f s', $max), "\n";
echo "the connection's own timeout is back: ";
posix_kill($pid, SIGSTOP);
$t = microtime(true);
try {
    $q->size('sv42');
    echo "no error\n";
} catch (FastQueue\Exception $e) {
    echo microtime(true) - $t >= 5.5 ? "a call waits 6 s\n" : sprintf("a call waited %.1f s\n", microtime(true) - $t);
}
posix_kill($pid, SIGCONT);
fq_stop_redis($pid);
?>
--EXPECT--
figures: Redis error: WRONGTYPE Operation against a key holding the wrong kind of value (key queues:sv42:delayed)
last reading kept: backlog 1
while Redis hangs: Redis connection to 127.0.0.1:PORT lost while reading the reply to LLEN: read timed out
run returned 0, phase 5
cannot read the queues' figures: Redis error: WRONGTYPE Operation against a key holding the wrong kind of value (key queues:sv42:delayed); every pool keeps its processes until they can be read
the queues' figures are read again: balancing goes on
cannot read the queues' figures: Redis connection to 127.0.0.1:PORT lost while reading the reply to LLEN: read timed out; every pool keeps its processes until they can be read
the queues' figures are read again: balancing goes on
the clock's exits seen while Redis hung: every few seconds
the connection's own timeout is back: a call waits 6 s
