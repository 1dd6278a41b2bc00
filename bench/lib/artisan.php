<?php
// What bench/artisan.php and bench/artisan-instructions.php share.

// Loads Laravel from the Composer application whose vendor/ is $vendor (FASTQUEUE_TEST_LARAVEL,
// as tests/inc/laravel_app.inc reads it). Composer's autoloader is registered first, so the
// application runs its own copy of fastqueue/laravel: a copy that is not this checkout's
// laravel/ would measure other code, and the bench stops.
function fq_bench_use_vendor(string $vendor, string $script): void
{
    if (!is_file("$vendor/autoload.php") || !is_dir("$vendor/laravel/framework")) {
        fwrite(STDERR, "$script: $vendor is no Composer vendor/ with laravel/framework\n");
        exit(2);
    }
    $checkout = realpath(__DIR__ . '/../../laravel/src');
    $copy = "$vendor/fastqueue/laravel/src";
    if (is_dir($copy) && realpath($copy) !== $checkout) {
        exec('diff -rq ' . escapeshellarg($checkout) . ' ' . escapeshellarg($copy), $out, $rc);
        if ($rc !== 0) {
            fwrite(STDERR, "$script: $copy is not this checkout's laravel/src (composer update fastqueue/laravel,\n"
                . "or copy it: rsync -a --delete laravel/src/ $copy/)\n");
            exit(2);
        }
    }
    putenv("FASTQUEUE_TEST_LARAVEL=$vendor");
}

/**
 * Starts a private redis-server for a bench run, with its files in $tmp (which it removes at
 * exit, after stopping the server and dropping $GLOBALS['app'], whose destructor needs the
 * server). Returns [port, pid]; exits with 2 when it does not start.
 */
function fq_bench_private_redis(string $tmp, string $script): array
{
    $s = stream_socket_server('tcp://127.0.0.1:0');
    $name = stream_socket_get_name($s, false);
    fclose($s);
    $port = (int) substr($name, strrpos($name, ':') + 1);
    exec(implode(' ', array_map('escapeshellarg', ['redis-server', '--port', (string) $port, '--bind', '127.0.0.1',
        '--save', '', '--appendonly', 'no', '--daemonize', 'yes', '--dir', $tmp, '--pidfile', "$tmp/redis.pid",
        '--logfile', "$tmp/redis.log"])));
    $redisPid = 0;
    for ($i = 0; $i < 100 && !$redisPid; $i++) {
        usleep(50000);
        if (is_file("$tmp/redis.pid") && ($c = @stream_socket_client("tcp://127.0.0.1:$port", $e, $es, 0.2))) {
            fclose($c);
            $redisPid = (int) trim(file_get_contents("$tmp/redis.pid"));
        }
    }
    if (!$redisPid) {
        fwrite(STDERR, "$script: redis-server did not start (see $tmp/redis.log)\n");
        exit(2);
    }
    register_shutdown_function(function () use ($redisPid, $tmp) {
        $GLOBALS['app'] = null; // its destructor removes its keys and files while the server runs
        posix_kill($redisPid, SIGTERM);
        for ($i = 0; $i < 100 && posix_kill($redisPid, 0); $i++) {
            usleep(20000);
        }
        foreach (glob("$tmp/*") as $f) {
            @unlink($f);
        }
        @rmdir($tmp);
    });
    return [$port, $redisPid];
}
