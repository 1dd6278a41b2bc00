--TEST--
fastqueue:work on Laravel 13 reads the keys queue:work reads: a queue forwarded with Queue::forward() from its destination's keys (its jobs still name the worker's queue), and on a Redis Cluster a name without a hash tag as {NAME}
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php
require __DIR__ . '/../inc/laravel_app.inc';
fq_skip_unless_laravel_app();
$src = (fq_app_vendor() ? fq_app_vendor() . '/laravel/framework/src' : (fq_laravel_dir() ?? '/usr/share/php')) . '/Illuminate';
if (!str_contains((string) @file_get_contents("$src/Queue/RedisQueue.php"), 'function getQueueRedisKey(')) {
    die('skip this Laravel reads queues:NAME only (forwards and cluster hash tags: Laravel 13)');
}
?>
--FILE--
<?php
require __DIR__ . '/../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'fw031b', 'providers' => ['App\Providers\Forward']]);
file_put_contents("$app->base/app/Providers/Forward.php", <<<'PHP'
<?php
namespace App\Providers;

use Illuminate\Support\Facades\Queue;
use Illuminate\Support\ServiceProvider;

class Forward extends ServiceProvider
{
    public function boot()
    {
        Queue::forward('fw031a', 'fw031b');
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
        'lines' => FqLaravelApp::jobLines($r['stdout'])];
}
$fq = $seen['fastqueue:work'];
echo "forward: status {$fq['status']}, ran [{$fq['ran']}], fw031b pending {$fq['b pending before']} then {$fq['b pending after']}{$fq['stderr']}\n";
echo $seen['queue:work'] == $fq ? "same as queue:work\n" : 'queue:work: ' . json_encode($seen['queue:work']) . "\n";

// The names on a cluster, from Laravel's own Connection::hasHashTag() (no forward here).
echo $app->run('echo json_encode(FastQueue\Laravel\QueueNames::for(new Illuminate\Container\Container, "redis", "default, {tagged},x{y}z,a{}b", true)->native), "\n";'
    . ' echo json_encode(FastQueue\Laravel\QueueNames::for(new Illuminate\Container\Container, "redis", "default,a{}b", false)->native), "\n";');
unset($app);
?>
--EXPECT--
forward: status 0, ran [ran f1 attempt=1 queue=fw031a, ran f2 attempt=1 queue=fw031a], fw031b pending 2 then 0
same as queue:work
["{default}","{tagged}","x{y}z","{a{}b}"]
["default","a{}b"]
