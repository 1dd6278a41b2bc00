--TEST--
A port outside 1..65535 (option or url) is a ValueError, never silently another port
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
; valgrind (-m) flags PCRE's JIT code reading past its subject, by design
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../../inc/errors.inc';
// 65536 + the test port would wrap around to the test server if it were passed on as is.
$wrapped = 65536 + fq_test_port();
fq_clean('rq108');
$cases = ['port 0' => ['port' => 0], 'port -1' => ['port' => -1], 'port 65536' => ['port' => 65536],
    'port 65536 + test port' => ['port' => $wrapped], 'url port 0' => ['url' => 'redis://127.0.0.1:0/0']];
foreach ($cases as $label => $opts) {
    $msg = fq_try(function () use ($opts) {
        $q = new FastQueue\RedisQueue($opts + ['host' => fq_test_host(), 'queue' => 'rq108']);
        // A url with port 0 falls back to 6379 today: do not write to whatever runs there.
        isset($opts['url']) ? $q->size() : $q->push('J');
    });
    echo $label, ': ', preg_match('/^ValueError: .*option "(port|url)"/', $msg) ? 'ValueError naming the option' : $msg, "\n";
}
var_dump(fq_raw()->cmd('EXISTS', 'queues:rq108'));
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq108'); ?>
--EXPECT--
port 0: ValueError naming the option
port -1: ValueError naming the option
port 65536: ValueError naming the option
port 65536 + test port: ValueError naming the option
url port 0: ValueError naming the option
int(0)
