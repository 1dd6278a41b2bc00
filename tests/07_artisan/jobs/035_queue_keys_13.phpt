--TEST--
fastqueue:work reads the keys queue:work reads: on Laravel 13 a queue forwarded with Queue::forward() from its destination's keys (its jobs still name the worker's queue), and on a Redis Cluster a name without a hash tag as {NAME}; before 13 queues:NAME, forward or cluster, as that Laravel's RedisQueue reads it
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$src = (fq_app_vendor() ? fq_app_vendor() . '/laravel/framework/src' : (fq_laravel_dir() ?? '/usr/share/php')) . '/Illuminate';
// Laravel 13 forwards queues (QueueManager::forward()) and tags cluster keys (getQueueRedisKey()).
$has13 = str_contains((string) file_get_contents("$src/Queue/RedisQueue.php"), 'function getQueueRedisKey(');

$app = new FqLaravelApp(['queue' => 'fw031b', 'providers' => ['App\Providers\Forward']]);
file_put_contents("$app->base/app/Providers/Forward.php", <<<'PHP'
<?php
namespace App\Providers;

use Illuminate\Support\Facades\Queue;
use Illuminate\Support\ServiceProvider;

// Before 13 there is no forward: fw031a is a queue of its own.
class Forward extends ServiceProvider
{
    public function boot()
    {
        if (method_exists(Queue::getFacadeRoot(), 'forward')) {
            Queue::forward('fw031a', 'fw031b');
        }
    }
}
PHP);

$seen = [];
foreach (['queue:work', 'fastqueue:work'] as $command) {
    $app->reset();
    $app->run('App\Jobs\RecordJob::dispatch("f1")->onQueue("fw031a"); App\Jobs\RecordJob::dispatch("f2")->onQueue("fw031b");');
    $before = count($app->queueState('fw031b')['queue']);
    $r = $app->artisan([$command, '--stop-when-empty', '--sleep=0', '--queue=fw031a']);
    $seen[$command] = ['status' => $r['status'], 'stderr' => $r['stderr'], 'ran' => implode(', ', $app->effects()),
        'b pending before' => $before, 'b pending after' => count($app->queueState('fw031b')['queue']),
        'lines' => FqLaravelApp::jobLines($r['stdout']), 'keys left' => $app->redisKeys()];
}
// 13: both jobs sit in queues:fw031b, and both are worked as fw031a's; before 13 only f1 is
// fw031a's, and f2 stays.
$fq = $seen['fastqueue:work'];
$expected = $has13 ? ['ran f1 attempt=1 queue=fw031a, ran f2 attempt=1 queue=fw031a', 2, 0] : ['ran f1 attempt=1 queue=fw031a', 1, 1];
echo "forward: status {$fq['status']}, ", [$fq['ran'], $fq['b pending before'], $fq['b pending after']] === $expected
    ? "worked what this Laravel's RedisQueue reads for fw031a" : "ran [{$fq['ran']}], fw031b pending {$fq['b pending before']} then {$fq['b pending after']} (13: " . var_export($has13, true) . ')',
    $fq['stderr'], "\n";
echo $seen['queue:work'] == $fq ? "forward: fastqueue:work as queue:work\n" : 'queue:work: ' . json_encode($seen['queue:work']) . "\nfastqueue:work: " . json_encode($fq) . "\n";

// The keys the native worker reads for each name, on a cluster and not, against the keys the
// application's own RedisQueue reads (13: getQueueRedisKey(), told it is on a cluster without
// connecting; before: getQueue(), the same on a cluster).
$names = ['default', '{tagged}', 'x{y}z', 'a{}b', 'fw031a'];
$keys = $app->run('$names = ' . var_export($names, true) . ';
    $queue = Illuminate\Support\Facades\Queue::connection("redis");
    $out = [];
    foreach ([true, false] as $cluster) {
        $laravel = array_map(fn ($name) => (function () use ($name, $cluster) {
            if (!method_exists($this, "getQueueRedisKey")) {
                return $this->getQueue($name);
            }
            $this->isCluster = $cluster;
            return $this->getQueueRedisKey($name);
        })->call($queue), $names);
        $native = FastQueue\Laravel\QueueNames::for(app(), "redis", " " . implode(" , ", $names), $cluster)->native;
        $out[$cluster ? "cluster" : "plain"] = ["laravel" => $laravel, "fastqueue" => array_map(fn ($n) => "queues:$n", $native)];
    }
    echo json_encode($out);');
foreach (json_decode($keys, true) ?? ['run' => ['laravel' => $keys, 'fastqueue' => null]] as $case => $k) {
    echo "$case: ", $k['laravel'] === $k['fastqueue'] ? "the keys this Laravel's RedisQueue reads" : 'Laravel ' . json_encode($k['laravel']) . ', FastQueue ' . json_encode($k['fastqueue']), "\n";
}
// The names on a cluster, from Laravel's own Connection::hasHashTag() (no forward here): 13 tags
// a name without a tag, earlier versions leave every name as it is.
$tagged = json_decode($app->run('echo json_encode(FastQueue\Laravel\QueueNames::for(new Illuminate\Container\Container, "redis", "default, {tagged},x{y}z,a{}b", true)->native);'), true);
echo 'cluster tags: ', $tagged === ($has13 ? ['{default}', '{tagged}', 'x{y}z', '{a{}b}'] : ['default', '{tagged}', 'x{y}z', 'a{}b'])
    ? "as this Laravel's Connection::hasHashTag() says" : json_encode($tagged) . ' (13: ' . var_export($has13, true) . ')', "\n";
echo $app->run('echo json_encode(FastQueue\Laravel\QueueNames::for(new Illuminate\Container\Container, "redis", "default,a{}b", false)->native), "\n";');
unset($app);
?>
--EXPECT--
forward: status 0, worked what this Laravel's RedisQueue reads for fw031a
forward: fastqueue:work as queue:work
cluster: the keys this Laravel's RedisQueue reads
plain: the keys this Laravel's RedisQueue reads
cluster tags: as this Laravel's Connection::hasHashTag() says
["default","a{}b"]
