--TEST--
Browser harness: the test's application served by php -S (APP_ENV per server) and loaded in headless chromium: its script runs, a form posted with @csrf dispatches a job a real worker runs, Blade escapes what was posted (no dialog opens), a POST without the token is refused with 419, and a screenshot is taken
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/browser.inc'; fq_skip_unless_browser(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/browser.inc';

$app = new FqLaravelApp(['queue' => 'browser000']);
fq_put_file($app->base, 'routes/web.php', <<<'PHP'
<?php
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Route;

Route::get('/harness', fn () => view('harness', ['posted' => null]));
Route::post('/harness', function (Request $request) {
    App\Jobs\RecordJob::dispatch((string) $request->input('label'));
    return view('harness', ['posted' => $request->input('label')]);
});
Route::get('/effects', fn () => response(implode("\n", (array) @file(storage_path('effects.log'), FILE_IGNORE_NEW_LINES)), 200, ['Content-Type' => 'text/plain']));
Route::get('/env', fn () => app()->environment());
PHP);
fq_put_file($app->base, 'resources/views/harness.blade.php', <<<'BLADE'
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="csrf-token" content="{{ csrf_token() }}">
<title>Browser harness</title>
<script src="/harness.js" defer></script>
</head>
<body>
<h1>Browser harness</h1>
<p id="script">the script has not run</p>
<form method="POST" action="/harness">
@csrf
<label>Label <input id="label" name="label"></label>
<button id="send" type="submit">Dispatch</button>
</form>
@if ($posted !== null)
<p id="posted">dispatched {{ $posted }}</p>
@endif
</body>
</html>
BLADE);
// A script file changes the page after load, as the dashboard's do (no inline script).
fq_put_file($app->base, 'public/harness.js', <<<'JS'
document.addEventListener('DOMContentLoaded', () => {
    const token = document.querySelector('meta[name="csrf-token"]').content;
    document.getElementById('script').textContent = 'the script ran; token of ' + token.length + ' characters';
});
JS);
// A page that opens a dialog: dialogOpened() must see one.
fq_put_file($app->base, 'public/dialog.html', "<!doctype html><title>dialog</title><script>alert('harness dialog');</script>\n");

$server = $app->serve(['APP_ENV' => 'local']);
$production = $app->serve(['APP_ENV' => 'production']);
$b = fq_browser();
$t0 = microtime(true);

fq_browser_run(function () use ($app, $server, $production, $b) {
    echo "environments: ", fq_http('GET', $server->url('/env'))['body'], ' ', fq_http('GET', $production->url('/env'))['body'], "\n";

    $b->get($server->url('/harness'));
    echo "title: ", $b->script('return document.title;'), "\n";
    echo $b->waitForText('#script', 'the script ran'), "\n";
    echo "window: ", implode('x', $b->script('return [window.innerWidth, window.innerHeight];')), "\n";

    // The form's POST, with the token @csrf put in and the session's cookie.
    $b->fill('#label', 'from the browser <script>alert(1)</script>');
    $b->click('#send');
    echo $b->waitForText('#posted', 'dispatched'), "\n";
    echo "posted as text: ", $b->script('return document.getElementById("posted").children.length;') === 0 ? 'yes' : 'no', "\n";
    echo "dialog after the post: ", $b->dialogOpened() ? 'yes' : 'no', "\n";

    // The job it dispatched, run by a real worker.
    $runs = $app->workUntilEmpty('fastqueue:work', ['browser000']);
    echo "worker: status ", end($runs)['status'], "\n";
    $b->get($server->url('/effects'));
    echo "effects: ", $b->text('body'), "\n";

    // Without a browser: a POST without the token is refused; with the page's token and the
    // session cookie it passes.
    $page = fq_http('GET', $server->url('/harness'));
    preg_match('/name="csrf-token" content="([^"]+)"/', $page['body'], $m);
    echo "GET: ", $page['status'], ', session cookie: ', isset($page['cookies']['fastqueue_test_session']) ? 'yes' : 'no', "\n";
    $refused = fq_http('POST', $server->url('/harness'), ['label' => 'no token'], [], $page['cookies']);
    echo "POST without the token: ", $refused['status'], "\n";
    $passed = fq_http('POST', $server->url('/harness'), ['label' => 'with token', '_token' => $m[1]], [], $page['cookies']);
    echo "POST with the token: ", $passed['status'], ' ', str_contains($passed['body'], 'dispatched with token') ? 'dispatched' : 'not dispatched', "\n";

    $png = "$app->base/storage/harness.png";
    $b->get($server->url('/harness'));
    $b->screenshot($png);
    [$w, $h, $type] = getimagesize($png);
    echo "screenshot: {$w}x{$h} ", image_type_to_mime_type($type), "\n";

    $b->get($server->url('/dialog.html'));
    echo "dialog: ", $b->dialogOpened() ? implode(', ', $b->dialogs) : 'none', "\n";
}, [$server, $production], $b);
$b->quit();
$server->stop();
?>
--EXPECT--
environments: local production
title: Browser harness
the script ran; token of 40 characters
window: 1280x900
dispatched from the browser <script>alert(1)</script>
posted as text: yes
dialog after the post: no
worker: status 0
effects: ran from the browser <script>alert(1)</script> attempt=1 queue=browser000
GET: 200, session cookie: yes
POST without the token: 419
POST with the token: 200 dispatched
screenshot: 1280x900 image/png
dialog: harness dialog
