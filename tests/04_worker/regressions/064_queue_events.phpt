--TEST--
Worker queue:* events: queue:migrated for every migration step of every reserve (empty ones too, per queue visited, delayed then reserved, none for reservations with retry_after null; the reserve sent ahead as the last job ends finds nothing, and one more follows), queue:reserved before processing, queue:deleted when a job leaves :reserved (acknowledged, delete(), failed: marked failed first), queue:released when it goes to :delayed (release() or the worker's retry)
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
fq_clean('w064a');
fq_clean('w064b');

function payload(string $job, int $attempts = 0): string
{
    return json_encode(['uuid' => "u-$job", 'displayName' => $job, 'job' => $job, 'data' => null, 'id' => "i-$job", 'attempts' => $attempts]);
}

// A job as name#attempts; a payload that is not JSON has neither.
function d(FastQueue\Job $job): string
{
    try {
        return fqw_describe($job);
    } catch (FastQueue\PayloadException) {
        return 'Job(not json)';
    }
}

function listen(FastQueue\Worker $w, array &$log): void
{
    $w->on('queue:migrated', function (string $queue, array $jobs, string $from) use (&$log) {
        $log[] = "queue:migrated($queue, [" . fqw_names($jobs) . "], $from)";
    });
    foreach (['queue:reserved', 'queue:deleted', 'processing', 'processed', 'failed', 'exception'] as $event) {
        $w->on($event, function (FastQueue\Job $job) use ($event, &$log) {
            $log[] = "$event(" . d($job) . ')' . ($event === 'queue:deleted' && $job->hasFailed() ? ' failed' : '');
        });
    }
    foreach (['queue:released', 'released'] as $event) {
        $w->on($event, function (FastQueue\Job $job, int $delay) use ($event, &$log) {
            $log[] = "$event(" . d($job) . ", $delay)";
        });
    }
}

echo "-- migrations, two queues --\n";
// An expired reservation on the first queue (a worker died with it), a due delayed job on the
// second.
fq_raw()->cmd('ZADD', 'queues:w064a:reserved', '1', payload('Expired', 1));
fq_raw()->cmd('ZADD', 'queues:w064b:delayed', '1', payload('Due'));
$q = fq_queue();
$log = [];
$w = fqw_worker($q, function ($job) use (&$log) { $log[] = '  handler ' . fqw_describe($job); }, ['tries' => 3]);
listen($w, $log);
var_dump($w->daemon('w064a,w064b'));
echo implode("\n", $log), "\n", fqw_counts('w064a'), "\n", fqw_counts('w064b'), "\n";

echo "-- retry_after null: no reserved steps --\n";
fq_raw()->cmd('ZADD', 'queues:w064a:reserved', '1', payload('Stays', 1));
$log = [];
$w = fqw_worker(fq_queue(['retry_after' => null]), fn () => null);
listen($w, $log);
var_dump($w->daemon('w064a'));
echo implode("\n", $log), "\n", fqw_counts('w064a'), "\n";
fq_clean('w064a');

echo "-- a job's own delete(), release(), fail(); the worker's retry and failure --\n";
$q = fq_queue(['queue' => 'w064a']);
foreach (['Deletes', 'Releases', 'Fails', 'Throws'] as $job) {
    $q->push($job);
}
fqw_push_raw('w064a', 'not json');
$log = [];
$w = fqw_worker($q, function ($job) use (&$log) {
    $log[] = '  handler ' . fqw_describe($job);
    match ($job->getName()) {
        'Deletes' => $job->delete(),
        'Releases' => $job->release(7),
        'Fails' => $job->fail(new RuntimeException('gave up')),
        'Throws' => throw new RuntimeException('throws'),
    };
    $log[] = '  handler returns';
}, ['tries' => 2, 'failed_store' => false]);
listen($w, $log);
var_dump($w->daemon('w064a'));
echo implode("\n", $log), "\n";
fqw_make_due('w064a');
$log = [];
var_dump($w->daemon('w064a'));
echo implode("\n", $log), "\n", fqw_counts('w064a'), "\n";

echo "-- a queue:migrated listener that throws: reported, the job still runs --\n";
fq_clean('w064a');
fq_raw()->cmd('ZADD', 'queues:w064a:delayed', '1', payload('Late'));
$ran = [];
$w = fqw_worker($q, function ($job) use (&$ran) { $ran[] = $job->getName(); });
$w->on('queue:migrated', function (string $queue, array $jobs) {
    if ($jobs) {
        throw new LogicException('listener failed');
    }
});
var_dump($w->daemon('w064a'), $ran, fqw_counts('w064a'));
fq_clean('w064a');
fq_clean('w064b');
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w064a'); fq_clean('w064b'); } ?>
--EXPECTF--
-- migrations, two queues --
FastQueue: attempt 1 of Expired ended its worker: its reservation expired unfinished; the worker disappeared while running it (kill -9, the OOM killer, a lost host) or ran it longer than retry_after (60 s) without renewing it
int(0)
queue:migrated(w064a, [], delayed)
queue:migrated(w064a, [Expired], reserved)
queue:reserved(Job(Expired#2))
processing(Job(Expired#2))
  handler Job(Expired#2)
queue:deleted(Job(Expired#2))
processed(Job(Expired#2))
queue:migrated(w064a, [], delayed)
queue:migrated(w064a, [], reserved)
queue:migrated(w064b, [Due], delayed)
queue:migrated(w064b, [], reserved)
queue:reserved(Job(Due#1))
processing(Job(Due#1))
  handler Job(Due#1)
queue:deleted(Job(Due#1))
processed(Job(Due#1))
queue:migrated(w064a, [], delayed)
queue:migrated(w064a, [], reserved)
queue:migrated(w064b, [], delayed)
queue:migrated(w064b, [], reserved)
queue:migrated(w064a, [], delayed)
queue:migrated(w064a, [], reserved)
queue:migrated(w064b, [], delayed)
queue:migrated(w064b, [], reserved)
pending=0 delayed=0 reserved=0
pending=0 delayed=0 reserved=0
-- retry_after null: no reserved steps --
int(0)
queue:migrated(w064a, [], delayed)
pending=0 delayed=0 reserved=1
-- a job's own delete(), release(), fail(); the worker's retry and failure --
int(0)
queue:migrated(w064a, [], delayed)
queue:migrated(w064a, [], reserved)
queue:reserved(Job(Deletes#1))
processing(Job(Deletes#1))
  handler Job(Deletes#1)
queue:deleted(Job(Deletes#1))
  handler returns
processed(Job(Deletes#1))
queue:migrated(w064a, [], delayed)
queue:migrated(w064a, [], reserved)
queue:reserved(Job(Releases#1))
processing(Job(Releases#1))
  handler Job(Releases#1)
queue:released(Job(Releases#1), 7)
  handler returns
processed(Job(Releases#1))
queue:migrated(w064a, [], delayed)
queue:migrated(w064a, [], reserved)
queue:reserved(Job(Fails#1))
processing(Job(Fails#1))
  handler Job(Fails#1)
queue:deleted(Job(Fails#1)) failed
failed(Job(Fails#1))
  handler returns
processed(Job(Fails#1))
queue:migrated(w064a, [], delayed)
queue:migrated(w064a, [], reserved)
queue:reserved(Job(Throws#1))
processing(Job(Throws#1))
  handler Job(Throws#1)
exception(Job(Throws#1))
queue:released(Job(Throws#1), 0)
released(Job(Throws#1), 0)
queue:migrated(w064a, [Throws], delayed)
queue:migrated(w064a, [], reserved)
queue:reserved(Job(not json))
processing(Job(not json))
queue:deleted(Job(not json)) failed
failed(Job(not json))
exception(Job(not json))
queue:migrated(w064a, [], delayed)
queue:migrated(w064a, [], reserved)
queue:reserved(Job(Throws#2))
processing(Job(Throws#2))
  handler Job(Throws#2)
queue:deleted(Job(Throws#2)) failed
failed(Job(Throws#2))
exception(Job(Throws#2))
queue:migrated(w064a, [], delayed)
queue:migrated(w064a, [], reserved)
int(0)
queue:migrated(w064a, [Releases], delayed)
queue:migrated(w064a, [], reserved)
queue:reserved(Job(Releases#2))
processing(Job(Releases#2))
  handler Job(Releases#2)
queue:released(Job(Releases#2), 7)
  handler returns
processed(Job(Releases#2))
queue:migrated(w064a, [], delayed)
queue:migrated(w064a, [], reserved)
queue:migrated(w064a, [], delayed)
queue:migrated(w064a, [], reserved)
pending=0 delayed=1 reserved=0
-- a queue:migrated listener that throws: reported, the job still runs --
FastQueue: the 'queue:migrated' listener threw: LogicException: listener failed
int(0)
array(1) {
  [0]=>
  string(4) "Late"
}
string(30) "pending=0 delayed=0 reserved=0"
