<?php
// A minimal RESP client over a plain socket, for the benches that must decide exactly what goes
// out in one write and how many replies come back (bench/lib/floor.php, bench/lib/script-cost.php).

declare(strict_types=1);

/** A connection to 127.0.0.1:PORT, unbuffered. */
function resp_connect(int $port)
{
    $c = stream_socket_client("tcp://127.0.0.1:$port", $errno, $error, 5.0);
    if (!$c) {
        fwrite(STDERR, "cannot connect to port $port: $error\n");
        exit(1);
    }
    stream_set_write_buffer($c, 0);
    return $c;
}

/** One command in RESP. */
function resp_command(array $args): string
{
    $out = '*' . count($args) . "\r\n";
    foreach ($args as $a) {
        $out .= '$' . strlen((string) $a) . "\r\n" . $a . "\r\n";
    }
    return $out;
}

/** Writes $out in one write and reads $count replies; an error reply ends the bench. */
function resp_call($c, string $out, int $count): array
{
    fwrite($c, $out);
    $replies = [];
    for ($i = 0; $i < $count; $i++) {
        $replies[] = resp_reply($c);
    }
    return $replies;
}

/** One reply: a string, an int as a string, null, or an array of replies. */
function resp_reply($c)
{
    $line = fgets($c);
    if ($line === false) {
        fwrite(STDERR, "connection lost\n");
        exit(1);
    }
    $rest = substr($line, 1, -2);
    switch ($line[0]) {
        case '+':
        case ':':
            return $rest;
        case '-':
            fwrite(STDERR, "Redis error: $rest\n");
            exit(1);
        case '$':
            if ((int) $rest < 0) {
                return null;
            }
            return substr(stream_get_contents($c, (int) $rest + 2), 0, -2);
        case '*':
            if ((int) $rest < 0) {
                return null;
            }
            $items = [];
            for ($i = 0; $i < (int) $rest; $i++) {
                $items[] = resp_reply($c);
            }
            return $items;
    }
    fwrite(STDERR, "unexpected reply: $line\n");
    exit(1);
}
