--TEST--
An exception thrown from a destructor of a job's objects is an exception of that job: released while it has tries, then failed with it, chained to the job's own exception when both throw, for a handler's object and for a resolved job class; one thrown by the garbage collector between jobs (an object in a reference cycle) is reported and never charged to the next job
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading uninitialised memory, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/worker.inc';

class Wk065Boom
{
    public $self;

    public function __construct(public string $name)
    {
    }

    public function __destruct()
    {
        echo "destruct {$this->name}\n";
        throw new RuntimeException("from the destructor of {$this->name}");
    }
}

class Wk065Job
{
    public function handle(FastQueue\Job $job, $data): void
    {
        echo "handle $data attempts=", $job->attempts(), "\n";
        if ($data === 'class-both') {
            throw new LogicException('from handle');
        }
    }

    public function __destruct()
    {
        echo "Wk065Job destruct\n";
        throw new RuntimeException('from the destructor of Wk065Job');
    }
}

function wk065_events(FastQueue\Worker $w): void
{
    $show = fn (Throwable $e) => get_class($e) . ' "' . $e->getMessage() . '"'
        . ($e->getPrevious() ? ' after ' . get_class($e->getPrevious()) . ' "' . $e->getPrevious()->getMessage() . '"' : '');
    $w->on('exception', function ($job, $e) use ($show) { echo 'event exception ', $job->getData(), ': ', $show($e), "\n"; });
    $w->on('released', function ($job, $delay) { echo 'event released ', $job->getData(), "\n"; });
    $w->on('failed', function ($job, $e) use ($show) { echo 'event failed ', $job->getData(), ': ', $show($e), "\n"; });
    $w->on('processed', function ($job) { echo 'event processed ', $job->getData(), "\n"; });
}

echo "-- a handler's object --\n";
fq_clean('wk065');
$q = fq_queue(['queue' => 'wk065']);
foreach (array_reverse($q->failed('wk065')) as $f) {
    $q->forgetFailed($f['id']);
}
foreach (['local', 'both', 'fine'] as $data) {
    $q->push('J', $data);
}
$w = new FastQueue\Worker($q, function (FastQueue\Job $job) {
    $boom = $job->getData() === 'fine' ? null : new Wk065Boom($job->getData());
    echo 'run ', $job->getData(), ' attempts=', $job->attempts(), "\n";
    if ($job->getData() === 'both') {
        throw new LogicException('from the handler');
    }
}, ['tries' => 2, 'sleep' => 0.1, 'stop_when_empty' => true]);
wk065_events($w);
$status = $w->daemon('wk065');
echo "daemon returned $status\n";
echo json_encode(array_intersect_key($w->stats(), array_flip(['processed', 'failed', 'released', 'exceptions']))), "\n";

echo "-- a resolved job class --\n";
$q->push('Wk065Job@handle', 'class');
$q->push('Wk065Job@handle', 'class-both');
$w = new FastQueue\Worker($q, null, ['tries' => 2, 'sleep' => 0.1, 'stop_when_empty' => true]);
wk065_events($w);
$status = $w->daemon('wk065');
echo "daemon returned $status\n";
$records = [];
foreach ($q->failed('wk065') as $f) {
    $records[] = 'failed record ' . json_decode($f['payload'], true)['data'] . ': ' . $f['exception'] . ' "' . $f['message'] . '"';
    $q->forgetFailed($f['id']);
}
sort($records);
echo implode("\n", $records), "\n";
echo 'left: ', $q->size('wk065'), "\n";

echo "-- objects in reference cycles, collected when the collector's buffer fills --\n";
// A "cycle" job leaves a Wk065Boom in a reference cycle and fills the collector's root buffer
// to N roots short of its threshold, so that the collection (and the destructor's exception)
// comes a little later for each N: as the handler returns (the job's exception), in a listener
// (reported as the listener's), or in the worker's own code between two jobs, where no job is
// running (then reported on stderr). The "victim" job after it must run as if nothing happened,
// never charged an exception it did not throw (with tries 1 it would be failed without running).
// One fresh worker per N: the collector's state is then the same each time.
$children = [];
foreach (range(1, 6) as $n) {
    fq_clean("wk065gc$n");
    $q = fq_queue(['queue' => "wk065gc$n"]);
    $q->push('J', 'cycle');
    $q->push('J', 'victim');
    $children[$n] = fq_child('$n = ' . $n . ";\n" . <<<'CHILD'
class Wk065Boom
{
    public $self;
    public function __construct(public string $name) {}
    public function __destruct()
    {
        throw new RuntimeException("from the destructor of {$this->name}");
    }
}
$w = new FastQueue\Worker(fq_queue(), function (FastQueue\Job $job) use ($n) {
    echo 'run ', $job->getData(), ' attempts=', $job->attempts(), "\n";
    if ($job->getData() === 'cycle') {
        $boom = new Wk065Boom($job->getData());
        $boom->self = $boom;
        unset($boom);
        $status = gc_status();
        for ($i = $status['threshold'] - $status['roots'] - $n; $i > 0; $i--) {
            $x = [new stdClass()];
            $x[] = &$x;
            unset($x);
        }
    }
}, ['tries' => 1, 'sleep' => 0.1, 'stop_when_empty' => true]);
foreach (['exception', 'released', 'failed', 'processed'] as $event) {
    $w->on($event, function ($job, $e = null) use ($event) {
        echo $event, ' ', $job->getData(), $e instanceof Throwable ? ': ' . $e->getMessage() : '', "\n";
    });
}
$status = $w->daemon("wk065gc$n");
echo "daemon returned $status\n";
try {
    gc_collect_cycles();
} catch (Throwable $e) {
    echo 'after the run: ', $e->getMessage(), "\n";
}
CHILD);
}
$between = 0;
foreach ($children as $n => $c) {
    $r = $c->wait(fq_slow() ? 120 : 20);
    $out = $r['stdout'] . $r['stderr'];
    // The victim ran, once, at its first attempt, and succeeded.
    $ok = $r['status'] === 0 && substr_count($out, "run victim attempts=1\n") === 1 && substr_count($out, 'run victim ') === 1
        && str_contains($out, "processed victim\n") && !preg_match('/^(exception|failed|released) victim/m', $out)
        && str_contains($out, 'from the destructor of cycle');
    echo "N=$n: ", $ok ? "the victim ran once and succeeded; the destructor's exception was seen\n" : "WRONG:\n$out";
    $between += preg_match('/^FastQueue: an exception was thrown between jobs \(by a destructor the garbage collector ran\?\): '
        . 'RuntimeException: from the destructor of cycle$/m', $r['stderr']);
    $q = fq_queue(['queue' => "wk065gc$n"]);
    foreach ($q->failed("wk065gc$n") as $f) {
        $q->forgetFailed($f['id']);
    }
    fq_clean("wk065gc$n");
}
// Else this test did not reach the case it is about.
echo $between ? "a collection between jobs was reported\n" : "no collection between jobs\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('wk065'); foreach (range(1, 6) as $n) fq_clean("wk065gc$n"); } ?>
--EXPECT--
-- a handler's object --
run local attempts=1
destruct local
event exception local: RuntimeException "from the destructor of local"
event released local
run both attempts=1
destruct both
event exception both: RuntimeException "from the destructor of both" after LogicException "from the handler"
event released both
run fine attempts=1
event processed fine
run local attempts=2
destruct local
event failed local: RuntimeException "from the destructor of local"
event exception local: RuntimeException "from the destructor of local"
run both attempts=2
destruct both
event failed both: RuntimeException "from the destructor of both" after LogicException "from the handler"
event exception both: RuntimeException "from the destructor of both" after LogicException "from the handler"
daemon returned 0
{"processed":5,"failed":2,"released":2,"exceptions":4}
-- a resolved job class --
handle class attempts=1
Wk065Job destruct
event exception class: RuntimeException "from the destructor of Wk065Job"
event released class
handle class-both attempts=1
Wk065Job destruct
event exception class-both: RuntimeException "from the destructor of Wk065Job" after LogicException "from handle"
event released class-both
handle class attempts=2
Wk065Job destruct
event failed class: RuntimeException "from the destructor of Wk065Job"
event exception class: RuntimeException "from the destructor of Wk065Job"
handle class-both attempts=2
Wk065Job destruct
event failed class-both: RuntimeException "from the destructor of Wk065Job" after LogicException "from handle"
event exception class-both: RuntimeException "from the destructor of Wk065Job" after LogicException "from handle"
daemon returned 0
failed record both: RuntimeException "from the destructor of both"
failed record class-both: RuntimeException "from the destructor of Wk065Job"
failed record class: RuntimeException "from the destructor of Wk065Job"
failed record local: RuntimeException "from the destructor of local"
left: 0
-- objects in reference cycles, collected when the collector's buffer fills --
N=1: the victim ran once and succeeded; the destructor's exception was seen
N=2: the victim ran once and succeeded; the destructor's exception was seen
N=3: the victim ran once and succeeded; the destructor's exception was seen
N=4: the victim ran once and succeeded; the destructor's exception was seen
N=5: the victim ran once and succeeded; the destructor's exception was seen
N=6: the victim ran once and succeeded; the destructor's exception was seen
a collection between jobs was reported
