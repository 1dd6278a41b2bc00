--TEST--
Worker metrics options: types and ranges refused with a TypeError/ValueError naming the option; an exposition option turns metrics on, and with 'metrics' => false is refused naming both; metrics off: metrics() throws, 'measured' never fires, memory_get_peak_usage() is not reset
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w104';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$bad = [
    ['metrics' => 1],
    ['metrics_worker' => ''],
    ['metrics_worker' => str_repeat('w', 201)],
    ['metrics_worker' => null],
    ['metrics_file' => ''],
    ['metrics_file' => 5],
    ['metrics_listen' => '0'],
    ['metrics_listen' => '65536'],
    ['metrics_listen' => 'localhost:9100'],
    ['metrics_listen' => '127.0.0.1:'],
    ['metrics_listen' => '[::1]9100'],
    ['metrics_listen' => '[127.0.0.1]:9100'],
    ['metrics_listen' => 9100],
    ['metrics_publish' => 'yes'],
    ['metrics_interval' => 0.05],
    ['metrics_interval' => 3601],
    ['metrics_interval' => '5'],
    ['metrics' => false, 'metrics_file' => '/tmp/x.prom'],
    ['metrics_listen' => '9100', 'metrics' => false],
    ['metrics' => false, 'metrics_publish' => true],
];
foreach ($bad as $options) {
    try {
        new FastQueue\Worker($q, null, $options);
        echo json_encode($options), ": accepted\n";
    } catch (TypeError|ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
// Accepted forms; an exposition option turns metrics on (metrics() answers).
foreach ([['metrics_listen' => '9100'], ['metrics_listen' => '0.0.0.0:9100'], ['metrics_listen' => '[::1]:9100'],
    ['metrics_file' => '/tmp/fq-w104.prom'], ['metrics_publish' => true], ['metrics_publish' => false],
    ['metrics_interval' => 0.1], ['metrics_interval' => 3600], ['metrics_worker' => str_repeat('w', 200), 'metrics' => true],
    ['metrics' => true, 'metrics_file' => null, 'metrics_listen' => null]] as $options) {
    $w = new FastQueue\Worker($q, null, $options);
    try {
        $on = str_contains($w->metrics(), '# TYPE fastqueue_jobs_total counter') ? 'on' : 'no text';
    } catch (Error $e) {
        $on = 'off';
    }
    echo json_encode($options), ": $on\n";
}
// The default worker label: HOSTNAME:PID.
$w = new FastQueue\Worker($q, null, ['metrics' => true]);
echo 'default label: ', var_export(str_contains($w->metrics(), 'worker="' . gethostname() . ':' . getmypid() . '"'), true), "\n";

// Off (the default): metrics() throws, 'measured' is never fired, and a job's
// memory_get_peak_usage() is the process's (not reset as the job starts).
$big = str_repeat('x', 8 << 20);
unset($big);
$q->push('Job');
$measured = 0;
$peaks = [];
$w = fqw_worker($q, function () use (&$peaks) { $peaks[] = memory_get_peak_usage(); });
$w->on('measured', function () use (&$measured) { $measured++; });
$w->daemon($name);
try {
    $w->metrics();
} catch (Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
echo "measured fired $measured time(s); peak in the job still counts the 8 MB before it: ",
    var_export(getenv('USE_ZEND_ALLOC') === '0' || $peaks[0] >= 8 << 20, true), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('w104'); ?>
--EXPECT--
TypeError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics" must be of type bool, int given
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_worker" must not be empty
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_worker" must be at most 200 bytes long
TypeError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_worker" must be of type string, null given
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_file" must not be empty
TypeError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_file" must be of type ?string, int given
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_listen" must be "PORT", "IPV4:PORT" or "[IPV6]:PORT" with a port from 1 to 65535, "0" given
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_listen" must be "PORT", "IPV4:PORT" or "[IPV6]:PORT" with a port from 1 to 65535, "65536" given
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_listen" must be "PORT", "IPV4:PORT" or "[IPV6]:PORT" with a port from 1 to 65535, "localhost:9100" given
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_listen" must be "PORT", "IPV4:PORT" or "[IPV6]:PORT" with a port from 1 to 65535, "127.0.0.1:" given
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_listen" must be "PORT", "IPV4:PORT" or "[IPV6]:PORT" with a port from 1 to 65535, "[::1]9100" given
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_listen" must be "PORT", "IPV4:PORT" or "[IPV6]:PORT" with a port from 1 to 65535, "[127.0.0.1]:9100" given
TypeError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_listen" must be of type ?string, int given
TypeError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_publish" must be of type bool, string given
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_interval" must be a finite number between 0.1 and 3600
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_interval" must be a finite number between 0.1 and 3600
TypeError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_interval" must be of type int|float, string given
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_file" needs the figures that option "metrics" => false turns off
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_listen" needs the figures that option "metrics" => false turns off
ValueError: FastQueue\Worker::__construct(): Argument #3 ($options) option "metrics_publish" needs the figures that option "metrics" => false turns off
{"metrics_listen":"9100"}: on
{"metrics_listen":"0.0.0.0:9100"}: on
{"metrics_listen":"[::1]:9100"}: on
{"metrics_file":"\/tmp\/fq-w104.prom"}: on
{"metrics_publish":true}: on
{"metrics_publish":false}: off
{"metrics_interval":0.1}: off
{"metrics_interval":3600}: off
{"metrics_worker":"wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww","metrics":true}: on
{"metrics":true,"metrics_file":null,"metrics_listen":null}: on
default label: true
Error: FastQueue\Worker::metrics(): metrics are off; construct the worker with 'metrics' => true
measured fired 0 time(s); peak in the job still counts the 8 MB before it: true
