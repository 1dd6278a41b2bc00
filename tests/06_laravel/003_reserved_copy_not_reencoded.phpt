--TEST--
Laravel: FastQueue's reserved copy keeps the payload's bytes ([] and big integers), where Laravel's cjson re-encoding changes them
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel.inc'; fq_skip_unless_laravel(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/laravel.inc';

// The one intended difference from Laravel: Laravel's pop script decodes the payload with
// cjson and encodes it again, so the reserved copy (what a release puts back) loses [] (it
// becomes {}), rounds integers above 2^53 and reorders keys. FastQueue only rewrites the
// digits of "attempts".
$L = 'lv003L';
$F = 'lv003F';
fq_clean($L);
fq_clean($F);
$laravel = fq_laravel_queue($L);
$fq = fq_queue(['queue' => $F]);

$raw = json_encode([
    'uuid' => '6f1c1d52-0a0e-4f4b-9a43-3e1f9c1a0003',
    'displayName' => 'App\\Jobs\\Big',
    'job' => 'App\\Jobs\\Big@handle',
    'maxTries' => null,
    'maxExceptions' => null,
    'failOnTimeout' => false,
    'backoff' => null,
    'timeout' => null,
    'data' => ['list' => [], 'big' => 12345678901234567],
    'id' => 'lv003id',
    'attempts' => 0,
]);
$withAttempts = fn (int $n) => str_replace('"attempts":0}', "\"attempts\":$n}", $raw);
echo $raw, "\n";
$laravel->pushRaw($raw, $L);
$laravel->pushRaw($raw, $F);

echo "FastQueue: pop, release, pop\n";
$job = $fq->pop();
var_dump($job->getRawBody() === $raw, $job->getReservedJob() === $withAttempts(1));
$job->release();
[$delayed] = fq_raw()->cmd('ZRANGE', "queues:$F:delayed", '0', '-1');
var_dump($delayed === $withAttempts(1));
$job = $fq->pop();
var_dump($job->attempts(), $job->getRawBody() === $withAttempts(1), $job->getReservedJob() === $withAttempts(2));
[$reserved] = fq_raw()->cmd('ZRANGE', "queues:$F:reserved", '0', '-1');
echo $reserved, "\n";
var_dump($job->getData()['list'], $job->getData()['big']);
$job->delete();

echo "Laravel: pop, release, pop\n";
$job = $laravel->pop($L);
var_dump($job->getRawBody() === $raw, $job->getReservedJob() === $withAttempts(1));
$job->release();
$job = $laravel->pop($L);
var_dump($job->attempts(), $job->getRawBody() === $withAttempts(1));
[$reserved] = fq_raw()->cmd('ZRANGE', "queues:$L:reserved", '0', '-1');
var_dump(str_contains($reserved, '"list":[]'), str_contains($reserved, '"list":{}'), str_contains($reserved, '12345678901234567'));
preg_match('/"list":([^,}]*\}?)/', $reserved, $list);
preg_match('/"big":([^,}]*)/', $reserved, $big);
echo "Laravel's reserved copy has \"list\":{$list[1]} and \"big\":{$big[1]}\n";
$data = json_decode($reserved, true)['data'];
var_dump($data['big'], $data['big'] === 12345678901234567);
// Apart from those two values, the payload is the same: compared without them.
$a = json_decode($reserved, true);
$b = json_decode($withAttempts(2), true);
unset($a['data'], $b['data']);
ksort($a);
ksort($b);
var_dump($a === $b);
$job->delete();
var_dump(fq_queue_state($L), fq_queue_state($F) === fq_queue_state($L));
?>
--CLEAN--
<?php require __DIR__ . '/../inc/config.inc'; if (fq_test_port()) { fq_clean('lv003L'); fq_clean('lv003F'); } ?>
--EXPECTF--
{"uuid":"6f1c1d52-0a0e-4f4b-9a43-3e1f9c1a0003","displayName":"App\\Jobs\\Big","job":"App\\Jobs\\Big@handle","maxTries":null,"maxExceptions":null,"failOnTimeout":false,"backoff":null,"timeout":null,"data":{"list":[],"big":12345678901234567},"id":"lv003id","attempts":0}
FastQueue: pop, release, pop
bool(true)
bool(true)
bool(true)
int(2)
bool(true)
bool(true)
{"uuid":"6f1c1d52-0a0e-4f4b-9a43-3e1f9c1a0003","displayName":"App\\Jobs\\Big","job":"App\\Jobs\\Big@handle","maxTries":null,"maxExceptions":null,"failOnTimeout":false,"backoff":null,"timeout":null,"data":{"list":[],"big":12345678901234567},"id":"lv003id","attempts":2}
array(0) {
}
int(12345678901234567)
Laravel: pop, release, pop
bool(true)
bool(false)
int(2)
bool(false)
bool(false)
bool(true)
bool(false)
Laravel's reserved copy has "list":{} and "big":%f
float(%f)
bool(false)
bool(true)
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
bool(true)
