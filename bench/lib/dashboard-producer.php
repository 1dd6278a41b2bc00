<?php
// The load of bench/dashboard: for SECONDS, pushes jobs onto "orders" and "mail" at a rate that
// rises, holds, bursts and falls, so the panels have something to show. Each payload carries
// Laravel 12's createdAt, from which the workers measure how long jobs waited.
// Usage: php -d extension=... bench/lib/dashboard-producer.php REDIS_PORT SECONDS

declare(strict_types=1);

[, $port, $seconds] = $argv + [null, null, null];
if (!$port || !$seconds) {
    fwrite(STDERR, "usage: php bench/lib/dashboard-producer.php REDIS_PORT SECONDS\n");
    exit(2);
}
$seconds = (int) $seconds;
$queue = new FastQueue\RedisQueue(['host' => '127.0.0.1', 'port' => (int) $port]);

// Jobs per second at fraction f of the run: a ramp, a plateau, a burst in the middle, a fall.
function rate_at(float $f): float
{
    if ($f < 0.2) return 5 + 100 * $f;
    if ($f > 0.45 && $f < 0.55) return 60;
    if ($f > 0.8) return 25 - 100 * ($f - 0.8);
    return 25;
}

// Which job, and onto which queue: mostly fast ones.
function pick(): array
{
    $r = random_int(1, 100);
    if ($r <= 55) return ['fast', 'orders'];
    if ($r <= 70) return ['slow', 'mail'];
    if ($r <= 82) return ['cpu', 'orders'];
    if ($r <= 90) return ['memory', 'orders'];
    return ['flaky', 'mail'];
}

$start = microtime(true);
$pushed = 0;
while (($elapsed = microtime(true) - $start) < $seconds) {
    [$kind, $name] = pick();
    $queue->pushRaw(json_encode([
        'uuid' => bin2hex(random_bytes(16)),
        'displayName' => "Dashboard\\" . ucfirst($kind) . 'Job',
        'job' => 'dashboard',
        'maxTries' => null,
        'data' => ['kind' => $kind],
        'id' => bin2hex(random_bytes(16)),
        'attempts' => 0,
        'createdAt' => time(),
        'delay' => null,
    ]), $name);
    $pushed++;
    usleep((int) (1e6 / rate_at($elapsed / $seconds)));
}
echo "pushed $pushed jobs in $seconds s\n";
