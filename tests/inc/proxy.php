<?php
// A small TCP proxy that a test runs in front of its redis-server to cut the network:
//
//   php tests/inc/proxy.php LISTEN_PORT TARGET_PORT
//
// It prints "ready" once it listens on 127.0.0.1:LISTEN_PORT and forwards each connection to
// 127.0.0.1:TARGET_PORT. Signals steer it:
//   SIGUSR1  drops every connection (both sides closed at once, as a reset network would);
//   SIGUSR2  starts a black hole: from then on every connection, old or new, is accepted and
//            never answered (nothing read, nothing forwarded). The next SIGUSR2 ends it and
//            closes the connections it held, as a peer that timed out would.
//   SIGTERM  ends the proxy.
// On SIGUSR1 and at the end of a black hole it prints "dropped N" to stdout.
//
// With --corrupt=RATE (0 to 1) it also damages, at random (mt_rand, seeded by --seed=N), that
// share of the replies from the server (tests/05_signals/chaos/070). What goes from the client to
// the server is always forwarded untouched: a damaged command could do anything at Redis, and
// a damaged reply is what the client under test must survive. The replies are cut apart by
// their RESP framing, and each damaged one meets one of these fates (corrupt_reply()):
//   cut      a random part of it (possibly none) goes out, then the connection is closed;
//   type     its type byte becomes one that neither RESP2 nor RESP3 knows;
//   length   the length line of a bulk string or array is not a number (else: type);
//   long     its length says more than follows, then the connection is closed: left open,
//            the client would take the next replies' bytes for this one's, which no client
//            can tell from a real reply;
//   garbage  bytes that do not start with a RESP type byte go out before it;
//   replace  a well-formed reply of another kind goes out instead: an error, a nil, an
//            integer, an empty or an odd array, a status, a short string;
//   stall    its length says more than follows, then nothing more goes out on the
//            connection: the client must give up on its read timeout.
// The bytes inside a bulk string are never changed, nor is a reply replaced by one of the
// same shape that holds other jobs: a reply with the framing intact and other content cannot
// be told from a real one by any client (a payload's bytes changed would fail the job as not
// JSON under an id nobody pushed, or under the same id while the true job stays reserved).
// In this mode SIGHUP ends the damage (every connection is forwarded untouched from then on,
// so that the test can drain its queue cleanly) and prints "corruptions N replies M" with a
// count per fate; so does SIGTERM.
declare(strict_types=1);

$opts = getopt('', ['corrupt:', 'seed:'], $rest);
[$listenPort, $targetPort] = [(int) ($argv[$rest] ?? 0), (int) ($argv[$rest + 1] ?? 0)];
if ($listenPort <= 0 || $targetPort <= 0) {
    fwrite(STDERR, "usage: php proxy.php [--corrupt=RATE --seed=N] LISTEN_PORT TARGET_PORT\n");
    exit(2);
}
$rate = (float) ($opts['corrupt'] ?? 0);
mt_srand((int) ($opts['seed'] ?? 1));
const FATES = ['cut' => 3, 'type' => 2, 'length' => 2, 'long' => 2, 'garbage' => 2, 'replace' => 4, 'stall' => 1];
$fates = array_fill_keys(array_keys(FATES), 0);
$replies = 0;
$buf = [];       // upstream socket id => server bytes not yet forwarded (an incomplete reply)
$stalled = [];   // client socket id => true: nothing more goes to that client

// Where the RESP reply at $o of $b ends: an offset, null when it is not all there yet, -1 when
// it is not RESP (left alone then: forwarded as it is).
function resp_end(string $b, int $o): ?int
{
    if ($o >= strlen($b)) {
        return null;
    }
    $nl = strpos($b, "\r\n", $o);
    if ($nl === false) {
        return null;
    }
    $n = (int) substr($b, $o + 1, $nl - $o - 1);
    switch ($b[$o]) {
        case '+': case '-': case ':': case ',': case '#': case '_': case '(':
            return $nl + 2;
        case '$': case '!': case '=':
            return $n < 0 ? $nl + 2 : ($nl + 4 + $n <= strlen($b) ? $nl + 4 + $n : null);
        case '*': case '~': case '>': case '%': case '|':
            $p = $nl + 2;
            for ($i = 0, $k = $n * ($b[$o] === '%' || $b[$o] === '|' ? 2 : 1); $i < $k; $i++) {
                $p = resp_end($b, $p);
                if ($p === null || $p < 0) {
                    return $p;
                }
            }
            return $p;
    }
    return -1;
}

// One damaged reply: [the bytes to send, what then: 'open', 'close' or 'stall'].
function corrupt_reply(string $r, string $fate): array
{
    $nl = strpos($r, "\r\n");
    $framed = $r[0] === '$' || $r[0] === '*';
    if ($fate === 'length' && !$framed) {
        $fate = 'type';
    }
    switch ($fate) {
        case 'cut':
            return [substr($r, 0, mt_rand(0, strlen($r) - 1)), 'close'];
        case 'type':
            return [['@', '^', '&', '?', 'Z', "\0", "\xfe"][mt_rand(0, 6)] . substr($r, 1), 'open'];
        case 'length':
            $n = substr($r, 1, $nl - 1);
            $bad = [$n . 'x', 'x' . $n, '', $n . '.5', ' ' . $n][mt_rand(0, 4)];
            return [$r[0] . $bad . substr($r, $nl), 'open'];
        case 'long':
        case 'stall':
            if ($framed && (int) substr($r, 1, $nl - 1) >= 0) {
                $r = $r[0] . ((int) substr($r, 1, $nl - 1) + mt_rand(1, 100)) . substr($r, $nl);
            } else {
                $r = substr($r, 0, -1);   // no length to lengthen: the line's end is missing
            }
            return [$r, $fate === 'long' ? 'close' : 'stall'];
        case 'garbage':
            $g = ["\x01\x02", '@', "\xff\xfe", "\0\0\0", 'garbage', ";x\r\n", "\r\n"][mt_rand(0, 6)];
            return [$g . $r, 'open'];
        case 'replace':
            return [["-ERR damaged by the test proxy\r\n", "\$-1\r\n", "*-1\r\n", ":42\r\n", "*0\r\n",
                "*2\r\n:1\r\n:2\r\n", "+OK\r\n", "\$3\r\nbad\r\n", "*1\r\n*0\r\n", ":-1\r\n"][mt_rand(0, 9)], 'open'];
    }
    throw new LogicException($fate);
}
$server = stream_socket_server("tcp://127.0.0.1:$listenPort", $errno, $errstr);
if (!$server) {
    fwrite(STDERR, "proxy: cannot listen on $listenPort: $errstr\n");
    exit(1);
}

$drop = $toggle = $quit = $clean = false;
pcntl_async_signals(true);
if ($rate > 0) {
    pcntl_signal(SIGHUP, function () use (&$clean) { $clean = true; });
}
pcntl_signal(SIGUSR1, function () use (&$drop) { $drop = true; });
pcntl_signal(SIGUSR2, function () use (&$toggle) { $toggle = true; });
pcntl_signal(SIGTERM, function () use (&$quit) { $quit = true; });

/** @var array<int, array{0: resource, 1: ?resource}> $pairs client => [client, upstream] */
$pairs = [];
$peer = [];       // socket id => the other side's socket
$holeOn = false;

$closeAll = function () use (&$pairs, &$peer): int {
    $n = count($pairs);
    foreach ($pairs as [$client, $upstream]) {
        @fclose($client);
        if ($upstream) {
            @fclose($upstream);
        }
    }
    $pairs = $peer = [];
    $GLOBALS['buf'] = $GLOBALS['stalled'] = [];
    return $n;
};
$closePair = function ($sock) use (&$pairs, &$peer): void {
    foreach ($pairs as $id => [$client, $upstream]) {
        if ($client === $sock || $upstream === $sock) {
            @fclose($client);
            if ($upstream) {
                @fclose($upstream);
                unset($peer[(int) $upstream], $GLOBALS['buf'][(int) $upstream]);
            }
            unset($pairs[$id], $peer[(int) $client], $GLOBALS['stalled'][(int) $client]);
            return;
        }
    }
};

$report = function () use (&$fates, &$replies): void {
    $line = 'corruptions ' . array_sum($fates) . " replies $replies";
    foreach ($fates as $f => $n) {
        $line .= " $f=$n";
    }
    echo $line, "\n";
};

echo "ready\n";
while (!$quit) {
    if ($clean && $rate > 0) {
        $rate = 0;
        $report();
        // What was held back as an incomplete reply goes on as it is.
        foreach ($buf as $id => $b) {
            foreach ($pairs as [$client, $upstream]) {
                if ($upstream && (int) $upstream === $id && !isset($stalled[(int) $client])) {
                    @fwrite($client, $b);
                }
            }
        }
        $buf = [];
    }
    if ($drop) {
        $drop = false;
        echo 'dropped ', $closeAll(), "\n";
    }
    if ($toggle) {
        $toggle = false;
        $holeOn = !$holeOn;
        if (!$holeOn) {
            echo 'dropped ', $closeAll(), "\n";
        }
    }
    $read = [$server];
    if (!$holeOn) {
        foreach ($pairs as [$client, $upstream]) {
            $read[] = $client;
            $read[] = $upstream;
        }
    }
    $write = $except = null;
    if (@stream_select($read, $write, $except, 0, 200000) === false) {
        continue; // a signal
    }
    foreach ($read as $sock) {
        if ($sock === $server) {
            $client = @stream_socket_accept($server, 0);
            if (!$client) {
                continue;
            }
            if ($holeOn) {
                $pairs[(int) $client] = [$client, null];
                continue;
            }
            $upstream = @stream_socket_client("tcp://127.0.0.1:$targetPort", $errno, $errstr, 2);
            if (!$upstream) {
                fclose($client);   // the server is down: the client sees its connection refused
                continue;
            }
            stream_set_write_buffer($upstream, 0);
            stream_set_write_buffer($client, 0);
            $pairs[(int) $client] = [$client, $upstream];
            $peer[(int) $client] = $upstream;
            $peer[(int) $upstream] = $client;
            continue;
        }
        if (!isset($peer[(int) $sock])) {
            continue;   // closed earlier in this round
        }
        $data = @fread($sock, 65536);
        if ($data === false || ($data === '' && feof($sock))) {
            $closePair($sock);
            continue;
        }
        $to = $peer[(int) $sock];
        if (isset($stalled[(int) $sock]) || isset($stalled[(int) $to])) {
            continue;   // a stalled connection: dropped until the client gives up and closes it
        }
        if ($rate > 0 && !isset($pairs[(int) $sock])) {
            // From the server, damaged at random: cut apart into whole replies first.
            $b = ($buf[(int) $sock] ?? '') . $data;
            $data = '';
            $then = 'open';
            for ($o = 0; $then === 'open';) {
                $end = resp_end($b, $o);
                if ($end === null) {
                    break;
                }
                if ($end < 0) {
                    $data .= substr($b, $o);  // not RESP: as it is
                    $o = strlen($b);
                    break;
                }
                $reply = substr($b, $o, $end - $o);
                $o = $end;
                $replies++;
                if (mt_rand() / mt_getrandmax() >= $rate) {
                    $data .= $reply;
                    continue;
                }
                $pick = mt_rand(1, array_sum(FATES));
                foreach (FATES as $fate => $w) {
                    if (($pick -= $w) <= 0) {
                        break;
                    }
                }
                $fates[$fate]++;
                [$bytes, $then] = corrupt_reply($reply, $fate);
                $data .= $bytes;
            }
            $buf[(int) $sock] = substr($b, $o);
            if ($then !== 'open') {
                @fwrite($to, $data);
                if ($then === 'close') {
                    $closePair($sock);
                } else {
                    $stalled[(int) $to] = true;
                }
                continue;
            }
        }
        for ($off = 0, $len = strlen($data); $off < $len;) {
            $n = @fwrite($to, substr($data, $off));
            if ($n === false || $n === 0) {
                $closePair($sock);
                break;
            }
            $off += $n;
        }
    }
}
if (isset($opts['corrupt'])) {
    $report();
}
$closeAll();
