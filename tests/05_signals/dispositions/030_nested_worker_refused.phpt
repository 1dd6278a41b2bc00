--TEST--
A Worker run inside a job of another running worker is refused (runNextJob() and daemon() throw), and the outer run keeps its signals: its job still times out, and SIGTERM still lets its job finish and daemon() return 0
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
require __DIR__ . '/../../inc/signals.inc';
// The job builds a second worker (on an empty queue, so that on its own it would return at
// once) and tries both kinds of run, then works for $seconds without sleeping.
function sg030_handler(float $seconds): string
{
    return 'function ($job) {
        echo "start ", $job->getData(), "\n";
        $GLOBALS["inner"] = $inner = new FastQueue\Worker(fq_queue(), fn($j) => print("inner job\n"),
            ["sleep" => 0, "stop_when_empty" => true]);
        foreach (["runNextJob", "daemon"] as $m) {
            try {
                $inner->$m("sg030inner");
                echo "inner $m ran\n";
            } catch (Throwable $e) {
                echo "inner $m: ", get_class($e), ": ", $e->getMessage(), "\n";
            }
        }
        $until = microtime(true) + ' . $seconds . ';
        while (microtime(true) < $until) { usleep(5000); }
        echo "end ", $job->getData(), "\n";
    }';
}
// After the outer run the second worker may run: the refusal left nothing behind.
$after = 'var_dump($GLOBALS["inner"]->runNextJob("sg030inner"));';
fq_clean('sg030inner');
foreach (['sg030kill', 'sg030term'] as $queue) {
    fq_clean($queue);
}
// kill mode, timeout 1 s: the job works for 4 s, so the outer alarm must end the worker.
fq_queue(['queue' => 'sg030kill'])->push('J', 'kill', null, ['timeout' => 1]);
$kill = fq_sig_worker('sg030kill', sg030_handler(4), ['sleep' => 0.1, 'tries' => 3], [], '', $after);
// SIGTERM during the job: it finishes, the next one does not start, daemon() returns 0.
$q = fq_queue(['queue' => 'sg030term']);
$q->push('J', 'term');
$q->push('J', 'second');
$term = fq_sig_worker('sg030term', sg030_handler(1), ['sleep' => 0.1], [], '', $after);

echo $kill->waitFor('start kill', fq_sig_t(5)) ? "kill: job started\n" : "kill: job did not start\n";
$t = fq_sig_now();
echo $term->waitFor('inner daemon', fq_sig_t(5)) ? "term: inner runs tried\n" : "term: inner runs not tried\n";
$term->signal(SIGTERM);
$rk = $kill->wait(fq_sig_t(8));
// Timed out 1 s after the job started, not after its 4 s of work.
fq_sig_time('kill: ended by the timeout', fq_sig_now() - $t, 0.7, 2.5);
$rt = $term->wait(fq_sig_t(5));
echo "kill: ", fq_sig_status($rk), "\n", $rk['stdout'], $rk['stderr'];
echo "kill: ", fq_sig_state('sg030kill'), "\n";
echo "term: ", fq_sig_status($rt), "\n", $rt['stdout'], $rt['stderr'];
echo "term: ", fq_sig_state('sg030term'), "\n";
echo "inner: ", fq_sig_state('sg030inner'), "\n";
?>
--CLEAN--
<?php
require __DIR__ . '/../../inc/config.inc';
if (fq_test_port()) {
    foreach (['sg030kill', 'sg030term', 'sg030inner'] as $queue) {
        fq_clean($queue);
    }
}
?>
--EXPECT--
kill: job started
term: inner runs tried
kill: ended by the timeout: ok
kill: status 1
looping
start kill
inner runNextJob: Error: FastQueue\Worker::runNextJob() cannot run inside a job or listener of another running worker (signal handlers and the job alarm are per process)
inner daemon: Error: FastQueue\Worker::daemon() cannot run inside a job or listener of another running worker (signal handlers and the job alarm are per process)
event timeout kill
event stopping 1
kill: pending [] reserved [kill:1] delayed []
term: status 0
looping
start term
inner runNextJob: Error: FastQueue\Worker::runNextJob() cannot run inside a job or listener of another running worker (signal handlers and the job alarm are per process)
inner daemon: Error: FastQueue\Worker::daemon() cannot run inside a job or listener of another running worker (signal handlers and the job alarm are per process)
end term
event stopping 0
daemon returned 0
bool(false)
term: pending [second:0] reserved [] delayed []
inner: pending [] reserved [] delayed []
