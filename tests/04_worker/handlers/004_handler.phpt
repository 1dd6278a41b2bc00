--TEST--
Worker handler: called with the Job; returning without ending the job deletes it; a job the handler deleted or released is left as it is
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w004';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$raw = fq_raw();

// The handler gets the very Job the events get, reserved for it, with its data.
$seen = [];
$kept = null;
$w = fqw_worker($q, function ($job) use (&$seen, &$kept, $raw, $name) {
    $seen[] = ['handler', spl_object_id($job)];
    $kept = $job;
    echo get_class($job), ' ', $job->getName(), ' data=', json_encode($job->getData()), ' attempts=', $job->attempts(),
        ' queue=', $job->getQueue(), "\n";
    echo 'its reserved copy is in :reserved: ', var_export($raw->cmd('ZSCORE', "queues:$name:reserved", $job->getReservedJob()) !== null, true), "\n";
    return false; // a return value means nothing
});
$w->on('processing', function ($job) use (&$seen) { $seen[] = ['processing', spl_object_id($job)]; });
$w->on('processed', function ($job) use (&$seen) { $seen[] = ['processed' . ($job->isDeleted() ? ' deleted' : ' NOT DELETED'), spl_object_id($job)]; });
$id = $q->push('App\\Jobs\\Hello', ['x' => [1, 2]]);
var_dump($w->daemon($name));
var_dump(count(array_unique(array_column($seen, 1))) === 1);
echo implode("\n", array_column($seen, 0)), "\n";
var_dump($kept->getJobId() === $id, $kept->isDeleted(), $kept->isReleased(), $kept->hasFailed());
echo fqw_counts($name), "\n";

// Any callable will do: a function name, a static method, an object method, an invokable.
function fqw004_fn(FastQueue\Job $job) { echo "function got ", $job->getName(), "\n"; }
class Fqw004 {
    public static function run(FastQueue\Job $job) { echo "static method got ", $job->getName(), "\n"; }
    public function handle(FastQueue\Job $job) { echo "method got ", $job->getName(), "\n"; }
    public function __invoke(FastQueue\Job $job) { echo "invokable got ", $job->getName(), "\n"; }
}
foreach (['fqw004_fn', 'Fqw004::run', [new Fqw004(), 'handle'], new Fqw004()] as $i => $h) {
    $q->push("J$i");
    fqw_worker($q, $h)->daemon($name);
}
echo fqw_counts($name), "\n";

// The handler deletes the job itself: nothing more to do, nothing fails.
$q->push('SelfDelete');
$w = fqw_worker($q, function ($job) { $job->delete(); echo "deleted by the handler\n"; });
$w->on('exception', function ($job, $e) { echo 'exception: ', fqw_describe($e), "\n"; });
var_dump($w->daemon($name));
echo fqw_counts($name), "\n";

// The handler releases the job itself with a delay: it waits in :delayed, the worker leaves it there.
$q->push('SelfRelease');
$w = fqw_worker($q, function ($job) use (&$kept) { $kept = $job; $job->release(30); echo "released by the handler\n"; });
$t0 = time();
var_dump($w->daemon($name));
echo fqw_counts($name), "\n";
$due = (int) $raw->cmd('ZSCORE', "queues:$name:delayed", $kept->getReservedJob());
var_dump($due >= $t0 + 29 && $due <= time() + 30, $kept->isDeleted(), $kept->isReleased());
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w004'); ?>
--EXPECT--
FastQueue\Job App\Jobs\Hello data={"x":[1,2]} attempts=1 queue=w004
its reserved copy is in :reserved: true
int(0)
bool(true)
processing
handler
processed deleted
bool(true)
bool(true)
bool(false)
bool(false)
pending=0 delayed=0 reserved=0
function got J0
static method got J1
method got J2
invokable got J3
pending=0 delayed=0 reserved=0
deleted by the handler
int(0)
pending=0 delayed=0 reserved=0
released by the handler
int(0)
pending=0 delayed=1 reserved=0
bool(true)
bool(false)
bool(true)
