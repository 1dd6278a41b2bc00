--TEST--
metrics_listen: an address in use is a FastQueue\Exception from daemon() and runNextJob() naming it and the reason; the worker is left able to run
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w113';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$port = fq_free_port();
$taken = stream_socket_server("tcp://127.0.0.1:$port");
$q->push('J', 1, $name);

$dir = sys_get_temp_dir() . '/fq-w113-' . getmypid();
@mkdir($dir);
$w = fqw_worker($q, function ($job) { echo "ran\n"; }, ['metrics_listen' => "127.0.0.1:$port", 'metrics_file' => "$dir/m.prom"]);
foreach (['daemon', 'runNextJob'] as $method) {
    try {
        $w->$method($name);
        echo "$method: no exception\n";
    } catch (FastQueue\Exception $e) {
        echo "$method: ", get_class($e), ': ', str_replace((string) $port, 'PORT', $e->getMessage()), "\n";
    }
}
echo fqw_counts($name), "\n";
// Nothing of the failed start is left: no thread, no file, and the worker runs once the
// address is free.
echo 'file: ', file_exists("$dir/m.prom") ? 'written' : 'none', "\n";
fclose($taken);
var_dump($w->runNextJob($name));
echo 'file: ', file_exists("$dir/m.prom") ? 'written' : 'none', "\n";
@unlink("$dir/m.prom");
@rmdir($dir);
echo fqw_counts($name), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w113'); ?>
--EXPECT--
daemon: FastQueue\Exception: Cannot serve metrics on 127.0.0.1:PORT (metrics_listen "127.0.0.1:PORT"): Address already in use
runNextJob: FastQueue\Exception: Cannot serve metrics on 127.0.0.1:PORT (metrics_listen "127.0.0.1:PORT"): Address already in use
pending=1 delayed=0 reserved=0
file: none
ran
bool(true)
file: written
pending=0 delayed=0 reserved=0
