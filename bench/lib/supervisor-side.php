<?php
// One side of the supervisor benchmarks, run as its own process by bench/supervisor-burst.php
// and bench/supervisor-idle.php, both sides from the same settings (a JSON file):
//
//   php -d extension=fastqueue.so bench/lib/supervisor-side.php native|horizon SETTINGS.json
//
// native:  FastQueue\Supervisor with one group (balance auto) over the pools, its run() loop.
// horizon: Horizon's balancing, written here from its description (below), run the way
//          Horizon runs it: a PHP loop that starts and stops the worker processes with
//          proc_open and reads the queue sizes from Redis every cooldown.
//
// Both run the same worker (bench/lib/supervisor-worker.php), with the same pools, minimums,
// maximum, max shift and cooldown. SIGTERM stops either: each worker gets SIGTERM, finishes
// its job and ends. Exit status 3: this build of FastQueue has no balancing (no addGroup()).

declare(strict_types=1);

require __DIR__ . '/common.php';

/**
 * Horizon's balancing as laravel/horizon describes and users know it (the issue tracker, its
 * docs), written from that description, not from its code. Every `cooldown` seconds, for each
 * pool: size = the ready jobs of its queue (LLEN), time = size x the queue's average run time
 * (as its workers recorded it, 0 while none is known); the pool's target is max_processes x its
 * share of the total time (strategy time) or size (strategy size), rounded up; with no work
 * anywhere, every pool goes to its minimum (at least 1: Horizon does not scale to zero). The
 * target is bounded by the pool's minimum and max_processes, and a pool moves at most max_shift
 * processes toward it per turn. Nothing bounds the pools' sum: each pool is bounded alone.
 * The loop turns every `tick` seconds (Horizon's supervisor loop sleeps a second); a worker
 * that ends is started again on the next turn; a pool made smaller sends SIGTERM to its newest
 * workers, which leave its count at once and end after their job.
 */
final class HorizonLikeSupervisor
{
    /** @var array<string, array{queue: string, min: int, count: int, procs: array<int, resource>}> */
    private array $pools = [];
    /** @var array<int, resource> workers sent SIGTERM, not yet reaped */
    private array $leaving = [];
    private bool $stopping = false;
    private Redis $redis;

    public function __construct(private array $settings, private array $command)
    {
        $this->redis = bench_redis($settings['port']);
        foreach ($settings['pools'] as $p) {
            $this->pools[$p['name']] = ['queue' => $p['queue'], 'min' => $p['min'], 'count' => max($p['initial'], $p['min'], 1), 'procs' => []];
        }
    }

    public function run(): int
    {
        pcntl_async_signals(true);
        foreach ([SIGTERM, SIGINT] as $sig) {
            pcntl_signal($sig, function () { $this->stopping = true; });
        }
        $cooldown = (float) $this->settings['group']['cooldown'];
        $heartbeat = $this->settings['heartbeat'] ?? null;
        $nextBalance = microtime(true) + $cooldown;
        $nextBeat = microtime(true);
        while (!$this->stopping) {
            $this->reap();
            $now = microtime(true);
            if ($now >= $nextBalance) {
                $this->balance();
                $nextBalance = $now + $cooldown;
            }
            if ($heartbeat !== null && $now >= $nextBeat) {
                $this->heartbeat();
                $nextBeat = $now + $heartbeat;
            }
            $this->fill();
            usleep((int) ($this->settings['tick'] * 1e6));
        }
        return $this->stopAll((float) $this->settings['stop_timeout']);
    }

    private function balance(): void
    {
        $group = $this->settings['group'];
        $need = [];
        foreach ($this->pools as $name => $p) {
            $size = $this->redis->lLen("queues:{$p['queue']}");
            $rt = $this->redis->hMGet("bench:runtime:{$p['queue']}", ['sum', 'count']);
            $runtime = (int) $rt['count'] > 0 ? (float) $rt['sum'] / (int) $rt['count'] : 0.0;
            $need[$name] = $group['strategy'] === 'size' ? (float) $size : $size * $runtime;
        }
        $total = array_sum($need);
        foreach ($this->pools as $name => $p) {
            $target = $total > 0 ? (int) ceil($group['max_processes'] * $need[$name] / $total) : max($p['min'], 1);
            $target = min(max($target, $p['min']), $group['max_processes']);
            $move = min($group['max_shift'], abs($target - $p['count']));
            $this->scale($name, $p['count'] + ($target > $p['count'] ? $move : -$move));
        }
    }

    private function scale(string $name, int $count): void
    {
        $pool = &$this->pools[$name];
        $pool['count'] = $count;
        while (count($pool['procs']) > $count) {
            $pid = array_key_last($pool['procs']);
            posix_kill($pid, SIGTERM);
            $this->leaving[$pid] = $pool['procs'][$pid];
            unset($pool['procs'][$pid]);
        }
    }

    private function fill(): void
    {
        foreach ($this->pools as $name => $p) {
            for ($i = count($p['procs']); $i < $p['count'] && !$this->stopping; $i++) {
                $proc = proc_open([...$this->command, $p['queue'], (string) $this->settings['metrics_interval']],
                    [0 => ['file', '/dev/null', 'r']], $pipes);
                $this->pools[$name]['procs'][proc_get_status($proc)['pid']] = $proc;
            }
        }
    }

    /** Closes the workers that ended (a pool's ones are started again by fill()). */
    private function reap(): void
    {
        foreach ($this->pools as $name => $p) {
            foreach ($p['procs'] as $pid => $proc) {
                if (!proc_get_status($proc)['running']) {
                    proc_close($proc);
                    unset($this->pools[$name]['procs'][$pid]);
                }
            }
        }
        foreach ($this->leaving as $pid => $proc) {
            if (!proc_get_status($proc)['running']) {
                proc_close($proc);
                unset($this->leaving[$pid]);
            }
        }
    }

    /** The record a supervisor keeps in Redis, as the native one's registry does. */
    private function heartbeat(): void
    {
        $pools = [];
        foreach ($this->pools as $name => $p) {
            $pools[$name] = ['processes' => count($p['procs']), 'pids' => array_keys($p['procs'])];
        }
        $ttl = (int) ($this->settings['heartbeat'] * 3000);
        $this->redis->set('bench:horizon:' . getmypid(), json_encode(['pid' => getmypid(), 'pools' => $pools]), ['px' => $ttl]);
        $this->redis->zAdd('bench:horizon', microtime(true), (string) getmypid());
    }

    private function stopAll(float $timeout): int
    {
        foreach ($this->pools as $name => $p) {
            $this->scale($name, 0);
        }
        $deadline = microtime(true) + $timeout;
        while ($this->leaving && microtime(true) < $deadline) {
            $this->reap();
            usleep(50000);
        }
        foreach ($this->leaving as $pid => $proc) {
            posix_kill($pid, SIGKILL);
            proc_close($proc);
        }
        return $this->leaving ? 1 : 0;
    }
}

function native_supervisor(array $settings, array $command): int
{
    if (!method_exists(FastQueue\Supervisor::class, 'addGroup')) {
        fwrite(STDERR, "FastQueue\\Supervisor has no addGroup(): this build has no balancing\n");
        return 3;
    }
    $q = new FastQueue\RedisQueue(['host' => '127.0.0.1', 'port' => $settings['port']]);
    $options = ['stop_timeout' => $settings['stop_timeout'], 'queue' => $q];
    if (($settings['name'] ?? null) !== null) {
        $options += ['name' => $settings['name'], 'heartbeat' => $settings['heartbeat']];
    }
    $s = new FastQueue\Supervisor($options);
    $group = $settings['group'];
    $s->addGroup('bench', ['balance' => 'auto', 'strategy' => $group['strategy'], 'max_processes' => $group['max_processes'],
        'max_shift' => $group['max_shift'], 'cooldown' => $group['cooldown']]);
    foreach ($settings['pools'] as $p) {
        $s->addPool($p['name'], [...$command, $p['queue'], (string) $settings['metrics_interval']], $p['initial'], [
            'group' => 'bench', 'queues' => [$p['queue']],
            'min_processes' => $p['min'], 'max_processes' => $group['max_processes'],
        ]);
    }
    return $s->run();
}

if ($argc < 3 || !in_array($argv[1], ['native', 'horizon'], true)) {
    fwrite(STDERR, "usage: {$argv[0]} native|horizon SETTINGS.json\n");
    exit(2);
}
$settings = json_decode(file_get_contents($argv[2]), true, 512, JSON_THROW_ON_ERROR);
// The worker's command but its last two arguments (the queue, the metrics interval).
$command = [PHP_BINARY, ...$settings['php_flags'], '-d', 'extension=' . $settings['ext'],
    __DIR__ . '/supervisor-worker.php', (string) $settings['port']];
exit($argv[1] === 'native' ? native_supervisor($settings, $command) : (new HorizonLikeSupervisor($settings, $command))->run());
