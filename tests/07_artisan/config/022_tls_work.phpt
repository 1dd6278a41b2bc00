--TEST--
fastqueue:work runs jobs over TLS (redis-server --tls-port, client certificates required) with the app's Redis TLS settings in phpredis style (scheme tls or a rediss:// url, context.stream) and predis style (scheme tls and ssl, or options.parameters); without a client certificate the worker reports the server's refusal and retries until stopped; a build without TLS refuses the settings clearly
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';
require __DIR__ . '/../../inc/tls.inc';

// In a build without TLS no server is needed: every style must be refused at construction.
if (fq_tls_built()) {
    $dir = fq_tls_certs('art022');
    [$port] = fq_tls_redis('art022', $dir, 'server', ['--tls-auth-clients', 'yes']);
} else {
    $dir = fq_tls_dir('art022');
    $port = 6390;
}
$ssl = ['cafile' => "$dir/ca.crt", 'local_cert' => "$dir/client.crt", 'local_pk' => "$dir/client.key"];
$noCert = ['cafile' => "$dir/ca.crt"];

// The app's database.redis for each style; $ssl are the SSL context options it gives.
function redis_config(string $style, string $prefix, int $port, array $ssl): array
{
    $tcp = ['host' => '127.0.0.1', 'port' => $port, 'password' => FQ_TLS_PASSWORD, 'database' => 0];
    return match ($style) {
        'phpredis, scheme tls' => ['client' => 'phpredis', 'options' => ['prefix' => $prefix],
            'default' => $tcp + ['scheme' => 'tls', 'context' => ['stream' => $ssl]]],
        'phpredis, rediss url' => ['client' => 'phpredis', 'options' => ['prefix' => $prefix],
            'default' => ['url' => 'rediss://:' . FQ_TLS_PASSWORD . "@127.0.0.1:$port/0", 'context' => ['stream' => $ssl]]],
        'predis, scheme tls and ssl' => ['client' => 'predis', 'options' => ['prefix' => $prefix],
            'default' => $tcp + ['scheme' => 'tls', 'ssl' => $ssl]],
        'predis, options.parameters' => ['client' => 'predis',
            'options' => ['prefix' => $prefix, 'parameters' => ['scheme' => 'tls', 'ssl' => $ssl]],
            'default' => $tcp],
    };
}

function write_database_config(FqLaravelApp $app, array $redis): void
{
    $config = [
        'default' => 'sqlite',
        'connections' => ['sqlite' => ['driver' => 'sqlite', 'database' => "$app->base/database/database.sqlite",
            'prefix' => '', 'foreign_key_constraints' => false]],
        'migrations' => 'migrations',
        'redis' => $redis,
    ];
    file_put_contents("$app->base/config/database.php", "<?php\nreturn " . var_export($config, true) . ";\n");
}

// "ok" when nothing secret is in $text, else says what leaked.
function no_secrets(string $text, string $dir): string
{
    if (str_contains($text, FQ_TLS_PASSWORD)) {
        return 'THE PASSWORD LEAKED';
    }
    if (is_file("$dir/client.key")) {
        foreach (array_filter(explode("\n", (string) file_get_contents("$dir/client.key"))) as $line) {
            if (str_contains($text, $line)) {
                return 'KEY MATERIAL LEAKED';
            }
        }
    }
    return 'ok';
}

$app = new FqLaravelApp();
$queue = 'tls022';
foreach (['phpredis, scheme tls', 'phpredis, rediss url', 'predis, scheme tls and ssl', 'predis, options.parameters'] as $style) {
    write_database_config($app, redis_config($style, $app->redisPrefix, $port, $ssl));
    if (!fq_tls_built()) {
        // The worker exits at once with RedisQueue's refusal, certificate or not.
        foreach (['' => $ssl, ', no client certificate' => $noCert] as $label => $options) {
            write_database_config($app, redis_config($style, $app->redisPrefix, $port, $options));
            $r = $app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=0', "--queue=$queue"]);
            $out = $r['stdout'] . $r['stderr'];
            $refused = $r['status'] === 1 && str_contains($out, 'TLS to Redis was requested') && str_contains($out, 'lacks TLS support');
            $leak = no_secrets($out, $dir);
            echo "$style$label: ", $refused && $leak === 'ok' ? 'ok' : "status {$r['status']}, $leak: $out", "\n";
        }
        continue;
    }

    // Jobs pushed over TLS with FastQueue's own client, worked by fastqueue:work through the
    // app's settings only.
    $q = new FastQueue\RedisQueue(fq_tls_options($dir, $port, $ssl, ['prefix' => $app->redisPrefix]));
    $before = count($app->effects());
    foreach ([1, 2, 3] as $n) {
        $q->push('App\Handlers\StringHandler@handle', ['style' => $style, 'n' => $n], $queue);
    }
    $r = $app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=0', "--queue=$queue"]);
    $ran = array_slice($app->effects(), $before);
    $ran = array_values(preg_grep('/^string job /', $ran));
    $want = array_map(fn ($n) => 'string job ' . json_encode(['style' => $style, 'n' => $n]) . ' attempt=1 contract=true', [1, 2, 3]);
    $lines = FqLaravelApp::jobLines($r['stdout']);
    $ok = $r['status'] === 0 && $r['stderr'] === '' && $ran === $want && count($lines) === 6 && $q->size($queue) === 0;
    echo "$style: ", $ok ? 'ok' : "status {$r['status']}, size {$q->size($queue)}:\n{$r['stdout']}{$r['stderr']}" . implode("\n", $ran), "\n";

    // Without a client certificate the server refuses the handshake. As with any lost
    // connection the worker reports it and retries (queue:work too keeps going); it stops on
    // SIGTERM, and the job stays queued.
    write_database_config($app, redis_config($style, $app->redisPrefix, $port, $noCert));
    $q->push('App\Handlers\StringHandler@handle', ['style' => $style, 'n' => 4], $queue);
    $child = $app->artisanChild(['fastqueue:work', '--sleep=0', "--queue=$queue"]);
    $seen = $child->waitFor('lost while authentication', 20);
    $child->signal(FQ_SIGTERM);
    $r = $child->wait(30);
    $out = $r['stdout'] . $r['stderr'];
    $leak = no_secrets($out, $dir);
    $refused = $seen && $r['status'] === 0 && $q->size($queue) === 1;
    echo "$style, no client certificate: ", $refused && $leak === 'ok' ? 'ok' : "status {$r['status']}, size {$q->size($queue)}, $leak: $out", "\n";
    $q->clear($queue);
}
unset($app);
fq_stop_tracked('art022');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/errors.inc'; fq_stop_tracked('art022'); ?>
--EXPECT--
phpredis, scheme tls: ok
phpredis, scheme tls, no client certificate: ok
phpredis, rediss url: ok
phpredis, rediss url, no client certificate: ok
predis, scheme tls and ssl: ok
predis, scheme tls and ssl, no client certificate: ok
predis, options.parameters: ok
predis, options.parameters, no client certificate: ok
