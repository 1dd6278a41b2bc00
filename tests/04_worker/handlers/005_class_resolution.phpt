--TEST--
Worker without a handler: "Class@method" is resolved (new Class, ->method($job, $data)), "fire" when no method; a missing class or method is a job exception, released then failed
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--CONFLICTS--
failed_store
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w005';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$q->flushFailed();

// A class an autoloader defines on first use.
spl_autoload_register(function ($class) {
    if ($class === 'FqwLazyJob') {
        eval('class FqwLazyJob { public function handle($job, $data) { FqwLog::$calls[] = "FqwLazyJob::handle(" . json_encode($data) . ")"; } }');
    }
});

$q->push('FqwHandleJob@handle', ['n' => 1]);
$q->push('FqwHandleJob@other', 'two');
$q->push('FqwHandleJob', 3);            // no method: fire
$q->push('FqwFireJob', [4]);
$q->push('FqwFireJob@FIRE', null);       // method names are case-insensitive in PHP
$q->push('FqwLazyJob@handle', 'lazy');
$w = fqw_worker($q, null, ['tries' => 2]);
$w->on('exception', function ($job, $e) { echo 'exception: ', fqw_describe($e), "\n"; });
var_dump($w->daemon($name));
echo implode("\n", FqwLog::$calls), "\n";
echo fqw_counts($name), "\n";

// A missing class, a missing method and a throwing job: released at the first attempt (tries 2),
// failed at the second; the worker goes on with the next job every time.
FqwLog::$calls = [];
$q->push('FqwNoSuchClass@handle');
$q->push('FqwFireJob@handle');
$q->push('FqwThrowingJob@handle');
$q->push('FqwHandleJob@handle', 'last');
$w = fqw_worker($q, null, ['tries' => 2]);
$w->on('exception', function ($job, $e) { echo 'exception ', fqw_describe($job), ': ', fqw_describe($e), "\n"; });
$w->on('released', function ($job, $delay) { echo 'released ', fqw_describe($job), "\n"; });
$w->on('failed', function ($job, $e) { echo 'failed ', fqw_describe($job), "\n"; });
var_dump($w->daemon($name));
echo implode("\n", FqwLog::$calls), "\n";
echo fqw_counts($name), "\n";
foreach (fqw_failed($q, $name) as $r) {
    echo json_decode($r['payload'], true)['job'], ': ', $r['exception'], ': ', $r['message'], "\n";
}
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w005'); fq_queue()->flushFailed(); } ?>
--EXPECT--
int(0)
FqwHandleJob::__construct
FqwHandleJob::handle(Job(FqwHandleJob@handle#1), {"n":1})
FqwHandleJob::__construct
FqwHandleJob::other("two")
FqwHandleJob::__construct
FqwHandleJob::fire(3)
FqwFireJob::fire(Job(FqwFireJob#1), [4])
FqwFireJob::fire(Job(FqwFireJob@FIRE#1), null)
FqwLazyJob::handle("lazy")
pending=0 delayed=0 reserved=0
exception Job(FqwNoSuchClass@handle#1): FastQueue\Exception(Job class "FqwNoSuchClass" not found)
released Job(FqwNoSuchClass@handle#1)
exception Job(FqwFireJob@handle#1): FastQueue\Exception(Job class "FqwFireJob" has no method "handle")
released Job(FqwFireJob@handle#1)
exception Job(FqwThrowingJob@handle#1): DomainException(thrown by FqwThrowingJob)
released Job(FqwThrowingJob@handle#1)
failed Job(FqwNoSuchClass@handle#2)
exception Job(FqwNoSuchClass@handle#2): FastQueue\Exception(Job class "FqwNoSuchClass" not found)
failed Job(FqwFireJob@handle#2)
exception Job(FqwFireJob@handle#2): FastQueue\Exception(Job class "FqwFireJob" has no method "handle")
failed Job(FqwThrowingJob@handle#2)
exception Job(FqwThrowingJob@handle#2): DomainException(thrown by FqwThrowingJob)
int(0)
FqwThrowingJob::handle#1
FqwHandleJob::__construct
FqwHandleJob::handle(Job(FqwHandleJob@handle#1), "last")
FqwThrowingJob::handle#2
pending=0 delayed=0 reserved=0
FqwFireJob@handle: FastQueue\Exception: Job class "FqwFireJob" has no method "handle"
FqwNoSuchClass@handle: FastQueue\Exception: Job class "FqwNoSuchClass" not found
FqwThrowingJob@handle: DomainException: thrown by FqwThrowingJob
