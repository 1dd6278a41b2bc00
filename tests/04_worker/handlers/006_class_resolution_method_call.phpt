--TEST--
Worker without a handler: the job's method is called as $instance->method($job, $data) would be: visibility holds, __call answers, private constructors are refused
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w006';
fq_clean($name);
$q = fq_queue(['queue' => $name]);

class FqwPrivateMethodJob {
    private function handle($job, $data) { echo "PRIVATE METHOD RAN\n"; }
}
class FqwProtectedMethodJob {
    protected function handle($job, $data) { echo "PROTECTED METHOD RAN\n"; }
}
class FqwPrivateConstructorJob {
    private function __construct() { echo "PRIVATE CONSTRUCTOR RAN\n"; }
    public function handle($job, $data) { echo "handle of a class with a private constructor ran\n"; }
}
class FqwMagicJob {
    public function __call($method, $args) { echo "__call($method) with ", get_class($args[0]), ' and ', json_encode($args[1]), "\n"; }
}
class FqwStaticJob {
    public static function handle($job, $data) { echo "static handle got ", json_encode($data), "\n"; }
}

foreach (['FqwPrivateMethodJob@handle', 'FqwProtectedMethodJob@handle', 'FqwPrivateConstructorJob@handle',
        'FqwMagicJob@handle', 'FqwStaticJob@handle'] as $i => $job) {
    $q->push($job, $i);
}
$w = fqw_worker($q, null, ['failed_store' => false]);
$w->on('exception', function ($job, $e) {
    echo $job->getName(), ': ', get_class($e), (str_contains($e->getMessage(), 'private') || str_contains($e->getMessage(), 'protected')) ? ' (visibility)' : ': ' . $e->getMessage(), "\n";
});
$w->on('failed', function ($job, $e) { echo $job->getName(), " failed\n"; });
var_dump($w->daemon($name));
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w006'); ?>
--EXPECT--
FqwPrivateMethodJob@handle failed
FqwPrivateMethodJob@handle: Error (visibility)
FqwProtectedMethodJob@handle failed
FqwProtectedMethodJob@handle: Error (visibility)
FqwPrivateConstructorJob@handle failed
FqwPrivateConstructorJob@handle: Error (visibility)
__call(handle) with FastQueue\Job and 3
static handle got 4
int(0)
pending=0 delayed=0 reserved=0
