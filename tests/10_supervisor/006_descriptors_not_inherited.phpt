--TEST--
A worker inherits stdin, stdout and stderr only: not a file, a listening socket or a Redis connection the supervisor's PHP opened before run(), close-on-exec or not
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../inc/supervisor.inc';
fq_reaper_list();

// The descriptors of a process: number => what it points at.
function fds(int $pid): array
{
    $out = [];
    foreach (glob("/proc/$pid/fd/*") as $link) {
        $out[(int) basename($link)] = (string) @readlink($link);
    }
    ksort($out);
    return $out;
}

$file = tempnam(sys_get_temp_dir(), 'sv006-');
$f = fopen($file, 'w');                                    // PHP opens files without close-on-exec
$server = stream_socket_server('tcp://127.0.0.1:0');
$q = fq_queue();
$q->size('sv006');                                         // a live connection to Redis
$mine = fds(getmypid());
echo "the supervisor holds the file: ", in_array($file, $mine, true) ? 'yes' : 'no', ", sockets: ",
    count(preg_grep('/^socket:/', $mine)) >= 2 ? 'yes' : 'no', "\n";

$s = new FastQueue\Supervisor(['log' => function (string $line, array $ev) use (&$s, $file) {
    if ($ev['event'] === 'started') {
        $theirs = fds($ev['pid']);
        $held = array_filter($theirs, fn($t) => $t === $file || str_starts_with($t, 'socket:'));
        echo "the worker holds: ", $held ? implode(', ', $held) : 'neither the file nor a socket', "\n";
        echo "its descriptors 0-2 are the supervisor's: ", array_slice($theirs, 0, 3, true) == array_slice(fds(getmypid()), 0, 3, true) ? 'yes' : 'no', "\n";
        $s->stop();
    }
}]);
$s->addPool('p', ['sleep', '30'], 1);
$rc = $s->run();
echo "run returned $rc\n";
fclose($f);
unlink($file);
?>
--EXPECT--
the supervisor holds the file: yes, sockets: yes
the worker holds: neither the file nor a socket
its descriptors 0-2 are the supervisor's: yes
run returned 0
