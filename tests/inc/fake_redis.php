<?php
// A fake Redis server for the reply fuzzer (tests/inc/reply_fuzz.inc): it reads commands as
// Redis does and answers each one from a seeded stream with a reply that is often malformed or
// of the wrong type or shape, and sometimes a sensible one, so that the client's code behind the
// handshake and behind each command's reply is reached too.
//
//   php tests/inc/fake_redis.php [SEED]
//
// It listens on a port of 127.0.0.1 the kernel chooses and prints "ready PORT". A line
// "seed S" on its stdin closes every connection and starts over with seed S (it prints "seed S"
// once done): connection number k (from 0, in the order they are accepted) then draws its
// replies from a generator seeded with S and k, so a client that connects and sends the same
// commands gets the same replies, byte for byte. A line "script R" (R: base64 of a
// comma-separated list of base64 replies) answers with those replies instead, in order, for
// the deterministic test 03/192 (see reset()). EOF on stdin, or SIGTERM, ends it.
//
// What it answers, per command (a connection first draws how sane it is, 0.2 to 0.95: the
// chance that a command gets a sensible reply; the handshake's commands get at least 0.75):
//   - a sensible reply for the command: +OK to AUTH, SELECT, CLIENT, ASKING; a master's ROLE;
//     CLUSTER SLOTS that give every slot to this server (or some to a dead port); SENTINEL
//     get-master-addr-by-name naming this server; the pop script's reply with one to three
//     jobs (charged or not, as asked); ids, failed records, counts, strings, nil;
//   - else, half the time, that sensible reply with one to three parts of it (at any depth)
//     replaced by random replies: the right shape with elements of the wrong type, errors, lies;
//   - else a random reply: every RESP2 type (+, -, :, $, $-1, *, *-1), every RESP3 type
//     (_ # , ( = % ~ | > !), nested arrays (sometimes hundreds deep), errors in any position,
//     integers that overflow or are not numbers, bulk strings shorter or longer than declared,
//     MOVED and ASK to a port where nothing listens, to this server, or unreadable, NOSCRIPT,
//     NOAUTH, READONLY, TRYAGAIN, LOADING, framing that is not RESP at all;
//   - rarely: the start of a reply and then silence (a declared length it never sends: the
//     client must time out), the start of a reply and then the connection closed, or the
//     connection closed without a reply.
declare(strict_types=1);

final class FakeConn
{
    public string $in = '';
    public bool $stalled = false;   // sent a reply it never finishes: reads and answers nothing more
    public float $sanity;

    public function __construct(public $sock, public Random\Randomizer $rng)
    {
        $this->sanity = 0.2 + 0.75 * $this->float();
    }

    public function float(): float
    {
        return $this->rng->getInt(0, 1 << 30) / (1 << 30);
    }

    public function int(int $lo, int $hi): int
    {
        return $this->rng->getInt($lo, $hi);
    }

    public function pick(array $a): mixed
    {
        return $a[$this->rng->getInt(0, count($a) - 1)];
    }

    public function chance(float $p): bool
    {
        return $this->float() < $p;
    }
}

final class FakeRedis
{
    private int $seed = 0;
    private int $accepted = 0;
    /** @var array<int, FakeConn> */
    private array $conns = [];
    public int $port;
    private int $deadPort;

    public function __construct(private $server, int $seed)
    {
        $name = stream_socket_get_name($server, false);
        $this->port = (int) substr($name, strrpos($name, ':') + 1);
        // A port where nothing listens, for MOVED, ASK and slots owned elsewhere: one bound and closed.
        $s = stream_socket_server('tcp://127.0.0.1:0');
        $n = stream_socket_get_name($s, false);
        fclose($s);
        $this->deadPort = (int) substr($n, strrpos($n, ':') + 1);
        $this->reset($seed);
    }

    /** @var ?string[] the replies of a script, in order, for every connection's commands together */
    private ?array $script = null;

    /** A new seed, or a script: $script's replies go out as they are, one per command, then
     * "-ERR script ended"; "CLOSE" closes the connection instead, "STALL" answers nothing more
     * on it (and a reply may stop short of its declared length). */
    public function reset(int $seed, ?array $script = null): void
    {
        $this->script = $script;
        foreach ($this->conns as $c) {
            $this->close($c);
        }
        $this->seed = $seed;
        $this->accepted = 0;
    }

    public function accept(): void
    {
        $sock = @stream_socket_accept($this->server, 0);
        if (!$sock) {
            return;
        }
        stream_set_blocking($sock, false);
        stream_set_write_buffer($sock, 0);
        $engine = new Random\Engine\Xoshiro256StarStar(hash('sha256', "$this->seed/" . $this->accepted++, true));
        $this->conns[(int) $sock] = new FakeConn($sock, new Random\Randomizer($engine));
    }

    /** @return resource[] */
    public function sockets(): array
    {
        $s = [];
        foreach ($this->conns as $c) {
            $s[] = $c->sock;
        }
        return $s;
    }

    private function close(FakeConn $c): void
    {
        if (isset($this->conns[(int) $c->sock])) {
            unset($this->conns[(int) $c->sock]);
            @fclose($c->sock);
        }
    }

    public function readable($sock): void
    {
        $c = $this->conns[(int) $sock] ?? null;
        if (!$c) {
            return;
        }
        $data = @fread($sock, 65536);
        if ($data === false || ($data === '' && feof($sock))) {
            $this->close($c);
            return;
        }
        if ($c->stalled) {
            return;
        }
        $c->in .= $data;
        while (($cmd = self::parse($c->in)) !== null) {
            if ($cmd === false) {
                $this->close($c); // not RESP: as Redis, a protocol error ends the connection
                return;
            }
            if (!$this->answer($c, $cmd)) {
                return;
            }
        }
    }

    /** One command off the front of $buf: its arguments, null when incomplete, false when not RESP. */
    private static function parse(string &$buf): array|null|false
    {
        if ($buf === '') {
            return null;
        }
        if ($buf[0] !== '*') {
            // An inline command, as redis-cli sends one by hand.
            if (($e = strpos($buf, "\r\n")) === false) {
                return null;
            }
            $line = substr($buf, 0, $e);
            $buf = substr($buf, $e + 2);
            return preg_split('/ +/', trim($line)) ?: [''];
        }
        $p = 0;
        if (($e = strpos($buf, "\r\n", $p)) === false) {
            return null;
        }
        $n = (int) substr($buf, 1, $e - 1);
        $p = $e + 2;
        $args = [];
        for ($i = 0; $i < $n; $i++) {
            if (($e = strpos($buf, "\r\n", $p)) === false) {
                return null;
            }
            if ($buf[$p] !== '$') {
                return false;
            }
            $len = (int) substr($buf, $p + 1, $e - $p - 1);
            if (strlen($buf) < $e + 2 + $len + 2) {
                return null;
            }
            $args[] = substr($buf, $e + 2, $len);
            $p = $e + 2 + $len + 2;
        }
        $buf = substr($buf, $p);
        return $args;
    }

    /** Writes a reply; a client that takes none of it for 2 s is dropped, so that one client
     * that stopped reading never stalls the others. */
    private function send(FakeConn $c, string $bytes): bool
    {
        $until = microtime(true) + 2;
        for ($off = 0, $len = strlen($bytes); $off < $len;) {
            $n = @fwrite($c->sock, substr($bytes, $off, 65536));
            if ($n === false) {
                $this->close($c);
                return false;
            }
            $off += $n;
            if ($n === 0) {
                $r = $e = null;
                $w = [$c->sock];
                if (microtime(true) > $until || @stream_select($r, $w, $e, 0, 100000) === false) {
                    $this->close($c);
                    return false;
                }
            }
        }
        return true;
    }

    /** Answers one command; false when the connection is closed or stalled. */
    private function answer(FakeConn $c, array $cmd): bool
    {
        if ($this->script !== null) {
            $reply = array_shift($this->script) ?? "-ERR script ended\r\n";
            if ($reply === 'CLOSE') {
                $this->close($c);
                return false;
            }
            if ($reply === 'STALL') {
                $c->stalled = true;
                return false;
            }
            return $this->send($c, $reply);
        }
        $name = strtoupper((string) ($cmd[0] ?? ''));
        $handshake = in_array($name, ['AUTH', 'SELECT', 'CLIENT', 'HELLO', 'PING', 'ROLE', 'SENTINEL', 'CLUSTER', 'ASKING'], true);
        $sanity = $handshake ? max($c->sanity, 0.75) : $c->sanity;
        $r = $c->float();
        if ($r < 0.012) {
            $this->close($c); // no reply at all
            return false;
        }
        if ($r < 0.036) {
            // The start of a reply, then closed (< 0.024) or silence (the client must time out).
            $reply = $this->random($c, 0);
            $cut = strlen($reply) > 1 ? $c->int(1, strlen($reply) - 1) : 0;
            $prefix = $c->chance(0.5) ? substr($reply, 0, $cut) : '$' . $c->int(5, 100000) . "\r\nshort";
            $this->send($c, $prefix);
            if ($r < 0.024) {
                $this->close($c);
            } else {
                $c->stalled = true;
            }
            return false;
        }
        if ($c->chance($sanity)) {
            $reply = $this->sensible($c, $name, $cmd);
        } elseif ($c->chance(0.5)) {
            // The sensible reply with one to three parts of it, at any depth, replaced by random
            // replies: the right shape with elements of the wrong type, errors or lies inside.
            $tree = self::tree($this->sensible($c, $name, $cmd));
            for ($i = $c->int(1, 3); $i > 0; $i--) {
                $paths = [];
                self::paths($tree, [], $paths);
                // The whole reply only when it has no parts (that is a random reply).
                $path = count($paths) > 1 ? $paths[$c->int(1, count($paths) - 1)] : [];
                // Mostly well-formed RESP2: a framing error would end the connection before the
                // reply reached the code that reads it.
                $tree = self::replace($tree, $path, $this->random($c, 1, $c->chance(0.8)));
                if (!is_array($tree)) {
                    break;
                }
            }
            $reply = self::flat($tree);
        } else {
            $reply = $this->random($c, 0);
        }
        return $this->send($c, $reply);
    }

    // {{{ a sensible reply as a tree: a string holds a whole scalar reply, an array an array's items
    private static function tree(string $resp): string|array
    {
        $p = 0;
        return self::node($resp, $p);
    }

    private static function node(string $s, int &$p): string|array
    {
        $e = strpos($s, "\r\n", $p);
        $head = substr($s, $p, $e - $p);
        $start = $p;
        $p = $e + 2;
        if ($head[0] === '*' && (int) substr($head, 1) >= 0) {
            $items = [];
            for ($i = (int) substr($head, 1); $i > 0; $i--) {
                $items[] = self::node($s, $p);
            }
            return $items;
        }
        if ($head[0] === '$' && (int) substr($head, 1) >= 0) {
            $p += (int) substr($head, 1) + 2;
        }
        return substr($s, $start, $p - $start);
    }

    private static function paths(string|array $t, array $at, array &$out): void
    {
        $out[] = $at;
        if (is_array($t)) {
            foreach ($t as $i => $item) {
                self::paths($item, [...$at, $i], $out);
            }
        }
    }

    private static function replace(string|array $t, array $path, string $with): string|array
    {
        if (!$path) {
            return $with;
        }
        $i = array_shift($path);
        $t[$i] = self::replace($t[$i], $path, $with);
        return $t;
    }

    private static function flat(string|array $t): string
    {
        return is_string($t) ? $t : '*' . count($t) . "\r\n" . implode('', array_map(self::flat(...), $t));
    }
    // }}}

    // {{{ RESP
    private static function bulk(string $s): string
    {
        return '$' . strlen($s) . "\r\n$s\r\n";
    }

    private static function arr(array $items): string
    {
        return '*' . count($items) . "\r\n" . implode('', $items);
    }

    private static function int(int|string $n): string
    {
        return ":$n\r\n";
    }

    private static function bulks(array $strings): string
    {
        return self::arr(array_map(self::bulk(...), $strings));
    }
    // }}}

    private function payload(FakeConn $c): string
    {
        $id = (string) $c->int(1, 999);
        return $c->pick([
            '{"uuid":"u-' . $id . '","displayName":"FuzzJob","job":"FuzzJob","maxTries":null,"maxExceptions":null,"failOnTimeout":false,"backoff":null,"timeout":null,"data":{"n":' . $id . '},"id":"' . $id . '","attempts":' . $c->int(0, 3) . '}',
            '{"job":"FuzzJob","data":[1,2,3],"id":' . $id . ',"attempts":0,"backoff":"1,2","maxTries":"3","retryUntil":' . (time() + 60) . '}',
            '{"job":"FuzzJob","uuid":"u-' . $id . '","timeout":1,"delay":2,"attempts":"1"}',
            '{"job":"FuzzJob","data":"' . str_repeat('x', $c->int(0, 50)) . '","attempts":[1]}',
            '{"job":"","attempts":1}',
            'not json at all',
            '',
            '[1,2,3]',
            '{"job":"FuzzJob","attempts":1',
        ]);
    }

    /** The pop script's reply, as src/lua/pop.lua makes it, for the keys and arguments given. */
    private function popReply(FakeConn $c, array $cmd): string
    {
        $nkeys = (int) ($cmd[2] ?? 0);
        $argv = array_slice($cmd, 3 + $nkeys);
        $charged = ($argv[3] ?? '') === '';
        $report = ($argv[5] ?? '0') === '1';
        $want = max(1, (int) ($argv[2] ?? 1));
        $queues = max(1, intdiv($nkeys, 4));
        $items = [$c->chance(0.8) ? "\$-1\r\n" : self::bulk((string) $c->int(0, 2000000000))];
        if ($c->chance(0.75)) {
            $items[] = self::int($c->chance(0.9) ? $c->int(1, $queues) : $c->pick([0, $queues + 1, -1]));
            for ($i = $c->int(1, min($want, 3)); $i > 0; $i--) {
                $p = $this->payload($c);
                $items[] = self::bulk($p);
                if ($charged) {
                    $items[] = self::bulk(preg_replace('/"attempts":\d+/', '"attempts":' . $c->int(1, 5), $p) ?? $p);
                    $items[] = self::int($c->pick([1, 2, -1, 0]));
                }
            }
        }
        if ($report) {
            $items[] = $c->chance(0.7) ? "*0\r\n" : self::arr([self::int(1), self::bulk('delayed'), self::bulks([$this->payload($c)])]);
        }
        return self::arr($items);
    }

    private function record(FakeConn $c): string
    {
        $f = ['id' => 'u-' . $c->int(1, 99), 'queue' => $c->pick(['default', 'rf', '{rf}', 'other']), 'payload' => $this->payload($c),
            'exception' => 'RuntimeException', 'message' => 'boom', 'trace' => '#0 {main}', 'failed_at' => (string) time()];
        $out = [];
        foreach ($f as $k => $v) {
            if ($c->chance(0.9)) {
                $out[] = $k;
                $out[] = $v;
            }
        }
        return self::bulks($out);
    }

    private function sensible(FakeConn $c, string $name, array $cmd): string
    {
        $sub = strtoupper((string) ($cmd[1] ?? ''));
        $me = '127.0.0.1';
        switch ($name) {
            case 'AUTH': case 'SELECT': case 'CLIENT': case 'ASKING': case 'SET': case 'QUIT':
                return "+OK\r\n";
            case 'PING':
                return "+PONG\r\n";
            case 'HELLO':
                return self::arr([self::bulk('server'), self::bulk('redis'), self::bulk('version'), self::bulk('7.0.15'),
                    self::bulk('proto'), self::int(2), self::bulk('role'), self::bulk('master')]);
            case 'ROLE':
                return $c->chance(0.85) ? self::arr([self::bulk('master'), self::int(0), "*0\r\n"])
                    : self::arr([self::bulk('slave'), self::bulk($me), self::int($this->port), self::bulk('connected'), self::int(0)]);
            case 'SENTINEL':
                return $c->chance(0.9) ? self::bulks([$me, (string) $this->port]) : "*-1\r\n";
            case 'CLUSTER':
                if ($sub !== 'SLOTS') {
                    return "+OK\r\n";
                }
                $node = fn (int $port) => self::arr([self::bulk($me), self::int($port), self::bulk(sha1((string) $port))]);
                if ($c->chance(0.8)) {
                    return self::arr([self::arr([self::int(0), self::int(16383), $node($this->port)])]);
                }
                $cut = $c->int(1, 16382);
                return self::arr([self::arr([self::int(0), self::int($cut), $node($this->port), $node($this->deadPort)]),
                    self::arr([self::int($cut + 1), self::int(16383), $node($this->deadPort)])]);
            case 'EVALSHA': case 'EVAL':
                if ($name === 'EVALSHA' && $c->chance(0.15)) {
                    return "-NOSCRIPT No matching script. Please use EVAL.\r\n";
                }
                $nkeys = (int) ($cmd[2] ?? 0);
                if ($nkeys >= 4 && str_ends_with((string) ($cmd[4] ?? ''), ':delayed')) {
                    return $this->popReply($c, $cmd);
                }
                return $c->pick([self::int(1), self::int(0), self::int($c->int(2, 100)), "\$-1\r\n", "+OK\r\n", self::bulk('1'),
                    self::bulk('default')]);
            case 'ZREVRANGE': case 'ZRANGE':
                $ids = [];
                for ($i = $c->int(0, 4); $i > 0; $i--) {
                    $ids[] = 'u-' . $c->int(1, 99);
                }
                return self::bulks($ids);
            case 'HGETALL':
                return $c->chance(0.85) ? $this->record($c) : "*0\r\n";
            case 'HMGET':
                return self::arr([self::bulk($this->payload($c)), $c->chance(0.8) ? self::bulk('default') : "\$-1\r\n"]);
            case 'HGET': case 'GET':
                return $c->chance(0.6) ? self::bulk($c->pick([$this->payload($c), (string) time(), '1', ''])) : "\$-1\r\n";
            case 'BLPOP':
                return $c->chance(0.5) ? self::bulks([(string) ($cmd[1] ?? 'k'), '1']) : "*-1\r\n";
            case 'ZADD':
                return $c->chance(0.7) ? self::bulk((string) (time() + $c->int(1, 100))) : ($c->chance(0.5) ? "\$-1\r\n" : self::int(1));
            default:
                return self::int($c->int(0, 5));
        }
    }

    private function randomString(FakeConn $c): string
    {
        return match ($c->int(0, 7)) {
            0 => '',
            1 => (string) $c->int(-5, 2000000000),
            2 => $this->payload($c),
            3 => 'u-' . $c->int(1, 99),
            4 => $c->rng->getBytes($c->int(1, 40)),
            5 => $c->chance(0.1) ? str_repeat('z', 70000) : "with\r\ncrlf",
            6 => "127.0.0.1",
            default => $c->pick(['default', 'master', 'slave', 'OK', 'queue', 'payload', 'failed_at', 'nil', "\0"]),
        };
    }

    private function errorText(FakeConn $c): string
    {
        $slot = $c->int(0, 16383);
        return $c->pick([
            'ERR fuzz', 'WRONGTYPE Operation against a key holding the wrong kind of value',
            'NOSCRIPT No matching script. Please use EVAL.', 'NOAUTH Authentication required.',
            'READONLY You can\'t write against a read only replica.', 'TRYAGAIN Multiple keys request during rehashing of slot',
            'LOADING Redis is loading the dataset in memory', 'BUSY Redis is busy running a script',
            "MOVED $slot 127.0.0.1:$this->deadPort", "ASK $slot 127.0.0.1:$this->deadPort",
            "MOVED $slot 127.0.0.1:$this->port", "ASK $slot 127.0.0.1:$this->port",
            'MOVED', 'MOVED x y', "MOVED 99999 127.0.0.1:$this->port", "ASK $slot :0", "MOVED $slot [::1]:$this->deadPort",
            "MOVED $slot " . str_repeat('h', 300) . ':1', '', 'CLUSTERDOWN The cluster is down',
        ]);
    }

    /** A random reply, well-formed or not, of any type; $resp2: well-formed RESP2 that hiredis
     * 0.14 reads too (no RESP3, no lies, nesting within its limit of 7). */
    private function random(FakeConn $c, int $depth, bool $resp2 = false): string
    {
        $k = $c->int(0, $depth > 3 ? 14 : 22);
        if ($resp2 && in_array($k, [10, 11, 12, 13, 14, 15], true)) {
            $k = $depth > 3 ? $c->int(0, 9) : $c->pick([0, 1, 3, 4, 7, 8, 9, 16, 17]);
        }
        switch ($k) {
            case 0: return '+' . $c->pick(['OK', 'PONG', 'QUEUED', '', 'master', '1']) . "\r\n";
            case 1: case 2: return '-' . $this->errorText($c) . "\r\n";
            case 3: return ':' . $c->pick(['0', '1', '-1', '2', '9223372036854775807', '-9223372036854775808',
                (string) $c->int(0, 100000), ...($resp2 ? [] : ['99999999999999999999', 'abc', '', '1.5'])]) . "\r\n";
            case 4: case 5: case 6: return self::bulk($this->randomString($c));
            case 7: return "\$-1\r\n";
            case 8: return "*-1\r\n";
            case 9: return "*0\r\n";
            // RESP3 types: framing errors to hiredis 0.14, types of their own to 1.x.
            case 10: return $c->pick(["_\r\n", "#t\r\n", "#f\r\n", ",3.14\r\n", ",inf\r\n", ",-nan\r\n", ",x\r\n",
                "(12345678901234567890123\r\n", "=15\r\ntxt:some string\r\n", "!9\r\nERR blob!\r\n", "=0\r\n\r\n"]);
            case 11:
                $n = $c->int(0, 3);
                $body = '';
                for ($i = 0; $i < 2 * $n; $i++) {
                    $body .= $this->random($c, $depth + 1);
                }
                return "%$n\r\n$body";
            case 12:
                $n = $c->int(0, 3);
                $body = '';
                for ($i = 0; $i < $n; $i++) {
                    $body .= $this->random($c, $depth + 1);
                }
                return $c->pick(['~', '>']) . "$n\r\n$body";
            case 13: // an attribute, then the reply it annotates
                return "|1\r\n+key\r\n:1\r\n" . $this->random($c, $depth + 1);
            case 14: // framing that is not RESP, or lengths that lie
                return $c->pick(["\$-2\r\n", "*-2\r\n", "?what\r\n", "\$abc\r\n", "*x\r\n", "\$3\r\nabcdef\r\n", "\$5\r\nab\r\n",
                    "\r\n", "+no crlf", "\$2\r\nab", ":1\n", "\$" . PHP_INT_MAX . "\r\n", "*" . PHP_INT_MAX . "\r\n",
                    "*99999999\r\n"]);
            case 15: // deep nesting
                $d = $c->pick([10, 100, 600, 2000]);
                return str_repeat("*1\r\n", $d) . ($c->chance(0.5) ? "*0\r\n" : self::bulk('deep'));
            case 16: // an error inside an array
                $items = [self::bulk($this->randomString($c)), '-' . $this->errorText($c) . "\r\n", self::int(1)];
                return self::arr(array_slice($items, $c->int(0, 2)));
            default:
                $n = $c->chance(0.05) ? $c->int(50, 300) : $c->int(1, 6);
                $items = [];
                for ($i = 0; $i < $n; $i++) {
                    $items[] = $this->random($c, $depth + 1, $resp2);
                }
                return self::arr($items);
        }
    }
}

$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
if (!$server) {
    fwrite(STDERR, "fake_redis: cannot listen: $errstr\n");
    exit(1);
}
$fake = new FakeRedis($server, (int) ($argv[1] ?? 0));
$quit = false;
if (function_exists('pcntl_async_signals')) {
    pcntl_async_signals(true);
    pcntl_signal(SIGTERM, function () use (&$quit) { $quit = true; });
}
echo "ready $fake->port\n";
$stdinOpen = true;
while (!$quit) {
    $read = array_merge([$server], $fake->sockets());
    if ($stdinOpen) {
        $read[] = STDIN;
    }
    $write = $except = null;
    if (@stream_select($read, $write, $except, 0, 200000) === false) {
        continue; // a signal
    }
    foreach ($read as $sock) {
        if ($sock === $server) {
            $fake->accept();
        } elseif ($sock === STDIN) {
            $line = fgets(STDIN);
            if ($line === false) {
                $stdinOpen = false;
                $quit = true;
            } elseif (preg_match('/^seed (-?\d+)/', $line, $m)) {
                $fake->reset((int) $m[1]);
                echo "seed $m[1]\n";
            } elseif (preg_match('/^script ([A-Za-z0-9+\/=]*)/', $line, $m)) {
                $fake->reset(0, array_map('base64_decode', array_filter(explode(',', base64_decode($m[1])), 'strlen')));
                echo "script\n";
            }
        } else {
            $fake->readable($sock);
        }
    }
}
