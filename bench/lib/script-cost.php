<?php
// The driver of bench/script-cost: reserves the jobs of queues:NAME one at a time, as a worker
// with prefetch 1 does (the acknowledgement of the job before goes out with each call, a ZREM),
// with src/queue/lua/pop.lua or a variant of it, over a plain socket.
//
// Usage: php bench/lib/script-cost.php PORT QUEUE N VARIANT [READY_FILE]
// With READY_FILE, it creates the file once the script is loaded and waits until it is gone,
// so that the caller can start counting. Variants (each leaves out one part of the reserve to
// show its cost; none of them is a way to run a worker):
//   pop             pop.lua as the worker calls it at prefetch 1 (charged, restart key read,
//                   due delayed jobs looked for on every call, expired reservations once a
//                   second)
//   no-migration    without the migration's reads (ZCOUNT of :delayed, ZRANGEBYSCORE of :reserved)
//   no-restart      without the restart key's GET
//   uncharged       ARGV[5] 0: the job as pushed goes to :reserved, no reserved copy is made
//   floor           a three-command script (LPOP, LPOP :notify, ZADD): the least a reserve of
//                   one job can be while it stays atomic
//   floor-count     the same with LPOP by count (an array reply), as pop.lua pops
//   return-only     a script that only returns, given the same keys and arguments: a call's base cost

declare(strict_types=1);

require __DIR__ . '/resp.php';

if ($argc < 5) {
    fwrite(STDERR, "usage: php bench/lib/script-cost.php PORT QUEUE N VARIANT [READY_FILE]\n");
    exit(2);
}
[, $port, $queue, $n, $variant] = $argv;
$n = (int) $n;
$ready = $argv[5] ?? null;

// The script as scripts/gen-lua makes it, the shared prelude in it.
require __DIR__ . '/../../scripts/lua-source.php';
$lua = fastqueue_lua_source(__DIR__ . '/../..', 'pop');
$charge = '1';
$restart = true;
$skipMigration = function (string $lua): string {
    $lua = script_cost_replace($lua, "local due_count = redis.pcall('zcount', delayed, '-inf', now)\n", "local due_count = 0\n");
    return script_cost_replace($lua, "due_reserved = redis.pcall('zrangebyscore', reserved, '-inf', now)\n", "due_reserved = {}\n");
};
switch ($variant) {
    case 'pop':
        break;
    case 'no-migration':
        $lua = $skipMigration($lua);
        break;
    case 'no-restart':
        $restart = false;
        break;
    case 'uncharged':
        $charge = '0';
        break;
    case 'floor':
        $lua = "local job = redis.call('lpop', KEYS[1])\nif not job then return {false} end\n"
            . "redis.call('lpop', KEYS[4])\nredis.call('zadd', KEYS[3], ARGV[2], job)\nreturn {false, 1, job, job, 1}\n";
        break;
    case 'floor-count':
        $lua = "local jobs = redis.call('lpop', KEYS[1], 1)\nif not jobs then return {false} end\n"
            . "redis.call('lpop', KEYS[4], 1)\nredis.call('zadd', KEYS[3], ARGV[2], jobs[1])\nreturn {false, 1, jobs[1], jobs[1], 1}\n";
        break;
    case 'return-only':
        $lua = "return {false}\n";
        break;
    default:
        fwrite(STDERR, "unknown variant $variant\n");
        exit(2);
}

$key = "queues:$queue";
$keys = [$key, "$key:delayed", "$key:reserved", "$key:notify"];
if ($restart) {
    $keys[] = 'illuminate:queue:restart';
}
$c = resp_connect((int) $port);
$sha = resp_call($c, resp_command(['SCRIPT', 'LOAD', $lua]), 1)[0];
if ($ready !== null) {
    touch($ready);
    while (file_exists($ready)) {
        usleep(10000);
    }
}
$previous = null;
$looked = 0;
$done = 0;
for ($i = 0; $i < $n; $i++) {
    $now = time();
    $call = resp_command(array_merge(['EVALSHA', $sha, (string) count($keys)], $keys,
        script_cost_args($now, $charge, $looked)));
    $looked = $now;
    $out = $previous !== null ? resp_command(['ZREM', "$key:reserved", $previous]) . $call : $call;
    $replies = resp_call($c, $out, $previous !== null ? 2 : 1);
    $reply = end($replies);
    if ($variant === 'return-only') {
        continue;
    }
    if (!isset($reply[2])) {
        break;
    }
    // The member in :reserved: the reserved copy (charged) or the job as pushed.
    $previous = $charge === '1' ? $reply[3] : $reply[2];
    $done++;
}
if ($previous !== null) {
    resp_call($c, resp_command(['ZREM', "$key:reserved", $previous]), 1);
}
if ($variant !== 'return-only' && $done !== $n) {
    fwrite(STDERR, "reserved $done of $n jobs\n");
    exit(1);
}
echo "ok $done\n";

// pop.lua's arguments as src/queue/reserve.c makes them: expired reservations looked for once per
// second, and the trailing arguments at their defaults left out.
function script_cost_args(int $now, string $charge, int $looked): array
{
    $args = [(string) $now, (string) ($now + 90), '1', $charge === '1' ? '' : '0', '-1', '0', $looked === $now ? '0' : '1'];
    $defaults = [2 => '1', 3 => '', 4 => '-1', 5 => '0', 6 => '0'];
    while (count($args) > 2 && ($defaults[count($args) - 1] ?? null) === end($args)) {
        array_pop($args);
    }
    return $args;
}

function script_cost_replace(string $lua, string $from, string $to): string
{
    if (!str_contains($lua, $from)) {
        fwrite(STDERR, "pop.lua changed: the variant no longer applies (no \"$from\")\n");
        exit(1);
    }
    return str_replace($from, $to, $lua);
}
