--TEST--
composer require fastqueue/laravel in a fresh laravel/laravel skeleton application, on each Composer-installed version (the newest minors of 10 to 12 on PHP 8.2 and of 13 on 8.3+, or the oldest): the path repository installs it, package discovery registers the provider, fastqueue:work --once runs jobs
--ENV--
TEST_TIMEOUT=900
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php
require __DIR__ . '/../inc/composer_app.inc';
fq_skip_unless_composer_app();
if (!fq_composer_versions()) {
    die('skip FASTQUEUE_TEST_COMPOSER_VERSIONS=off');
}
?>
--FILE--
<?php
require __DIR__ . '/../inc/composer_app.inc';

const PROVIDER = 'FastQueue\Laravel\FastQueueServiceProvider';

// What one version's application shows; {V} stands for the version.
function check(FqComposerApp $app): array
{
    $out = [];
    $made = $app->made['stdout'] . $app->made['stderr']; // composer writes its messages to stderr
    $out[] = 'composer: ' . (preg_match('/^Using version (\S+) for fastqueue\/laravel$/m', $made, $m) ? "fastqueue/laravel $m[1]" : 'no "Using version" line');
    $require = $app->json('composer.json')['require'];
    $out[] = "require: fastqueue/laravel {$require['fastqueue/laravel']}, laravel/framework {$require['laravel/framework']}";
    $installed = "$app->base/vendor/fastqueue/laravel";
    $pkg = $app->json('vendor/fastqueue/laravel/composer.json');
    $out[] = 'installed: ' . (is_link($installed) ? 'a link' : 'a copy') . ', providers ' . implode(', ', $pkg['extra']['laravel']['providers']);
    $out[] = 'config/app.php lists the provider: ' . var_export(str_contains(file_get_contents("$app->base/config/app.php"), 'FastQueueServiceProvider'), true);
    $manifest = require "$app->base/bootstrap/cache/packages.php";
    $out[] = 'discovered: ' . implode(', ', $manifest['fastqueue/laravel']['providers'] ?? ['nothing']);

    $r = $app->artisan(['--version']);
    $out[] = "artisan --version: {$r['status']} " . trim($r['stdout']) . $r['stderr'];
    $r = $app->artisan(['list', 'fastqueue', '--raw']);
    $out[] = "artisan list fastqueue: {$r['status']} " . (preg_match('/^fastqueue:work\s/m', $r['stdout']) ? 'fastqueue:work' : $r['stdout']) . $r['stderr'];

    $r = $app->php(['dispatch.php', 'one', 'two']);
    $out[] = "dispatch: {$r['status']} {$r['stderr']}";
    $out[] = 'queued: ' . count($app->queueState()['queue']);
    foreach ([1, 2] as $i) {
        $r = $app->artisan(['fastqueue:work', '--once']);
        $out[] = "fastqueue:work --once: {$r['status']}, " . substr_count($r['stdout'], 'App\Jobs\WriteLine') . " lines naming the job {$r['stderr']}";
    }
    $log = "$app->base/storage/jobs.log";
    $out[] = 'jobs.log: ' . (is_file($log) ? implode(' / ', file($log, FILE_IGNORE_NEW_LINES)) : 'none');
    $out[] = 'left in Redis: ' . json_encode($app->queueState());
    $laravelLog = "$app->base/storage/logs/laravel.log";
    $out[] = 'laravel.log: ' . (is_file($laravelLog) ? trim(file_get_contents($laravelLog)) : 'none');
    return $out;
}

$expected = [
    'composer: fastqueue/laravel ^0.1.0',
    'require: fastqueue/laravel ^0.1.0, laravel/framework {V}',
    'installed: a copy, providers ' . PROVIDER,
    'config/app.php lists the provider: false',
    'discovered: ' . PROVIDER,
    'artisan --version: 0 Laravel Framework {V}',
    'artisan list fastqueue: 0 fastqueue:work',
    'dispatch: 0 ',
    'queued: 2',
    'fastqueue:work --once: 0, 2 lines naming the job ',
    'fastqueue:work --once: 0, 2 lines naming the job ',
    'jobs.log: one attempt=1 / two attempt=1',
    'left in Redis: {"queue":[],"delayed":[],"reserved":[],"notify":0}',
    'laravel.log: none',
];

foreach (fq_composer_versions() as $version) {
    $app = new FqComposerApp($version);
    $got = check($app);
    $want = str_replace('{V}', $version, $expected);
    if ($got === $want) {
        echo "$version: as expected\n";
    } else {
        echo "$version: differs\n", implode("\n", array_map(fn ($g, $w) => ($g === $w ? '  ' : '! ') . $g . ($g === $w ? '' : "\n  expected: $w"), $got, $want)), "\n";
        echo "scripts/laravel-composer said:\n{$app->made['stdout']}{$app->made['stderr']}\n";
    }
    unset($app);
}
echo "done\n";
?>
--EXPECTF--
%r(\d+\.\d+\.\d+: as expected\n)+%rdone
