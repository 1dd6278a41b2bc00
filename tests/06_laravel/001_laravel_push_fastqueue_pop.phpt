--TEST--
Laravel: jobs pushed by Laravel's RedisQueue (push, object job, later, bulk) are popped by FastQueue unchanged
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel.inc'; fq_skip_unless_laravel(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/laravel.inc';

// An object job as Laravel queues one: createObjectPayload reads these properties.
class FqCompatObjectJob
{
    public $tries = 5;
    public $backoff = [1, 5, 10];
    public $timeout = 30;
    public $order = 42;
}

$name = 'lv001';
fq_clean($name);
$laravel = fq_laravel_queue($name);
$fq = fq_queue(['queue' => $name]);

// FastQueue's job and Laravel's own RedisJob built from the same bytes must answer alike.
function compare(FastQueue\Job $job, string $stored, Illuminate\Queue\RedisQueue $laravel): void
{
    $lj = new Illuminate\Queue\Jobs\RedisJob($laravel->getContainer(), $laravel, $stored, $stored, 'redis', $job->getQueue());
    $backoff = $lj->backoff();
    $checks = [
        'raw body' => $job->getRawBody() === $stored,
        'attempts' => $job->attempts() === 1 && $lj->attempts() === 1,
        'id' => $job->getJobId() === $lj->getJobId(),
        'uuid' => $job->uuid() === $lj->uuid(),
        'name' => $job->getName() === $lj->getName(),
        'resolveName' => $job->resolveName() === $lj->resolveName(),
        'maxTries' => $job->maxTries() === $lj->maxTries(),
        'timeout' => $job->timeout() === $lj->timeout(),
        'backoff' => $job->backoff() === ($backoff === null ? null : array_map('intval', explode(',', (string) $backoff))),
        'maxExceptions' => $job->maxExceptions() === $lj->maxExceptions(),
        'failOnTimeout' => $job->shouldFailOnTimeout() === $lj->shouldFailOnTimeout(),
        'payload' => $job->payload() === $lj->payload(),
        'data' => $job->getData() === $lj->payload()['data'],
    ];
    $bad = array_keys(array_filter($checks, fn ($ok) => !$ok));
    echo $job->resolveName(), ' (', $job->getName(), '): ', $bad ? 'DIFFERS in ' . implode(', ', $bad) : 'same', "\n";
}

echo "push, string job\n";
$id = $laravel->push('App\\Jobs\\Foo@handle', ['user' => 7, 'tags' => ['a', 'b'], 'note' => "é/\"x\""]);
[$stored] = fq_raw()->cmd('LRANGE', "queues:$name", '0', '-1');
$job = $fq->pop();
var_dump($job->getJobId() === $id);
compare($job, $stored, $laravel);
// The pushed text with its attempts counted (Laravel 13 writes "delay" after "attempts").
var_dump($job->getReservedJob() === preg_replace('/"attempts":0(?=[,}])/', '"attempts":1', $stored, 1));
$job->delete();

echo "push, object job\n";
$id = $laravel->push(new FqCompatObjectJob());
[$stored] = fq_raw()->cmd('LRANGE', "queues:$name", '0', '-1');
$job = $fq->pop();
var_dump($job->getJobId() === $id);
compare($job, $stored, $laravel);
var_dump($job->maxTries(), $job->backoff(), $job->timeout());
var_dump(unserialize($job->getData()['command']) == new FqCompatObjectJob());
$job->delete();

echo "later\n";
$t0 = time();
$id = $laravel->later(5, 'App\\Jobs\\Later@handle', ['when' => 'later']);
$t1 = time();
[$stored, $score] = fq_raw()->cmd('ZRANGE', "queues:$name:delayed", '0', '-1', 'WITHSCORES');
var_dump($score >= $t0 - 1 + 5 && $score <= $t1 + 5);
var_dump($fq->pop());                                   // not due yet
// Move time instead of sleeping: make the delayed job due.
fq_raw()->cmd('ZADD', "queues:$name:delayed", 'XX', (string) ($score - 10), $stored);
$job = $fq->pop();
var_dump($job->getJobId() === $id);
compare($job, $stored, $laravel);
$job->delete();

echo "bulk\n";
$laravel->bulk(['App\\Jobs\\First@handle', 'App\\Jobs\\Second'], ['shared' => true]);
$stored = fq_raw()->cmd('LRANGE', "queues:$name", '0', '-1');
var_dump(count($stored), fq_raw()->cmd('LLEN', "queues:$name:notify"));
foreach ($stored as $body) {
    $job = $fq->pop();
    compare($job, $body, $laravel);
    $job->delete();
}
var_dump($fq->pop());
var_dump(fq_queue_state($name));
?>
--CLEAN--
<?php require __DIR__ . '/../inc/config.inc'; if (fq_test_port()) fq_clean('lv001'); ?>
--EXPECT--
push, string job
bool(true)
App\Jobs\Foo (App\Jobs\Foo@handle): same
bool(true)
push, object job
bool(true)
FqCompatObjectJob (Illuminate\Queue\CallQueuedHandler@call): same
int(5)
array(3) {
  [0]=>
  int(1)
  [1]=>
  int(5)
  [2]=>
  int(10)
}
int(30)
bool(true)
later
bool(true)
NULL
bool(true)
App\Jobs\Later (App\Jobs\Later@handle): same
bulk
int(2)
int(2)
App\Jobs\First (App\Jobs\First@handle): same
App\Jobs\Second (App\Jobs\Second): same
NULL
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
