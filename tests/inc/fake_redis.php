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

require __DIR__ . '/fake_redis_replies.inc';
require __DIR__ . '/fake_redis_server.inc';

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
