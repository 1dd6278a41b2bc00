--TEST--
fastqueue:work: dispatched jobs, a string job and a job with middleware run through Laravel; queue:work's output lines and events; nothing left in Redis
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work002', 'providers' => ['App\Providers\RecordEvents']]);
echo $app->run(<<<'PHP'
App\Jobs\RecordJob::dispatch('one');
App\Jobs\MiddlewareJob::dispatch('mw');
Queue::push('App\Handlers\StringHandler@handle', ['x' => 1]);
echo "dispatched ", Queue::size(), "\n";
PHP);

$r = $app->artisan(['fastqueue:work', '--stop-when-empty', '--sleep=0']);
echo "status {$r['status']}\n", $r['stderr'];
echo implode("\n", FqLaravelApp::jobLines($r['stdout'])), "\n";
// The job id printed is the payload's "id", as queue:work 8 prints it (later versions print
// it only with -v).
preg_match_all('/^\[[^\]]+\]\[([A-Za-z0-9]{32})\] /m', $r['stdout'], $m);
echo count($m[1]) === (FqLaravelApp::printsJobIds() ? 6 : 0) ? 'job ids as queue:work prints them' : count($m[1]) . ' lines with a 32-character job id', "\n";
echo implode("\n", $app->effects()), "\n";
var_dump($app->queueState('work002'), $app->failedJobs(), $app->reported());
?>
--EXPECT--
dispatched 3
status 0
Processing: App\Jobs\RecordJob
Processed: App\Jobs\RecordJob
Processing: App\Jobs\MiddlewareJob
Processed: App\Jobs\MiddlewareJob
Processing: App\Handlers\StringHandler
Processed: App\Handlers\StringHandler
job ids as queue:work prints them
event Looping redis work002
event JobProcessing redis App\Jobs\RecordJob attempts=1 deleted=0 released=0 failed=0
ran one attempt=1 queue=work002
event JobProcessed redis App\Jobs\RecordJob attempts=1 deleted=1 released=0 failed=0
event JobProcessing redis App\Jobs\MiddlewareJob attempts=1 deleted=0 released=0 failed=0
middleware before mw
ran mw
middleware after mw
event JobProcessed redis App\Jobs\MiddlewareJob attempts=1 deleted=1 released=0 failed=0
event JobProcessing redis App\Handlers\StringHandler attempts=1 deleted=0 released=0 failed=0
string job {"x":1} attempt=1 contract=true
event JobProcessed redis App\Handlers\StringHandler attempts=1 deleted=1 released=0 failed=0
event WorkerStopping 0
array(4) {
  ["queue"]=>
  array(0) {
  }
  ["delayed"]=>
  array(0) {
  }
  ["reserved"]=>
  array(0) {
  }
  ["notify"]=>
  int(0)
}
array(0) {
}
array(0) {
}
