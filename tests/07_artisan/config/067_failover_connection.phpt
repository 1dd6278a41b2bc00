--TEST--
fastqueue:work on a failover queue connection (12.34 and later): it works the first member's Redis queue as queue:work does, with the worker's events naming the failover connection and JobFailed and failed_jobs the member; --queue defaults as queue:work's; a job on a fallback member is left to that member's workers; queue:restart stops it. It refuses a failover whose first member is not Redis, a failover member and a missing member. Before 12.34 both commands refuse the driver
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'fo067', 'cache' => 'redis', 'providers' => ['App\Providers\RecordEvents', 'App\Providers\Forward']]);
// Laravel 13 forwards a queue for one connection: here for the Redis member, whose queue a
// worker of the failover connection pops (before 13 fo067f is a queue of its own).
file_put_contents("$app->base/app/Providers/Forward.php", <<<'PHP'
<?php
namespace App\Providers;

use Illuminate\Support\Facades\Queue;
use Illuminate\Support\ServiceProvider;

class Forward extends ServiceProvider
{
    public function boot()
    {
        if (method_exists(Queue::getFacadeRoot(), 'forward')) {
            Queue::forward('fo067f', 'fo067', 'redis');
        }
    }
}
PHP);
// The failover connections: over the application's Redis queue connection with a second Redis
// connection (database 1) as its fallback, and the ones fastqueue:work refuses.
$config = "$app->base/config/queue.php";
file_put_contents($config, str_replace("'connections' => [", "'connections' => [\n"
    . "        'failover' => ['driver' => 'failover', 'connections' => ['redis', 'backup']],\n"
    . "        'backup' => ['driver' => 'redis', 'connection' => 'cache', 'queue' => 'fo067', 'retry_after' => 90],\n"
    . "        'failover-sync' => ['driver' => 'failover', 'connections' => ['sync', 'redis']],\n"
    . "        'failover-nested' => ['driver' => 'failover', 'connections' => ['failover', 'backup']],\n"
    . "        'failover-missing' => ['driver' => 'failover', 'connections' => ['redis', 'nowhere']],", file_get_contents($config)));
$hasFailover = fq_laravel_source('Illuminate/Queue/FailoverQueue.php') !== null;

// What a run shows: status, the job effects and events (with their connection), failed_jobs,
// the job lines with -v (12's name the job's connection), what is left in Redis (both databases).
$observe = function (array $r) use ($app): array {
    // (Laravel 8's lines open with "[DATE][ID]", later ones with "  DATE"; dots, times and 13's
    // memory figure masked.)
    $lines = array_values(preg_replace(['/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/', '/(?<=[ \]])[A-Za-z0-9]{32}\b/', '/ \.+ /', '/ \d+(\.\d+)?m?s /', '/ \d+(\.\d+)?MB /'],
        ['DATE', 'ID', ' ', ' TIME ', ' MEMORY '], preg_grep('/^(  \d{4}-|\[\d{4}-)/', explode("\n", $r['stdout']))));
    return ['status' => $r['status'], 'stderr' => $r['stderr'], 'effects' => $app->effects(),
        'failed_jobs' => array_map(fn ($row) => FqLaravelApp::normalizeFailed($row), $app->failedJobs()),
        'lines' => $lines, 'left' => array_keys($app->redisKeys())];
};
$compare = function (string $case, string $dispatch, array $args) use ($app, $observe): array {
    $seen = [];
    foreach (['queue:work', 'fastqueue:work'] as $command) {
        $app->reset();
        $app->run($dispatch);
        $seen[$command] = $observe($app->artisan(array_merge([$command], $args, ['--stop-when-empty', '--sleep=0', '-v'])));
    }
    echo $seen['queue:work'] == $seen['fastqueue:work'] ? "$case: same as queue:work\n"
        : "$case differs:\nqueue:work " . json_encode($seen['queue:work']) . "\nfastqueue:work " . json_encode($seen['fastqueue:work']) . "\n";
    return $seen['fastqueue:work'];
};
// The exception's message, without where the console says it was thrown.
$message = fn (array $r) => trim(preg_replace(['/\s+/', '/^In \S+ line \d+: /'], [' ', ''], trim($r['stdout'] . $r['stderr'])));

if (!$hasFailover) {
    // No failover driver: queue:work cannot resolve the connection, and fastqueue:work refuses it.
    foreach (['queue:work', 'fastqueue:work'] as $command) {
        $app->reset();
        $app->run('App\Jobs\RecordJob::dispatch("j1");');
        $r = $app->artisan([$command, 'failover', '--stop-when-empty', '--sleep=0']);
        $ran = preg_grep('/^ran /', $app->effects());
        echo "$command: ", $r['status'] !== 0 && $ran === [] ? "refused\n" : "status {$r['status']}, " . implode(' ', $ran) . "\n";
    }
    echo "fastqueue:work says: {$message($r)}\n";
    exit;
}

// Jobs that succeed, and fail after a retry, dispatched to the failover connection (onto the
// member's default queue); one dispatched to the fallback member, which no worker of the
// failover connection reads.
$r = $compare('jobs', 'App\Jobs\RecordJob::dispatch("j1")->onConnection("failover");'
    . 'App\Jobs\ThrowJob::dispatch("j2")->onConnection("failover");'
    . 'App\Jobs\RecordJob::dispatch("b1")->onConnection("backup");', ['failover', '--queue=fo067', '--tries=2']);
echo implode("\n", preg_grep('/^event (JobProcessing|JobFailed|Looping) |^ran /', preg_replace('/ attempts=.*? failed=\d/', '', $r['effects']))), "\n";
echo "first line: {$r['lines'][0]}\n";
echo 'failed_jobs: ', implode(', ', array_map(fn ($row) => "{$row['connection']} {$row['queue']}", $r['failed_jobs'])), "\n";
echo 'left: ', implode(', ', $r['left']), "\n";

// No --queue: the failover connection's own "queue" setting, else "default" (not the member's).
$r = $compare('no --queue', 'App\Jobs\RecordJob::dispatch("q1")->onConnection("failover");'
    . 'App\Jobs\RecordJob::dispatch("q2")->onConnection("failover")->onQueue("default");', ['failover']);
echo implode("\n", preg_grep('/^ran /', $r['effects'])), "\n";

// A queue forwarded for the member (13) is read where the member's queue reads it.
$r = $compare('forwarded queue', 'App\Jobs\RecordJob::dispatch("w1")->onConnection("failover")->onQueue("fo067f");', ['failover', '--queue=fo067f']);
echo implode("\n", preg_grep('/^ran /', $r['effects'])), "\n";

// queue:restart stops a worker of the failover connection (the restart key read natively, as
// the cache is a Redis store on the member's server).
$app->reset();
$child = $app->artisanChild(['fastqueue:work', 'failover', '--queue=fo067', '--sleep=1']);
$app->waitForEffect('/^event Looping /');
$app->artisan(['queue:restart']);
$r = $child->wait(20);
echo "restart: status {$r['status']}, ", implode(' ', preg_grep('/^event WorkerStopping/', $app->effects())), "\n";

// The refusals: exit 1 at once, the jobs left queued.
foreach (['failover-sync', 'failover-nested', 'failover-missing'] as $connection) {
    $app->reset();
    $app->run('App\Jobs\RecordJob::dispatch("r1");');
    $r = $app->artisan(['fastqueue:work', $connection, '--stop-when-empty', '--sleep=0']);
    echo "$connection: status {$r['status']}, {$message($r)}", $app->effects() === [] ? '' : ' (ran a job)', "\n";
}
unset($app);
?>
--EXPECTF--
%r(queue:work: refused
fastqueue:work: refused
fastqueue:work says: The \[failover\] queue connection uses the \[failover\] driver: fastqueue:work works Redis queue connections only\.|jobs: same as queue:work
event Looping failover fo067
event JobProcessing failover App\\Jobs\\RecordJob
ran j1 attempt=1 queue=fo067
event JobProcessing failover App\\Jobs\\ThrowJob
event JobProcessing failover App\\Jobs\\ThrowJob
event JobFailed redis App\\Jobs\\ThrowJob RuntimeException: throw j2 attempt 2
first line:   DATE App\\Jobs\\RecordJob ID redis fo067 RUNNING
failed_jobs: redis fo067
left: 1:queues:fo067, 1:queues:fo067:notify
no --queue: same as queue:work
ran q2 attempt=1 queue=default
forwarded queue: same as queue:work
ran w1 attempt=1 queue=fo067f
restart: status 0, event WorkerStopping 0
failover-sync: status 1, The \[failover-sync\] failover queue connection's first member, \[sync\], uses the \[sync\] driver: fastqueue:work works a failover connection whose first member is a Redis connection\.
failover-nested: status 1, The \[failover-nested\] failover queue connection names \[failover\], itself a failover connection: fastqueue:work works a failover connection whose members are plain connections, a Redis one first\.
failover-missing: status 1, The \[failover-missing\] failover queue connection names the \[nowhere\] queue connection, which has not been configured\.)%r
