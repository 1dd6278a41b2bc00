--TEST--
Dashboard, failed jobs in a real browser: a failed job retried from its page then runs under fastqueue:work, a filtered bulk retry retries only the matching jobs, a forgotten job is gone
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/browser.inc'; fq_skip_unless_browser(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/browser.inc';
require __DIR__ . '/../../inc/failed_jobs.inc';

// FASTQUEUE_TEST_SCREENSHOTS=DIR: the list's and one job's screenshots go there
// (docs/img's dashboard-failed*.png come from such a run).
$shots = getenv('FASTQUEUE_TEST_SCREENSHOTS') ?: null;

// The hasher: the served application's database user provider (the gate asks the guard for
// the user) needs it.
$app = new FqLaravelApp(['queue' => 'fail310a', 'providers' => ['Illuminate\\Hashing\\HashServiceProvider']]);
fq_failed_seed($app, 'fail310a', 'a', 3);
fq_failed_seed($app, 'fail310b', 'b', 2);
$app->run("App\\Jobs\\ThrowJob::dispatch('<script>alert(\"x\")</script>')->onQueue('fail310c');");
$app->artisan(['fastqueue:work', '--queue=fail310c', '--tries=1', '--stop-when-empty', '--sleep=0']);
$uuid = [];
foreach ($app->failedJobs() as $row) {
    $uuid[preg_match('/"label";s:\d+:"(\w+)"/', json_decode($row['payload'], true)['data']['command'], $m) ? $m[1] : 'script'] = $row['uuid'];
}
$server = $app->serve(['APP_ENV' => 'local']);
$b = fq_browser();
$ran = fn () => implode(' ', array_map(fn ($l) => strtok($l, ' ') === 'ran' ? explode(' ', $l)[1] : '', preg_grep('/^ran /', $app->effects())));
$rows = fn () => count($b->css('#selected tbody tr'));
$status = fn () => $b->text('p.status.ok');

fq_browser_run(function () use ($app, $server, $b, $uuid, $shots, $ran, $rows, $status) {
    $b->get($server->url('/fastqueue/failed'));
    echo "list: ", $rows(), " rows, ", $b->text('#failed-count'), "\n";
    echo "the script job's name as text: ", var_export(in_array('<script>alert("x")</script>', array_map(fn ($t) => preg_replace('/^.*?(<script>.*<\/script>).*$/', '$1', $t), $b->texts('#selected td.wrap-text')), true), true), "\n";
    if ($shots !== null) {
        $b->screenshot("$shots/dashboard-failed.png", fullPage: true);
    }

    echo "-- retry one from its page\n";
    $b->click('a[href$="/failed/' . $uuid['a1'] . '"]');
    echo "job page: ", $b->text('h1'), ", exception: ", strtok($b->text('#exception'), "\n"), "\n";
    if ($shots !== null) {
        $b->get($server->url('/fastqueue/failed/' . $uuid['script']));
        $b->screenshot("$shots/dashboard-failed-job.png", fullPage: true);
        $b->get($server->url('/fastqueue/failed/' . $uuid['a1']));
    }
    $b->click('.actions form[action$="/failed/retry"] button');
    echo $b->waitForText('p.status.ok', 'pushed back'), "\n";
    echo "list: ", $rows(), " rows\n";
    $app->workUntilEmpty('fastqueue:work', ['fail310a', 'fail310b']);
    echo "ran: ", $ran(), "\n";

    echo "-- retry all that match a filter\n";
    $b->fill('input[name="queue"]', 'fail310b');
    $b->click('form.filters button');
    $b->waitUntil(fn () => str_contains($b->text('#failed-count'), 'match'), 10, 'the filtered list');
    echo "filtered: ", $rows(), " rows, ", $b->text('#failed-count'), "\n";
    $b->click('#matching button');
    echo $b->waitForText('p.status.ok', 'pushed back'), "\n";
    $b->get($server->url('/fastqueue/failed'));
    echo "list: ", $rows(), " rows\n";
    $app->workUntilEmpty('fastqueue:work', ['fail310a', 'fail310b']);
    echo "ran: ", $ran(), "\n";

    echo "-- forget the selected\n";
    $b->click('input[name="ids[]"][value="' . $uuid['a2'] . '"]');
    $b->click('#selected button[value="forget"]');
    echo $b->waitForText('p.status.ok', 'forgotten'), "\n";
    echo "list: ", $rows(), " rows, a2 listed: ", var_export(count($b->css('input[value="' . $uuid['a2'] . '"]')) > 0, true), "\n";
    echo "its page: ", fq_http('GET', $server->url('/fastqueue/failed/' . $uuid['a2']))['status'], ", its JSON: ",
        fq_http('GET', $server->url('/fastqueue/api/failed/' . $uuid['a2']))['status'], "\n";
    echo "left in failed_jobs: ", count($app->failedJobs()), "\n";
    echo "a dialog opened: ", var_export($b->dialogOpened(), true), "\n";
}, $server, $b);
?>
--EXPECTF--
list: 6 rows, 6 failed jobs.
the script job's name as text: true
-- retry one from its page
job page: App\Jobs\FailWhileFlagJob, exception: RuntimeException: seeded a1 in %s
1 failed job pushed back onto its queue.
list: 5 rows
ran: a1
-- retry all that match a filter
filtered: 2 rows, 2 failed jobs match.
2 failed jobs pushed back onto their queues.
list: 3 rows
ran: a1 b2 b1
-- forget the selected
1 failed job forgotten.
list: 2 rows, a2 listed: false
its page: 404, its JSON: 404
left in failed_jobs: 2
a dialog opened: false
