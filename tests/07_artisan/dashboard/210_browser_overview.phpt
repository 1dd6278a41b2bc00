--TEST--
Dashboard in a browser: the overview shows a burst and its wait, refreshing by itself (no reload: a marker on window survives); names holding <script> and <img onerror> (a queue, a job's displayName) show as text on both pages, before and after a refresh, and no dialog opens; the workers page shows the worker
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/browser.inc'; fq_skip_unless_browser(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/browser.inc';
require __DIR__ . '/../../inc/dashboard_data.inc';

const XSS = '<script>alert(1)</script><img src=x onerror=alert(2)>';
$xssQueue = 'dash210<img src=x onerror=alert(3)>';
$app = fq_dashboard_app('dash210', ['dashboard' => ['refresh' => 1, 'history' => ['interval' => 0.5, 'retention' => 120]]]);
fq_put_file($app->base, 'app/Jobs/MarkupJob.php', <<<'PHP'
<?php
namespace App\Jobs;

use Illuminate\Bus\Queueable;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Foundation\Bus\Dispatchable;
use Illuminate\Queue\InteractsWithQueue;

// A job whose name, as every page prints it, is markup.
class MarkupJob implements ShouldQueue
{
    use Dispatchable, InteractsWithQueue, Queueable, Records;

    public function __construct(public float $seconds) {}

    public function displayName(): string
    {
        return '<script>alert(1)</script><img src=x onerror=alert(2)>';
    }

    public function handle(): void
    {
        static::record('start markup');
        usleep((int) ($this->seconds * 1e6));
        static::record('end markup');
    }
}
PHP);

// What a table shows, and whether markup from the data became elements.
function markup_in(FqBrowser $b, string $table): string
{
    return $b->script("return document.querySelectorAll(arguments[0] + ' tbody script, ' + arguments[0] + ' tbody img').length;", $table) === 0
        ? 'no elements from names' : 'ELEMENTS FROM NAMES';
}

// The overview's row of connection:queue, as the texts of its cells; null while it has none.
function row_of(FqBrowser $b, string $queue): ?array
{
    return $b->script(<<<'JS'
        var rows = document.querySelectorAll('#fq-queues tbody tr');
        for (var i = 0; i < rows.length; i++) {
            if (rows[i].dataset.queue === arguments[0]) {
                return Array.prototype.map.call(rows[i].children, function (c) { return c.textContent.trim(); });
            }
        }
        return null;
        JS, $queue);
}

$worker = $app->artisanChild(['fastqueue:work', '--sleep=0.1', "--queue=dash210,$xssQueue", '--metrics-publish', '--metrics-interval=0.2']);
$server = $app->serve(['APP_ENV' => 'local']);
$b = fq_browser();

fq_browser_run(function () use ($app, $server, $b, $xssQueue) {
    $b->get($server->url('/fastqueue'));
    // The keyboard: the first Tab reaches the skip link, shown, with a focus ring; Enter on
    // it moves to the content.
    $b->driver->getKeyboard()->sendKeys(Facebook\WebDriver\WebDriverKeys::TAB);
    printf("keyboard: the first Tab reaches %s, %s\n", $b->script('return document.activeElement.textContent;'),
        $b->script('var a = document.activeElement, r = a.getBoundingClientRect(), s = getComputedStyle(a);
            return r.left >= 0 && r.width > 0 && s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0;') ? 'shown with a focus ring' : 'NOT SHOWN');
    $b->driver->getKeyboard()->sendKeys(Facebook\WebDriver\WebDriverKeys::ENTER);
    echo "keyboard: Enter moves to ", $b->waitUntil(fn () => $b->script('return document.activeElement.id;') ?: null, 5, 'the focus moves'), "\n";
    $b->script('window.fqMarker = "this page"; return null;');
    $b->waitUntil(fn () => $b->attr('#fq-stale', 'hidden') !== null, 20, 'the stale banner goes once the worker publishes');
    echo "stale banner: hidden\n";

    echo "-- a burst\n";
    $app->run('for ($i = 0; $i < 40; $i++) { App\Jobs\SleepJob::dispatch("b$i", 0.05)->onQueue("dash210"); }');
    // Columns: connection, queue, state, pending, delayed, reserved, jobs/min, failed/min,
    // wait p50, wait p95, run p50, run p95, oldest pending.
    $row = $b->waitUntil(function () use ($b) {
        $r = row_of($b, 'redis:dash210');
        return $r !== null && $r[6] !== '—' && (float) $r[6] > 0 && $r[9] !== '—' && $r[10] !== '—' ? $r : null;
    }, 30, 'the overview shows the burst: jobs per minute, wait and run time');
    printf("dash210: jobs/min > 0, wait p50 %s, wait p95 %s, run p50 %s\n", preg_match('/^\d[\d.]* (ms|s)$/', $row[8]) ? 'shown' : $row[8],
        preg_match('/^\d[\d.]* (ms|s)$/', $row[9]) ? 'shown' : $row[9], preg_match('/^\d+ ms$/', $row[10]) ? 'in ms' : $row[10]);
    printf("totals: jobs per minute %s, chart drawn: %s\n", (float) str_replace(',', '', $b->text('[data-fq="jobs_per_minute"]')) > 0 ? '> 0' : 'NONE',
        substr_count((string) $b->attr('#fq-chart-processed', 'points'), ',') >= 2 ? 'yes' : 'no');
    printf("no reload: %s, refreshes: %s\n", $b->script('return window.fqMarker;'), (int) $b->attr('#fq-page', 'data-refreshes') > 0 ? 'several' : 'none');
    echo "updated: ", preg_match('/^(just now|\d+ s ago)$/', $b->text('#fq-updated')) ? 'recently' : $b->text('#fq-updated'), "\n";

    echo "-- markup in names\n";
    $app->run('App\Jobs\MarkupJob::dispatch(6)->onQueue(' . var_export($xssQueue, true) . ');');
    $app->waitForEffect('/^start markup$/');
    $row = $b->waitUntil(fn () => row_of($b, "redis:$xssQueue"), 20, 'the queue named with markup shows on the overview');
    echo "overview, after a refresh: ", $row[1] === $xssQueue ? 'the queue name as text' : $row[1], ', ', markup_in($b, '#fq-queues'), "\n";
    $b->get($server->url('/fastqueue'));
    echo "overview, from the server: ", row_of($b, "redis:$xssQueue")[1] === $xssQueue ? 'the queue name as text' : 'OTHER', ', ', markup_in($b, '#fq-queues'), "\n";

    $job = fn () => $b->script("var c = Array.prototype.find.call(document.querySelectorAll('#fq-workers tbody td'), function (td) { return td.textContent.indexOf('alert(1)') >= 0; });
        return c ? c.firstChild.textContent.trim() : null;");
    // The server's page, loaded until the worker's publication shows the job (it publishes
    // every 0.2 s; the page is read before its first refresh).
    $b->waitUntil(function () use ($b, $server, $job) {
        $b->get($server->url('/fastqueue/workers'));
        return $job();
    }, 10, 'the workers page shows the running job');
    echo "workers, from the server: ", $job() === XSS ? 'the job name as text' : var_export($job(), true), ', ', markup_in($b, '#fq-workers'), "\n";
    echo "worker's queues: ", str_contains($b->text('#fq-workers tbody'), "dash210, $xssQueue") ? 'as text' : 'OTHER', "\n";
    $seen = (int) $b->attr('#fq-page', 'data-refreshes');
    $b->waitUntil(fn () => (int) $b->attr('#fq-page', 'data-refreshes') > $seen, 10, 'the workers page refreshes');
    echo "workers, after a refresh: ", $job() === XSS ? 'the job name as text' : var_export($job(), true), ', ', markup_in($b, '#fq-workers'), "\n";
    echo "dialog opened: ", $b->dialogOpened() ? implode(', ', $b->dialogs) : 'none', "\n";
    $csp = array_filter($b->console(), fn ($m) => stripos(json_encode($m), 'Content Security Policy') !== false);
    echo "CSP refusals: ", count($csp), "\n";
    $app->waitForEffect('/^end markup$/');
}, $server, $b);
$worker->signal(SIGTERM);
echo "worker: ", $worker->wait()['status'], "\n";
?>
--EXPECT--
keyboard: the first Tab reaches Skip to content, shown with a focus ring
keyboard: Enter moves to main
stale banner: hidden
-- a burst
dash210: jobs/min > 0, wait p50 shown, wait p95 shown, run p50 in ms
totals: jobs per minute > 0, chart drawn: yes
no reload: this page, refreshes: several
updated: recently
-- markup in names
overview, after a refresh: the queue name as text, no elements from names
overview, from the server: the queue name as text, no elements from names
workers, from the server: the job name as text, no elements from names
worker's queues: as text
workers, after a refresh: the job name as text, no elements from names
dialog opened: none
CSP refusals: 0
worker: 0
