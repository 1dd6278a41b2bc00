--TEST--
fastqueue:watch under the locks: while another process holds the snapshot lock, a round takes no snapshot, and while another holds the alerts lock, a queue over its threshold raises nothing; once they are free, one round takes the snapshot and raises the alert, and a second round within the alerts interval raises none
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/dashboard_data.inc';

$app = fq_dashboard_app('dash111', ['dashboard' => ['history' => ['interval' => 0.1, 'retention' => 600]],
    'alerts' => ['waits' => ['redis:dash111' => 1], 'interval' => 600]]);
$p = $app->redisPrefix;
$snapshots = fn () => fq_raw()->cmd('ZCARD', $p . 'fastqueue:{dashboard}:history');
$alerts = fn () => count(preg_grep('/^detected /', $app->effects()));
$watch = function () use ($app) {
    $r = $app->artisan(['fastqueue:watch']);
    return "status {$r['status']}, stdout " . json_encode(preg_replace('/[\d.]+ s/', 'N s', trim($r['stdout']))) . ', stderr ' . json_encode(trim($r['stderr']));
};

// A job pushed 5 s ago: its wait is over the threshold.
$app->run('Illuminate\Support\Facades\Queue::pushRaw(json_encode(["uuid" => "u1", "displayName" => "held", "job" => "Illuminate\\\\Queue\\\\CallQueuedHandler@call", "data" => [], "attempts" => 0, "createdAt" => time() - 5]), "dash111");');
fq_raw()->cmd('SET', $p . 'fastqueue:{dashboard}:snapshot-lock', 'another', 'PX', '60000');
fq_raw()->cmd('SET', $p . 'fastqueue:{dashboard}:alerts-lock', 'another', 'PX', '60000');
echo 'locked: ', $watch(), "\n";
printf("snapshots %d, alerts %d, locks still another's: %s\n", $snapshots(), $alerts(),
    json_encode(fq_raw()->cmd('GET', $p . 'fastqueue:{dashboard}:alerts-lock') === 'another'));

fq_raw()->cmd('DEL', $p . 'fastqueue:{dashboard}:snapshot-lock', $p . 'fastqueue:{dashboard}:alerts-lock');
echo 'free: ', $watch(), "\n";
printf("snapshots %d, alerts %d, locks left: %d\n", $snapshots(), $alerts(),
    fq_raw()->cmd('EXISTS', $p . 'fastqueue:{dashboard}:snapshot-lock', $p . 'fastqueue:{dashboard}:alerts-lock'));
usleep(200000);
echo 'again: ', $watch(), "\n";
printf("snapshots %d, alerts %d\n", $snapshots(), $alerts());
?>
--EXPECT--
locked: status 0, stdout "", stderr ""
snapshots 0, alerts 0, locks still another's: true
free: status 0, stdout "Long wait on redis:dash111: N s (threshold N s)", stderr ""
snapshots 1, alerts 1, locks left: 0
again: status 0, stdout "", stderr ""
snapshots 2, alerts 1
