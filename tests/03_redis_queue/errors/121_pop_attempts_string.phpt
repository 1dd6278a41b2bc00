--TEST--
A payload whose "attempts" is a numeric string (as some producers write it) still counts up on every pop
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
$raw = fq_raw();
fq_clean('rq121');
$q = fq_queue(['queue' => 'rq121']);
// Laravel's pop script does cjson.decode + attempts + 1, so "2" becomes 3 in its reserved copy;
// a copy left at "2" would make every later attempt count 3 and maxTries would never stop the job.
$raw->cmd('RPUSH', 'queues:rq121', '{"job":"J","id":"s1","maxTries":4,"attempts":"2"}');
$seen = [];
for ($i = 0; $i < 3; $i++) {
    $job = $q->pop();
    if (!$job) {
        break;
    }
    $seen[] = $job->attempts();
    $reserved = json_decode($job->getReservedJob(), true);
    echo 'reserved attempts: ', json_encode($reserved['attempts'] ?? null), "\n";
    $job->release(0);
}
echo 'attempts seen: ', implode(', ', $seen), "\n";

// A non-numeric attempts: the job is still handed out (to be failed), attempts() says why.
fq_clean('rq121');
$raw->cmd('RPUSH', 'queues:rq121', '{"job":"J","id":"s2","attempts":"many"}');
$job = $q->pop();
echo fq_try(fn() => $job->attempts()), "\n";
var_dump($job->getRawBody() === $job->getReservedJob(), $raw->cmd('ZCARD', 'queues:rq121:reserved'));
$job->fail();
var_dump($q->size());
fq_clean('rq121');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq121'); ?>
--EXPECT--
reserved attempts: 3
reserved attempts: 4
reserved attempts: 5
attempts seen: 3, 4, 5
FastQueue\PayloadException: Job payload field "attempts" must be an integer
bool(true)
int(1)
int(0)
