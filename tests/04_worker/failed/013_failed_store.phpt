--TEST--
Failed store: a failed job is recorded (id, queue, payload, exception, message, trace, failed_at); failed(), failed($queue), retryFailed(), forgetFailed(), flushFailed()
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--CONFLICTS--
failed_store
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
fq_clean('w013a');
fq_clean('w013b');
$q = fq_queue(['queue' => 'w013a']);
$q->flushFailed();
$raw = fq_raw();

$pushed = [];
foreach (['A1', 'A2', 'A3'] as $job) {
    $id = $q->push($job, ['n' => $job], null, $job === 'A3' ? ['maxTries' => 2] : []);
    $pushed[$job] = fqw_pending('w013a')[count($pushed)];
}
$q->push('B1', 'b', 'w013b');
$pushed['B1'] = fqw_pending('w013b')[0];
$t0 = time();
$line = null;
$w = fqw_worker($q, function ($job) use (&$line) {
    $line = __LINE__ + 1;
    throw new RuntimeException('failure of ' . $job->getName());
});
var_dump($w->daemon('w013a,w013b'));
echo 'w013a: ', fqw_counts('w013a'), "\nw013b: ", fqw_counts('w013b'), "\n";

// One record per job, in Redis and through failed().
echo 'index: ', $raw->cmd('ZCARD', 'fastqueue:failed'), "\n";
$all = $q->failed();
echo 'failed(): ', count($all), ', failed("w013a"): ', count($q->failed('w013a')), ', failed("w013b"): ', count($q->failed('w013b')),
    ', failed("nope"): ', count($q->failed('nope')), "\n";
$byJob = [];
foreach ($all as $r) {
    $byJob[json_decode($r['payload'], true)['job']] = $r;
}
ksort($byJob);
foreach ($byJob as $job => $r) {
    $keys = array_keys($r);
    sort($keys);
    $uuid = json_decode($pushed[$job], true)['uuid'];
    echo "$job: ", implode(',', $keys), "\n";
    echo '  id is the uuid: ', var_export($r['id'] === $uuid, true), ', queue: ', $r['queue'],
        ', exception: ', $r['exception'], ', message: ', $r['message'], "\n";
    // The payload as it was popped: as pushed, or with the attempts of its last release.
    $expected = $job === 'A3' ? str_replace('"attempts":0', '"attempts":1', $pushed[$job]) : $pushed[$job];
    echo '  payload: ', var_export($r['payload'] === $expected, true),
        ', trace: ', var_export(str_starts_with($r['trace'], "RuntimeException: failure of $job in " . __FILE__ . ":$line\nStack trace:\n#0"), true),
        ', failed_at: ', is_int($r['failed_at']) && $r['failed_at'] >= $t0 - 1 && $r['failed_at'] <= time() ? 'now' : var_export($r['failed_at'], true), "\n";
    $hash = $raw->cmd('HGETALL', "fastqueue:failed:{$r['id']}");
    $fields = [];
    for ($i = 0; $i < count($hash); $i += 2) {
        $fields[$hash[$i]] = $hash[$i + 1];
    }
    echo '  the hash holds the same: ', var_export($fields == $r, true), "\n";
}

// Newest first, by the index's score.
$ids = array_map(fn($j) => $byJob[$j]['id'], ['A1', 'A2', 'A3', 'B1']);
foreach ([100, 400, 200, 300] as $i => $score) {
    $raw->cmd('ZADD', 'fastqueue:failed', 'XX', (string) $score, $ids[$i]);
}
echo 'order: ', implode(',', array_map(fn($r) => json_decode($r['payload'], true)['job'], $q->failed())), "\n";

// retryFailed: back at the end of its queue with attempts reset, the record forgotten.
$q->push('Before');
var_dump($q->retryFailed($byJob['A3']['id']), $q->retryFailed($byJob['A3']['id']), $q->retryFailed('no-such-id'));
echo 'records: ', count($q->failed()), ', hash left: ', $raw->cmd('EXISTS', "fastqueue:failed:{$byJob['A3']['id']}"), "\n";
echo 'w013a: ', fqw_counts('w013a'), ' ', fqw_names(fqw_pending('w013a')), "\n";
$q->pop()->delete();
$job = $q->pop();
echo $job->getName(), ' attempts ', $job->attempts(), ', payload as first pushed: ', var_export($job->getRawBody() === $pushed['A3'], true), "\n";
$job->delete();

// forgetFailed: true once, then false.
var_dump($q->forgetFailed($byJob['A1']['id']), $q->forgetFailed($byJob['A1']['id']), $q->forgetFailed('no-such-id'));
echo 'records: ', count($q->failed()), ', hash left: ', $raw->cmd('EXISTS', "fastqueue:failed:{$byJob['A1']['id']}"), "\n";

// flushFailed: how many there were; nothing left.
var_dump($q->flushFailed(), $q->flushFailed());
echo 'index: ', $raw->cmd('EXISTS', 'fastqueue:failed'), ', hashes: ', $raw->cmd('EXISTS', "fastqueue:failed:{$byJob['A2']['id']}", "fastqueue:failed:{$byJob['B1']['id']}"), "\n";

// A prefixed connection has its own store.
fq_clean('w013a', 'w013:');
$p = fq_queue(['queue' => 'w013a', 'prefix' => 'w013:']);
$p->push('P1');
fqw_worker($p, function () { throw new LogicException('prefixed'); })->daemon('w013a');
echo 'prefixed: ', count($p->failed()), ' ', $raw->cmd('ZCARD', 'w013:fastqueue:failed'), ', unprefixed: ', count($q->failed()), "\n";
var_dump($p->flushFailed());
echo fqw_counts('w013a', 'w013:'), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc';
if (fq_test_port()) { fq_clean('w013a'); fq_clean('w013b'); fq_clean('w013a', 'w013:'); fq_queue()->flushFailed(); fq_queue(['prefix' => 'w013:'])->flushFailed(); } ?>
--EXPECT--
int(0)
w013a: pending=0 delayed=0 reserved=0
w013b: pending=0 delayed=0 reserved=0
index: 4
failed(): 4, failed("w013a"): 3, failed("w013b"): 1, failed("nope"): 0
A1: exception,failed_at,id,message,payload,queue,trace
  id is the uuid: true, queue: w013a, exception: RuntimeException, message: failure of A1
  payload: true, trace: true, failed_at: now
  the hash holds the same: true
A2: exception,failed_at,id,message,payload,queue,trace
  id is the uuid: true, queue: w013a, exception: RuntimeException, message: failure of A2
  payload: true, trace: true, failed_at: now
  the hash holds the same: true
A3: exception,failed_at,id,message,payload,queue,trace
  id is the uuid: true, queue: w013a, exception: RuntimeException, message: failure of A3
  payload: true, trace: true, failed_at: now
  the hash holds the same: true
B1: exception,failed_at,id,message,payload,queue,trace
  id is the uuid: true, queue: w013b, exception: RuntimeException, message: failure of B1
  payload: true, trace: true, failed_at: now
  the hash holds the same: true
order: A2,B1,A3,A1
bool(true)
bool(false)
bool(false)
records: 3, hash left: 0
w013a: pending=2 delayed=0 reserved=0 Before,A3
A3 attempts 1, payload as first pushed: true
bool(true)
bool(false)
bool(false)
records: 2, hash left: 0
int(2)
int(0)
index: 0, hashes: 0
prefixed: 1 1, unprefixed: 0
int(1)
pending=0 delayed=0 reserved=0
