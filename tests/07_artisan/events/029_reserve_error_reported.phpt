--TEST--
fastqueue:work: a Redis error while reserving (the queue's key of the wrong type) reaches the application's exception handler, as queue:work's getNextJob reports it; the worker retries and runs the next job once the key is right again
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work029', 'providers' => ['App\Providers\RecordEvents']]);
$key = $app->redisPrefix . 'queues:work029';
fq_raw()->cmd('SET', $key, 'not a list');
$worker = $app->artisanChild(['fastqueue:work', '--sleep=0']);
$app->waitForEffect('/^event Looping/');
$until = microtime(true) + 20 * fq_app_scale();
while (!$app->reported() && microtime(true) < $until) {
    usleep(50000);
}
$reported = $app->reported();
echo $reported ? 'reported: ' . (preg_match('/WRONGTYPE|wrong kind|type/i', $reported[0]) ? 'the wrong type' : $reported[0]) : 'nothing reported', "\n";
fq_raw()->cmd('DEL', $key);
$app->run('App\Jobs\RecordJob::dispatch("after");');
echo $app->waitForEffect('/^ran after/', 15) ? "then the job ran\n" : "the job did not run\n";
$worker->signal(SIGTERM);
$r = $worker->wait(15);
echo "status {$r['status']}\n";
echo preg_match('/^FastQueue: reserving jobs failed: .*; retrying in/m', $r['stderr']) ? "stderr: the retry\n" : "stderr: {$r['stderr']}\n";
?>
--EXPECT--
reported: the wrong type
then the job ran
status 0
stderr: the retry
