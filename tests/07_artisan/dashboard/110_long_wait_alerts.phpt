--TEST--
Long-wait alerts: with two fastqueue:watch --loop watchers running at once (two hosts), a queue held over its threshold raises LongWaitDetected at most once per alerts.interval (at least twice while held over two intervals), each with a notification through a test channel, then exactly one LongWaitRecovered and its notification once a worker empties the queue; both watchers stop on SIGTERM
--EXTENSIONS--
fastqueue
posix
pcntl
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/dashboard_data.inc';

$interval = 2.0;
$app = fq_dashboard_app('dash110', ['dashboard' => ['history' => ['interval' => 0.2, 'retention' => 60]],
    'alerts' => ['waits' => ['redis:dash110' => 1, 'redis:dash110calm' => 60], 'interval' => $interval, 'notify' => ['fqtest' => 'ops']]]);
$effects = fn (string $regex) => array_values(preg_grep($regex, $app->effects()));
$until = microtime(true) + 60 * fq_app_scale();
$watchers = ['a' => fq_dashboard_watcher($app, 'a'), 'b' => fq_dashboard_watcher($app, 'b')];

// One job no worker takes: its wait grows past 1 s and stays over.
$app->run('App\Jobs\RecordJob::dispatch("held")->onQueue("dash110");');
// (Each alert's notification is sent right after its event.)
while ((count($effects('/^detected /')) < 3 || count($effects('/^notified long_wait /')) < 3) && microtime(true) < $until) {
    usleep(100000);
}
$detected = $effects('/^detected /');
preg_match_all('/at=([\d.]+)/', implode("\n", $detected), $m);
$gaps = array_map(fn ($a, $b) => $b - $a, array_slice($m[1], 0, -1), array_slice($m[1], 1));
printf("alerts: %d, each at least an interval after the one before: %s\n", count($detected),
    json_encode($gaps !== [] && min($gaps) >= $interval - 0.001));
echo preg_replace('/ host=\w+ at=[\d.]+$/', '', $detected[0]), "\n";
$hosts = array_unique(array_map(fn ($l) => preg_match('/host=(\w+)/', $l, $h) ? $h[1] : '?', $detected));
printf("raised by the watchers a and b: %s\n", json_encode(array_diff($hosts, ['a', 'b']) === []));
$notified = $effects('/^notified long_wait /');
printf("notifications: %d (%s)\n", count($notified), $notified[0] ?? '');

// A worker empties the queue: one recovery, whatever the number of watchers and rounds.
$r = $app->artisan(['fastqueue:work', '--stop-when-empty', '--queue=dash110']);
echo "worker status {$r['status']}\n";
while (count($effects('/^notified recovered /')) < 1 && microtime(true) < $until) {
    usleep(100000);
}
$alerts = count($effects('/^detected /'));
// Several more rounds of both watchers.
usleep((int) (1e6 * fq_app_scale()));
echo preg_replace('/ host=\w+$/', '', implode("\n", $effects('/^recovered /'))), "\n";
printf("alerts after the recovery: %d more\n", count($effects('/^detected /')) - $alerts);
echo implode("\n", $effects('/^notified recovered /')), "\n";
printf("long_wait notifications = alerts: %s\n", json_encode(count($effects('/^notified long_wait /')) === count($effects('/^detected /'))));
printf("calm queue: %d alerts\n", count($effects('/ dash110calm /')));

foreach ($watchers as $host => $w) {
    $w->signal(SIGTERM);
    $r = $w->wait();
    printf("watcher %s: status %d, stderr %s\n", $host, $r['status'], json_encode(trim($r['stderr'])));
}
?>
--EXPECT--
alerts: 3, each at least an interval after the one before: true
detected redis dash110 threshold=1
raised by the watchers a and b: true
notifications: 3 (notified long_wait redis dash110 to=ops)
worker status 0
recovered redis dash110 threshold=1
alerts after the recovery: 0 more
notified recovered redis dash110 to=ops
long_wait notifications = alerts: true
calm queue: 0 alerts
watcher a: status 0, stderr ""
watcher b: status 0, stderr ""
