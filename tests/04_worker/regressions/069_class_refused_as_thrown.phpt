--TEST--
Worker without a handler: a job class that cannot run (no such class or method, a private constructor or method) gets the exception a throw at daemon()'s call would make: its class, message, file, line and trace; a destructor of the job's object that throws takes it as previous; each is failed with it
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--CONFLICTS--
failed_store
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w069';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$q->flushFailed();

class FqwRefusedPrivateConstructor { private function __construct() {} public function handle($job, $data) {} }
class FqwRefusedPrivateMethod { private function handle($job, $data) {} }
class FqwRefusedNoMethod { }
class FqwRefusedThrowingDestructor {
    public function __destruct() { throw new LogicException('thrown by the destructor'); }
}

function fqw_069_show(Throwable $e, string $indent = '  '): void
{
    $trace = array_map(fn($f) => ($f['class'] ?? '') . ($f['type'] ?? '') . $f['function'], $e->getTrace());
    $where = $e->getFile() === __FILE__ && $e->getLine() === $GLOBALS['daemon_line'] ? "at daemon()'s call" : 'elsewhere';
    echo $indent, get_class($e), '(', $e->getMessage(), ') ', $where, ', code ', $e->getCode(),
        ', trace ', implode(' < ', $trace), "\n";
    if ($e->getPrevious()) {
        fqw_069_show($e->getPrevious(), $indent . '  previous: ');
    }
}

foreach (['FqwRefusedPrivateConstructor@handle', 'FqwRefusedPrivateMethod@handle', 'FqwRefusedNoMethod@handle',
        'FqwRefusedMissing@handle', 'FqwRefusedThrowingDestructor@handle'] as $job) {
    $q->push($job);
}
$w = fqw_worker($q, null, ['tries' => 1]);
$w->on('exception', function ($job, $e) { echo $job->getName(), ":\n"; fqw_069_show($e); });
$daemon_line = __LINE__ + 1;
var_dump($w->daemon($name));
echo fqw_counts($name), "\n";
foreach (fqw_failed($q, $name) as $r) {
    echo json_decode($r['payload'], true)['job'], ': ', $r['exception'], ': ', $r['message'], "\n";
}
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w069'); fq_queue()->flushFailed(); } ?>
--EXPECT--
FqwRefusedPrivateConstructor@handle:
  Error(Call to private FqwRefusedPrivateConstructor::__construct() from global scope) at daemon()'s call, code 0, trace FastQueue\Worker->daemon
FqwRefusedPrivateMethod@handle:
  Error(Call to private method FqwRefusedPrivateMethod::handle() from global scope) at daemon()'s call, code 0, trace FastQueue\Worker->daemon
FqwRefusedNoMethod@handle:
  FastQueue\Exception(Job class "FqwRefusedNoMethod" has no method "handle") at daemon()'s call, code 0, trace FastQueue\Worker->daemon
FqwRefusedMissing@handle:
  FastQueue\Exception(Job class "FqwRefusedMissing" not found) at daemon()'s call, code 0, trace FastQueue\Worker->daemon
FqwRefusedThrowingDestructor@handle:
  LogicException(thrown by the destructor) elsewhere, code 0, trace FqwRefusedThrowingDestructor->__destruct < FastQueue\Worker->daemon
    previous: FastQueue\Exception(Job class "FqwRefusedThrowingDestructor" has no method "handle") at daemon()'s call, code 0, trace FastQueue\Worker->daemon
int(0)
pending=0 delayed=0 reserved=0
FqwRefusedMissing@handle: FastQueue\Exception: Job class "FqwRefusedMissing" not found
FqwRefusedNoMethod@handle: FastQueue\Exception: Job class "FqwRefusedNoMethod" has no method "handle"
FqwRefusedPrivateConstructor@handle: Error: Call to private FqwRefusedPrivateConstructor::__construct() from global scope
FqwRefusedPrivateMethod@handle: Error: Call to private method FqwRefusedPrivateMethod::handle() from global scope
FqwRefusedThrowingDestructor@handle: LogicException: thrown by the destructor
