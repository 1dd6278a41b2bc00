--TEST--
The wait of a head job without createdAt (Laravel before 12's own pushes, raw payloads): a fastqueue:watch --loop counts it from the first snapshot that saw it, at the tail or else at the head, so the overview's oldest_pending_seconds is never above the real age and short of it by at most the gap to that snapshot; a job seen at the tail behind another keeps that sighting once it reaches the head; a long-wait alert is raised once for each; a payload with createdAt still counts from it and needs no sighting
--EXTENSIONS--
fastqueue
posix
pcntl
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/dashboard_data.inc';

$app = fq_dashboard_app('dash112', ['dashboard' => ['history' => ['interval' => 0.3, 'retention' => 600]],
    'alerts' => ['waits' => ['redis:dash112' => 2, 'redis:dash112raw' => 2, 'redis:dash112tail' => 3600, 'redis:dash112created' => 3600],
        'interval' => 600]], false);
$p = $app->redisPrefix;
$until = microtime(true) + 60 * fq_app_scale();
// A snapshot's score is its time as the client wrote it: predis sends a float as PHP's string
// of it (precision 14, so 0.1 ms at today's times), phpredis whole; times are compared to 1 ms.
$snapshots = fn () => array_map('floatval', array_values(array_filter(
    fq_raw()->cmd('ZRANGE', $p . 'fastqueue:{dashboard}:history', '0', '-1', 'WITHSCORES'), fn ($k) => $k % 2 === 1, ARRAY_FILTER_USE_KEY)));
$seenHead = fn (string $queue) => json_decode((string) fq_raw()->cmd('HGET', $p . "fastqueue:{dashboard}:seen:redis:$queue", 'head'), true);
$raw = fn (string $uuid, array $more = []) => json_encode(['uuid' => $uuid, 'displayName' => $uuid,
    'job' => 'Illuminate\Queue\CallQueuedHandler@call', 'data' => [], 'attempts' => 0] + $more);
// Runs $push inside the application between two readings of the clock: [before, after].
$pushed = function (string $push) use ($app): array {
    return array_map('floatval', explode(' ', trim($app->run("echo microtime(true), ' '; $push; echo microtime(true);"))));
};
$waitFor = function (callable $done) use ($until) {
    while (!$done() && microtime(true) < $until) {
        usleep(100000);
    }
};

$watcher = fq_dashboard_watcher($app, 'a');
// Laravel's own push (createdAt from 12 on only) and a raw payload without createdAt.
[$before, $after] = $pushed('App\Jobs\RecordJob::dispatch("held")->onQueue("dash112");'
    . 'Illuminate\Support\Facades\Queue::pushRaw(' . var_export($raw('raw1'), true) . ', "dash112raw")');
// A job behind another: seen at the tail, then at the head once the first is gone.
$app->run('Illuminate\Support\Facades\Queue::pushRaw(' . var_export($raw('first'), true) . ', "dash112tail");'
    . 'Illuminate\Support\Facades\Queue::pushRaw(' . var_export($raw('second'), true) . ', "dash112tail");');
$app->run('Illuminate\Support\Facades\Queue::pushRaw(' . var_export($raw('made', ['createdAt' => time() - 100]), true) . ', "dash112created");');

$waitFor(fn () => count(preg_grep('/^detected .* dash112raw /', $app->effects())) >= 1
    && count(preg_grep('/^detected .* dash112 /', $app->effects())) >= 1);
$count = $snapshots();
$waitFor(fn () => count($snapshots()) >= count($count) + 2);

$o = fq_dashboard_json($app, 'Overview');
$raw1 = fq_dashboard_row($o, 'dash112raw');
$since = $seenHead('dash112raw')['since'] ?? null;
$all = $snapshots();
$missed = array_filter($all, fn ($t) => $t >= $after && $t < $since - 0.001);
printf("raw: first seen at a snapshot: %s, not before the push: %s, no snapshot between the push and it: %s\n",
    json_encode(array_filter($all, fn ($t) => abs($t - $since) < 0.001) !== []),
    json_encode($since >= $before), json_encode($missed === []));
printf("raw: oldest pending = now - first seen: %s, at most the real age: %s\n",
    json_encode(abs($raw1['oldest_pending_seconds'] - ($o['generated_at'] - $since)) < 0.01),
    json_encode($raw1['oldest_pending_seconds'] <= $o['generated_at'] - $before + 0.01));

$held = fq_dashboard_row($o, 'dash112');
$measured = fq_laravel_version_id() >= 120000
    // Laravel's createdAt, in whole seconds: up to 1 s high, never short.
    ? $held['oldest_pending_seconds'] >= $o['generated_at'] - $after - 0.01 && $seenHead('dash112') === null
    : abs($held['oldest_pending_seconds'] - ($o['generated_at'] - $seenHead('dash112')['since'])) < 0.01
        && $seenHead('dash112')['since'] >= $before && array_filter($all, fn ($t) => $t >= $after && $t < $seenHead('dash112')['since'] - 0.001) === [];
printf("Laravel's push: measured from %s as expected: %s\n", fq_laravel_version_id() >= 120000 ? 'createdAt' : 'its first sighting', json_encode($measured));

$created = fq_dashboard_row($o, 'dash112created');
printf("createdAt: oldest pending >= 100: %s, a sighting: %s\n", json_encode($created['oldest_pending_seconds'] >= 100),
    json_encode(fq_raw()->cmd('EXISTS', $p . 'fastqueue:{dashboard}:seen:redis:dash112created')));

// The first job leaves; the second, at the head now, keeps its sighting at the tail.
$tailSeen = json_decode((string) fq_raw()->cmd('HGET', $p . 'fastqueue:{dashboard}:seen:redis:dash112tail', 'tail'), true);
$secondAtTail = array_values(array_filter($tailSeen, fn ($s) => $s[0] === 'uuid:second'))[0][1] ?? null;
$popped = microtime(true);
printf("popped: %s\n", json_decode((string) fq_raw()->cmd('LPOP', $p . 'queues:dash112tail'), true)['uuid']);
$count = $snapshots();
$waitFor(fn () => count($snapshots()) >= count($count) + 2);
$head = $seenHead('dash112tail');
$o = fq_dashboard_json($app, 'Overview');
$row = fq_dashboard_row($o, 'dash112tail');
printf("second: head %s, since its sighting at the tail: %s, counted from before the pop: %s\n", $head['job'],
    json_encode($secondAtTail !== null && $head['since'] == $secondAtTail),
    json_encode($row['oldest_pending_seconds'] > $o['generated_at'] - $popped));

$watcher->signal(SIGTERM);
$r = $watcher->wait();
printf("watcher: status %d, stderr %s\n", $r['status'], json_encode(trim($r['stderr'])));
echo implode("\n", preg_replace('/ host=\w+ at=[\d.]+$/', '', preg_grep('/^detected /', $app->effects()))), "\n";
?>
--EXPECTF--
raw: first seen at a snapshot: true, not before the push: true, no snapshot between the push and it: true
raw: oldest pending = now - first seen: true, at most the real age: true
Laravel's push: measured from %s as expected: true
createdAt: oldest pending >= 100: true, a sighting: 0
popped: first
second: head uuid:second, since its sighting at the tail: true, counted from before the pop: true
watcher: status 0, stderr ""
detected redis dash112%S threshold=2
detected redis dash112%S threshold=2
