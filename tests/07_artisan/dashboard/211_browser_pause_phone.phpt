--TEST--
Dashboard in a browser on a phone's viewport: the page fits the screen (tables scroll in their own box); on Laravel 12 and later, Pause on a queue's row pauses it (through Laravel's queue manager): the page marks it, the worker runs another queue's jobs and none of it, and Resume lets them run; before 12 there is no such button and the page says why
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/browser.inc'; fq_skip_unless_browser(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/browser.inc';
require __DIR__ . '/../../inc/dashboard_data.inc';

$app = fq_dashboard_app('dash211a', ['dashboard' => ['refresh' => 1, 'history' => ['interval' => 0.5, 'retention' => 120]]]);
$worker = $app->artisanChild(['fastqueue:work', '--sleep=0.1', '--queue=dash211a,dash211b', '--metrics-publish', '--metrics-interval=0.2']);
$server = $app->serve(['APP_ENV' => 'local']);
$b = fq_browser(['phone' => true]);

function state_of(FqBrowser $b, string $queue): ?string
{
    return $b->script(<<<'JS'
        var row = document.querySelector('#fq-queues tbody tr[data-queue="' + arguments[0] + '"]');
        return row ? row.children[2].textContent.trim() : null;
        JS, $queue);
}

function ran(FqLaravelApp $app, string $prefix): int
{
    return count(preg_grep("/^ran $prefix\\d+ /", $app->effects()));
}

fq_browser_run(function () use ($app, $server, $b) {
    $app->run('App\Jobs\RecordJob::dispatch("a0")->onQueue("dash211a"); App\Jobs\RecordJob::dispatch("b0")->onQueue("dash211b");');
    $b->get($server->url('/fastqueue'));
    $b->waitUntil(fn () => state_of($b, 'redis:dash211a') !== null && state_of($b, 'redis:dash211b') !== null, 20, 'both queues on the overview');
    printf("phone: %dx%d, the page fits its width: %s, the queues table scrolls in its box: %s\n", ...[
        ...$b->script('return [window.innerWidth, window.innerHeight];'),
        $b->script('return document.documentElement.scrollWidth <= window.innerWidth;') ? 'yes' : 'no',
        $b->script('var w = document.querySelector("#fq-queues").parentNode; return w.scrollWidth > w.clientWidth && getComputedStyle(w).overflowX === "auto";') ? 'yes' : 'no',
    ]);

    if (fq_laravel_version_id() < 120000) {
        // No Queue::pause() before 12: no button, the page says why, and no route pauses.
        printf("pause: no button, the page says why: %s\n", count($b->css('#fq-queues form')) === 0
            && str_contains($b->text('#fq-pause-reason'), 'needs Laravel 12 or later') ? 'yes' : 'no');
        printf("resume: no button either: %s\n", str_contains($b->script('return document.body.innerHTML;'), '/resume') ? 'no' : 'yes');
        $page = fq_http('GET', $server->url('/fastqueue'));
        preg_match('/<meta name="csrf-token" content="([^"]+)"/', $page['body'], $m);
        $r = fq_http('POST', $server->url('/fastqueue/queues/redis/dash211a/pause'), ['_token' => $m[1]], [], $page['cookies']);
        printf("POST pause: %d\n", $r['status']);
        $app->run('App\Jobs\RecordJob::dispatch("a1")->onQueue("dash211a");');
        printf("the worker runs dash211a's jobs: %s\n", $b->waitUntil(fn () => ran($app, 'a') === 2, 20, 'a1 ran') ? 'yes' : 'no');
        return;
    }
    $b->waitUntil(fn () => ran($app, 'a') === 1 && ran($app, 'b') === 1, 20, 'the first jobs ran');
    $b->script('document.querySelector(\'#fq-queues tr[data-queue="redis:dash211a"] button\').click(); return null;');
    $b->waitUntil(fn () => str_contains($b->url(), '/fastqueue') && state_of($b, 'redis:dash211a') === 'paused', 10, 'dash211a marked paused');
    echo "after Pause: dash211a ", state_of($b, 'redis:dash211a'), ", dash211b ", state_of($b, 'redis:dash211b'), "; ", $b->text('.status.ok'), "\n";

    // The worker asks at most a second later (QueuePauses::POLL_INTERVAL): past that, every
    // job of dash211b runs and none of dash211a.
    usleep(1500000);
    $app->run('for ($i = 1; $i <= 5; $i++) { App\Jobs\RecordJob::dispatch("a$i")->onQueue("dash211a"); App\Jobs\RecordJob::dispatch("b$i")->onQueue("dash211b"); }');
    $b->waitUntil(fn () => ran($app, 'b') === 6, 20, 'the jobs of dash211b ran');
    usleep(500000);
    printf("while paused: ran %d of dash211b, %d of dash211a; pending on dash211a: %d\n", ran($app, 'b') - 1, ran($app, 'a') - 1,
        count($app->queueState('dash211a')['queue']));
    $b->waitUntil(fn () => preg_match('/^5$/', $b->script('return document.querySelector(\'#fq-queues tr[data-queue="redis:dash211a"]\').children[3].textContent.trim();')), 10, 'the page shows 5 pending');
    echo "the page shows 5 pending on dash211a\n";

    $b->script('document.querySelector(\'#fq-queues tr[data-queue="redis:dash211a"] button\').click(); return null;');
    $b->waitUntil(fn () => state_of($b, 'redis:dash211a') === 'running', 10, 'dash211a marked running');
    $b->waitUntil(fn () => ran($app, 'a') === 6, 20, 'the jobs of dash211a ran');
    echo "after Resume: dash211a ", state_of($b, 'redis:dash211a'), ", ran ", ran($app, 'a') - 1, " of dash211a\n";
}, $server, $b);
$worker->signal(SIGTERM);
echo "worker: ", $worker->wait()['status'], "\n";
?>
--EXPECTF--
phone: 390x844, the page fits its width: yes, the queues table scrolls in its box: yes
%r(after Pause: dash211a paused, dash211b running; Paused redis:dash211a\.|pause: no button, the page says why: yes)%r
%r(while paused: ran 5 of dash211b, 0 of dash211a; pending on dash211a: 5|resume: no button either: yes)%r
%r(the page shows 5 pending on dash211a|POST pause: 404)%r
%r(after Resume: dash211a running, ran 5 of dash211a|the worker runs dash211a's jobs: yes)%r
worker: 0
