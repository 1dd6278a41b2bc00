--TEST--
RedisQueue: a huge read_timeout or connect_timeout (1e300, PHP_INT_MAX) waits as long as it can, never turning into an instant timeout
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/config.inc';
$name = 'rq131';
fq_clean($name);
foreach (['read_timeout', 'connect_timeout'] as $k) {
    foreach ([1e300, 1e19, PHP_INT_MAX, 1e10] as $v) {
        try {
            // block_for makes the reply take a while: the read has to wait for it.
            $q = fq_queue(['queue' => $name, 'block_for' => 0.2, $k => $v]);
            $empty = $q->pop();
            $q->push('J');
            $job = $q->pop();
            $job->delete();
            echo "$k => ", var_export($v, true), ': ', var_export($empty, true), ', ', $job->getName(), ', size ', $q->size(), "\n";
        } catch (FastQueue\Exception $e) {
            echo "$k => ", var_export($v, true), ': ', get_class($e), ': ', $e->getMessage(), "\n";
        }
    }
}
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq131'); ?>
--EXPECT--
read_timeout => 1.0E+300: NULL, J, size 0
read_timeout => 1.0E+19: NULL, J, size 0
read_timeout => 9223372036854775807: NULL, J, size 0
read_timeout => 10000000000.0: NULL, J, size 0
connect_timeout => 1.0E+300: NULL, J, size 0
connect_timeout => 1.0E+19: NULL, J, size 0
connect_timeout => 9223372036854775807: NULL, J, size 0
connect_timeout => 10000000000.0: NULL, J, size 0
