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
declare(strict_types=1);

[$listenPort, $targetPort] = [(int) ($argv[1] ?? 0), (int) ($argv[2] ?? 0)];
if ($listenPort <= 0 || $targetPort <= 0) {
    fwrite(STDERR, "usage: php proxy.php LISTEN_PORT TARGET_PORT\n");
    exit(2);
}
$server = stream_socket_server("tcp://127.0.0.1:$listenPort", $errno, $errstr);
if (!$server) {
    fwrite(STDERR, "proxy: cannot listen on $listenPort: $errstr\n");
    exit(1);
}

$drop = $toggle = $quit = false;
pcntl_async_signals(true);
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
    return $n;
};
$closePair = function ($sock) use (&$pairs, &$peer): void {
    foreach ($pairs as $id => [$client, $upstream]) {
        if ($client === $sock || $upstream === $sock) {
            @fclose($client);
            if ($upstream) {
                @fclose($upstream);
                unset($peer[(int) $upstream]);
            }
            unset($pairs[$id], $peer[(int) $client]);
            return;
        }
    }
};

echo "ready\n";
while (!$quit) {
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
$closeAll();
