--TEST--
Job accessors read Laravel's payload fields
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/config.inc';
$name = 'job001';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$until = time() + 3600;
$id = $q->push('App\\Jobs\\Mail@send', ['to' => 'a@b.c'], null, [
    'maxTries' => 5, 'maxExceptions' => 2, 'timeout' => 30, 'backoff' => [1, 5, 10],
    'retryUntil' => new DateTimeImmutable("@$until"), 'failOnTimeout' => true, 'displayName' => 'Mailer',
]);
$job = $q->pop();
var_dump($job->getJobId() === $id);
var_dump((bool) preg_match('/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/', $job->uuid()));
var_dump($job->getName(), $job->resolveName(), $job->getData(), $job->attempts());
var_dump($job->maxTries(), $job->maxExceptions(), $job->timeout(), $job->retryUntil() === $until);
var_dump($job->backoff(), $job->shouldFailOnTimeout(), $job->getQueue());
$p = $job->payload();
echo implode(',', array_keys($p)), "\n";
var_dump($p['backoff'], $p['attempts']);
var_dump($job->isDeleted(), $job->isReleased(), $job->isDeletedOrReleased(), $job->hasFailed());

// Defaults: a bare string job, name shown before '@'.
$q->push('Plain');
$plain = $q->pop();
var_dump($plain->resolveName(), $plain->maxTries(), $plain->timeout(), $plain->backoff(), $plain->retryUntil(), $plain->shouldFailOnTimeout(), $plain->getData());
$job->delete();
$plain->delete();
?>
--CLEAN--
<?php require __DIR__ . '/../inc/config.inc'; if (fq_test_port()) fq_clean('job001'); ?>
--EXPECT--
bool(true)
bool(true)
string(18) "App\Jobs\Mail@send"
string(6) "Mailer"
array(1) {
  ["to"]=>
  string(5) "a@b.c"
}
int(1)
int(5)
int(2)
int(30)
bool(true)
array(3) {
  [0]=>
  int(1)
  [1]=>
  int(5)
  [2]=>
  int(10)
}
bool(true)
string(6) "job001"
uuid,displayName,job,maxTries,maxExceptions,failOnTimeout,backoff,timeout,retryUntil,data,id,attempts
string(6) "1,5,10"
int(0)
bool(false)
bool(false)
bool(false)
bool(false)
string(5) "Plain"
NULL
NULL
NULL
NULL
bool(false)
string(0) ""
