--TEST--
Dashboard over HTTP: the gates (local only until defined; the application's definition wins; a guest is refused outside local), manageFastQueue on actions, CSRF (419, nothing paused), the security headers on every answer, the JSON's keys, the asset route, and the path, middleware and enabled settings
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/browser.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/browser.inc';

// The application's own gates, from the server's environment: FQ_TEST_GATES="ability=answer,..."
// where answer is yes, no, or user (a callback that takes a non-nullable user: a guest is refused).
$app = new FqLaravelApp(['queue' => 'dash201', 'providers' => ['App\Providers\DashboardGates']]);
fq_put_file($app->base, 'app/Providers/DashboardGates.php', <<<'PHP'
<?php
namespace App\Providers;

use Illuminate\Support\Facades\Gate;
use Illuminate\Support\ServiceProvider;

class DashboardGates extends ServiceProvider
{
    public function boot(): void
    {
        foreach (array_filter(explode(',', (string) getenv('FQ_TEST_GATES'))) as $rule) {
            [$ability, $answer] = explode('=', $rule);
            Gate::define($ability, $answer === 'user' ? fn ($user) => true : fn ($user = null) => $answer === 'yes');
        }
    }
}
PHP);
fq_put_file($app->base, 'app/Http/Middleware/MarkDashboard.php', <<<'PHP'
<?php
namespace App\Http\Middleware;

class MarkDashboard
{
    public function handle($request, \Closure $next)
    {
        $response = $next($request);
        $response->headers->set('X-Test-Mark', 'dashboard');
        return $response;
    }
}
PHP);

// The headers every answer of the dashboard must carry, or what is missing.
function security(array $r): string
{
    $h = fn (string $name) => $r['headers'][$name][0] ?? '';
    $csp = $h('content-security-policy');
    $missing = [];
    preg_match("/(?:^|;)\\s*script-src ([^;]*)/", $csp, $script);
    if (!str_contains($csp, "frame-ancestors 'none'")) $missing[] = 'frame-ancestors';
    if (!str_contains($csp, "default-src 'none'")) $missing[] = 'default-src';
    if (($script[1] ?? '') !== "'self'") $missing[] = 'script-src self only';
    if ($h('x-frame-options') !== 'DENY') $missing[] = 'X-Frame-Options';
    if ($h('x-content-type-options') !== 'nosniff') $missing[] = 'nosniff';
    if ($h('referrer-policy') !== 'same-origin') $missing[] = 'Referrer-Policy';
    return $missing === [] ? 'headers ok' : 'MISSING ' . implode(', ', $missing);
}

function show(string $label, array $r): void
{
    echo str_pad($label, 44), $r['status'], ' ', security($r), "\n";
}

// A GET of the overview: the session's cookies and its CSRF token, for a POST as that browser.
function session_of(FqServer $server, string $path = '/fastqueue'): array
{
    $page = fq_http('GET', $server->url($path));
    preg_match('/<meta name="csrf-token" content="([^"]+)"/', $page['body'], $m);
    return [$page['cookies'], $m[1] ?? ''];
}

function paused(FqLaravelApp $app, string $queue): string
{
    return trim($app->run('$m = app("queue"); echo method_exists($m, "isPaused") ? json_encode($m->isPaused("redis", "' . $queue . '")) : "false";'));
}

$pauseVersion = fq_laravel_version_id() >= 120000;
$local = $app->serve(['APP_ENV' => 'local']);
$production = $app->serve(['APP_ENV' => 'production']);
$allowed = $app->serve(['APP_ENV' => 'production', 'FQ_TEST_GATES' => 'viewFastQueue=yes']);
$denied = $app->serve(['APP_ENV' => 'local', 'FQ_TEST_GATES' => 'viewFastQueue=no,manageFastQueue=no']);
$userOnly = $app->serve(['APP_ENV' => 'production', 'FQ_TEST_GATES' => 'viewFastQueue=user']);
$manager = $app->serve(['APP_ENV' => 'production', 'FQ_TEST_GATES' => 'viewFastQueue=yes,manageFastQueue=yes']);

fq_browser_run(function () use ($app, $local, $production, $allowed, $denied, $userOnly, $manager, $pauseVersion) {
    echo "-- the default gates: local only, a guest too\n";
    foreach (['/fastqueue', '/fastqueue/workers', '/fastqueue/api/overview', '/fastqueue/api/workers', '/fastqueue/assets/dashboard.js'] as $path) {
        show("local $path", fq_http('GET', $local->url($path)));
    }
    foreach (['/fastqueue', '/fastqueue/api/workers', '/fastqueue/assets/dashboard.js'] as $path) {
        show("production $path", fq_http('GET', $production->url($path)));
    }

    echo "-- the application's definitions win\n";
    show('production, viewFastQueue yes', fq_http('GET', $allowed->url('/fastqueue')));
    show('local, viewFastQueue no', fq_http('GET', $denied->url('/fastqueue/api/overview')));
    show('production, gate fn ($user), a guest', fq_http('GET', $userOnly->url('/fastqueue')));

    echo "-- the JSON\n";
    $overview = fq_http('GET', $local->url('/fastqueue/api/overview'));
    $o = json_decode($overview['body'], true);
    echo "overview: ", $overview['headers']['content-type'][0], "\n  ", implode(' ', array_keys($o)), "\n";
    echo "  totals: ", implode(' ', array_keys($o['totals'])), "\n  history: ", implode(' ', array_keys($o['history'])), "\n";
    $workers = json_decode(fq_http('GET', $local->url('/fastqueue/api/workers'))['body'], true);
    echo "workers: ", implode(' ', array_keys($workers)), "\n";

    echo "-- the asset route\n";
    $js = fq_http('GET', $local->url('/fastqueue/assets/dashboard.js'));
    echo "dashboard.js: ", $js['headers']['content-type'][0], '; ', $js['headers']['cache-control'][0], '; ',
        $js['body'] === file_get_contents(__DIR__ . '/../../../laravel/resources/js/dashboard.js') ? 'the file' : 'OTHER TEXT', "\n";
    $others = ['no such script' => 'nope.js', 'capitals' => 'Dashboard.JS', 'a way up' => '..%2F..%2Fcomposer.json', 'not a script' => 'dashboard.css'];
    foreach ($others as $label => $file) {
        echo str_pad($label, 44), fq_http('GET', $local->url("/fastqueue/assets/$file"))['status'], "\n";
    }

    echo "-- actions: CSRF, then manageFastQueue\n";
    $app->run('App\Jobs\RecordJob::dispatch("waits")->onQueue("dash201");'); // a row on the overview
    [$cookies, $token] = session_of($local);
    show('POST pause without a token', fq_http('POST', $local->url('/fastqueue/queues/redis/dash201/pause'), [], [], $cookies));
    echo "paused: ", paused($app, 'dash201'), "\n";
    [$cookies, $token] = session_of($manager);
    $viewOnly = $allowed;
    [$vCookies, $vToken] = session_of($viewOnly);
    show('POST pause, viewFastQueue only', fq_http('POST', $viewOnly->url('/fastqueue/queues/redis/dash201/pause'), ['_token' => $vToken], [], $vCookies));
    echo "paused: ", paused($app, 'dash201'), "\n";
    $pause = fq_http('POST', $manager->url('/fastqueue/queues/redis/dash201/pause'), ['_token' => $token], [], $cookies);
    $pausedAfter = paused($app, 'dash201');
    $page = fq_http('GET', $manager->url('/fastqueue'), null, [], $cookies)['body'];
    $resume = fq_http('POST', $manager->url('/fastqueue/queues/redis/dash201/resume'), ['_token' => $token], [], $cookies);
    $other = fq_http('POST', $manager->url('/fastqueue/queues/other/dash201/pause'), ['_token' => $token], [], $cookies);
    if ($pauseVersion) {
        // Laravel 12+: through the queue manager, then back to the overview, which marks it.
        printf("pause: %d to %s, paused %s, the page marks it: %s; resume: %d, paused %s; connection not shown: %d\n",
            $pause['status'], parse_url($pause['headers']['location'][0] ?? '', PHP_URL_PATH), $pausedAfter,
            str_contains($page, '<span class="tag paused">paused</span>') ? 'yes' : 'no',
            $resume['status'], paused($app, 'dash201'), $other['status']);
    } else {
        // Before 12 there is no Queue::pause(): no route does it, and the page says why.
        printf("pause: %d, resume: %d, paused %s, the page says why: %s\n", $pause['status'], $resume['status'], $pausedAfter,
            str_contains($page, 'needs Laravel 12 or later') && !str_contains($page, '/pause"') ? 'yes' : 'no');
    }

    echo "-- config: path, domain, middleware, enabled\n";
    fq_put_file($app->base, 'config/fastqueue.php', "<?php return ['dashboard' => ['path' => 'ops/queues', 'middleware' => ['web', App\\Http\\Middleware\\MarkDashboard::class]]];\n");
    $r = fq_http('GET', $local->url('/ops/queues/workers'));
    show('path ops/queues: /ops/queues/workers', $r);
    echo "middleware mark: ", $r['headers']['x-test-mark'][0] ?? 'none', ", links: ", substr_count($r['body'], '/ops/queues/workers'), "\n";
    echo "/fastqueue: ", fq_http('GET', $local->url('/fastqueue'))['status'], "\n";
    fq_put_file($app->base, 'config/fastqueue.php', "<?php return ['dashboard' => ['domain' => 'queues.example.test']];\n");
    echo "domain queues.example.test, other host: ", fq_http('GET', $local->url('/fastqueue'))['status'],
        ", that host: ", fq_http('GET', $local->url('/fastqueue'), null, ['Host' => 'queues.example.test'])['status'], "\n";
    fq_put_file($app->base, 'config/fastqueue.php', "<?php return ['dashboard' => ['enabled' => false]];\n");
    echo "enabled false: ", fq_http('GET', $local->url('/fastqueue'))['status'], "\n";
}, [$local, $production, $allowed, $denied, $userOnly, $manager]);
?>
--EXPECTF--
-- the default gates: local only, a guest too
local /fastqueue                            200 headers ok
local /fastqueue/workers                    200 headers ok
local /fastqueue/api/overview               200 headers ok
local /fastqueue/api/workers                200 headers ok
local /fastqueue/assets/dashboard.js        200 headers ok
production /fastqueue                       403 headers ok
production /fastqueue/api/workers           403 headers ok
production /fastqueue/assets/dashboard.js   403 headers ok
-- the application's definitions win
production, viewFastQueue yes               200 headers ok
local, viewFastQueue no                     403 headers ok
production, gate fn ($user), a guest        403 headers ok
-- the JSON
overview: application/json
  generated_at stale stale_reason last_publication history totals queues points
  totals: jobs_per_minute failed_per_minute processes longest_wait
  history: interval retention window snapshots
workers: generated_at supervisors workers
-- the asset route
dashboard.js: text/javascript; charset=utf-8; immutable, max-age=31536000, public; the file
no such script                              404
capitals                                    404
a way up                                    404
not a script                                404
-- actions: CSRF, then manageFastQueue
POST pause without a token                  419 headers ok
paused: false
POST pause, viewFastQueue only              403 headers ok
paused: false
%r(pause: 303 to \/fastqueue, paused true, the page marks it: yes; resume: 303, paused false; connection not shown: 404|pause: 404, resume: 404, paused false, the page says why: yes)%r
-- config: path, domain, middleware, enabled
path ops/queues: /ops/queues/workers        200 headers ok
middleware mark: dashboard, links: 1
/fastqueue: 404
domain queues.example.test, other host: 404, that host: 200
enabled false: 404
