--TEST--
Laravel: jobs pushed or released by FastQueue are popped by Laravel with the right attempts and run there
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel.inc'; fq_skip_unless_laravel(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/laravel.inc';

// The handler Laravel resolves through its container for 'FqCompatHandler@handle'.
class FqCompatHandler
{
    public static array $runs = [];

    public function handle(Illuminate\Contracts\Queue\Job $job, $data): void
    {
        self::$runs[] = ['id' => $job->getJobId(), 'attempts' => $job->attempts(), 'data' => $data];
        $job->delete();
    }
}

$name = 'lv004';
fq_clean($name);
$laravel = fq_laravel_queue($name);
$fq = fq_queue(['queue' => $name]);

echo "pushed by FastQueue\n";
$data = ['order' => 1001, 'items' => ['x', 'y'], 'note' => 'ça/va'];
$id = $fq->push('FqCompatHandler@handle', $data, null, ['maxTries' => 4, 'backoff' => [3, 9], 'timeout' => 15]);
[$pushed] = fq_raw()->cmd('LRANGE', "queues:$name", '0', '-1');
$job = $laravel->pop();
var_dump($job instanceof Illuminate\Queue\Jobs\RedisJob, $job->getRawBody() === $pushed);
var_dump($job->getJobId() === $id, $job->attempts(), $job->getName(), $job->resolveName());
var_dump($job->maxTries(), $job->backoff(), $job->timeout(), $job->getQueue());
$job->fire();
var_dump(FqCompatHandler::$runs === [['id' => $id, 'attempts' => 1, 'data' => $data]], $job->isDeleted());

echo "later and bulk by FastQueue\n";
FqCompatHandler::$runs = [];
$t0 = time();
$later = $fq->later(5, 'FqCompatHandler@handle', ['order' => 'later']);
[$stored, $score] = fq_raw()->cmd('ZRANGE', "queues:$name:delayed", '0', '-1', 'WITHSCORES');
var_dump($score >= $t0 - 1 + 5 && $score <= time() + 5, $laravel->pop());
fq_raw()->cmd('ZADD', "queues:$name:delayed", 'XX', (string) ($score - 10), $stored);
$ids = $fq->bulk(['FqCompatHandler@handle', 'FqCompatHandler@handle'], ['order' => 'bulk']);
// Laravel's pop migrates the due job to the end of the queue, after the bulk.
while ($job = $laravel->pop()) {
    $job->fire();
}
var_dump(array_column(FqCompatHandler::$runs, 'id') === [...$ids, $later]);
var_dump(array_column(FqCompatHandler::$runs, 'attempts'), array_column(FqCompatHandler::$runs, 'data'));

echo "pushed, popped and released by FastQueue\n";
FqCompatHandler::$runs = [];
$data = ['order' => 1002];
$id = $fq->push('FqCompatHandler@handle', $data);
$fj = $fq->pop();
var_dump($fj->attempts());
$fj->release();
$job = $laravel->pop();
var_dump($job->getJobId() === $id, $job->attempts(), $job->getRawBody() === $fj->getReservedJob());
$job->fire();
var_dump(FqCompatHandler::$runs === [['id' => $id, 'attempts' => 2, 'data' => $data]]);

echo "released again by Laravel, popped by FastQueue\n";
FqCompatHandler::$runs = [];
$id = $fq->push('FqCompatHandler@handle', ['order' => 1003]);
$fj = $fq->pop();
$fj->release();
$lj = $laravel->pop();
$lj->release();
$fj = $fq->pop();
var_dump($fj->getJobId() === $id, $fj->attempts(), $fj->getRawBody() === $lj->getReservedJob());
$fj->delete();
var_dump(FqCompatHandler::$runs, fq_queue_state($name));
?>
--CLEAN--
<?php require __DIR__ . '/../inc/config.inc'; if (fq_test_port()) fq_clean('lv004'); ?>
--EXPECT--
pushed by FastQueue
bool(true)
bool(true)
bool(true)
int(1)
string(22) "FqCompatHandler@handle"
string(15) "FqCompatHandler"
int(4)
string(3) "3,9"
int(15)
string(5) "lv004"
bool(true)
bool(true)
later and bulk by FastQueue
bool(true)
NULL
bool(true)
array(3) {
  [0]=>
  int(1)
  [1]=>
  int(1)
  [2]=>
  int(1)
}
array(3) {
  [0]=>
  array(1) {
    ["order"]=>
    string(4) "bulk"
  }
  [1]=>
  array(1) {
    ["order"]=>
    string(4) "bulk"
  }
  [2]=>
  array(1) {
    ["order"]=>
    string(5) "later"
  }
}
pushed, popped and released by FastQueue
int(1)
bool(true)
int(2)
bool(true)
bool(true)
released again by Laravel, popped by FastQueue
bool(true)
int(3)
bool(true)
array(0) {
}
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
