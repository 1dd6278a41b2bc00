--TEST--
Valgrind canary: the test process and a child each read one byte past a malloc'd block (FFI), so the valgrind pass must report this test
--DESCRIPTION--
Not a test of the extension: it proves that the valgrind pass (scripts/test, run-tests -m) can
fail. Both reads are harmless without valgrind (malloc's chunk is larger than 16 bytes), and
the test passes. Under valgrind each is an "Invalid read of size 1", in two processes: the test
process reads before it starts the child, which is how an error got lost when every process
wrote one log file (the child truncated it). scripts/test requires this test to come out
LEAKED with a counted error in the logs of two processes, and fails the pass otherwise.
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php
if (!extension_loaded('FFI')) {
    die('skip FFI needed (php8.x-common ships it)');
}
?>
--INI--
ffi.enable=1
--FILE--
<?php
require __DIR__ . '/../inc/worker.inc';

$read = <<<'PHP'
$libc = FFI::cdef('void *malloc(size_t size); void free(void *ptr);', 'libc.so.6');
$block = $libc->malloc(16);
$bytes = $libc->cast('unsigned char *', $block); // an instance call: the static one is deprecated in PHP 8.3
$past = $bytes[16]; // one byte past the block
$libc->free($block);
PHP;

eval($read);
echo "test process: read one byte past a 16-byte block\n";

// Started the way workers are (FqChild: proc_open with an argument list, the extension loaded).
$c = fq_child($read . "\necho \"child: read one byte past a 16-byte block\\n\";", [], ['-d', 'ffi.enable=1']);
$r = $c->wait(60);
echo $r['stdout'];
echo "child exit: ", var_export($r['status'], true), "\n";
echo "child stderr: ", var_export($r['stderr'], true), "\n";
?>
--EXPECT--
test process: read one byte past a 16-byte block
child: read one byte past a 16-byte block
child exit: 0
child stderr: ''
