--TEST--
Memory-checker canary: a child and then the test process each copy 17 bytes out of a 16-byte malloc'd block (FFI), so the valgrind and the asan/ubsan passes must report this test
--DESCRIPTION--
Not a test of the extension: it proves that the passes of scripts/test that check memory can
fail. Each process copies one byte too many out of a malloc'd block with memcpy, both looked up
through FFI in the global scope: under valgrind, libc's (replaced by valgrind's checking
copies); in the asan/ubsan pass, ASan's (its runtime is preloaded, so it comes first). Without
a checker the copy is harmless (malloc's chunk is larger than 16 bytes), and the test passes.
Under valgrind each copy is an "Invalid read", and both processes go on. ASan ends a process at
its first error, so the child copies first (the test process reads its exit status), then the
test process, and the test's output stops short there.
Each process has its own log (valgrind: TEST.mem.PID; ASan: TEST.asan.EXE.PID): scripts/test
requires an error in the logs of two processes, and fails the pass otherwise. In the valgrind
pass the test must also come out LEAKED with the expected output; in the asan/ubsan pass the
output may not match (the processes were ended).
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

// No library named: the symbols are looked up in the global scope, where a preloaded sanitizer
// runtime comes first.
$read = <<<'PHP'
$libc = FFI::cdef('void *malloc(size_t size); void free(void *ptr); void *memcpy(void *dest, const void *src, size_t n);');
$block = $libc->malloc(16);
$copy = $libc->malloc(32);
$libc->memcpy($copy, $block, 17); // one byte past the block
$libc->free($copy);
$libc->free($block);
PHP;

// Started the way workers are (FqChild: proc_open with an argument list, the extension loaded).
$c = fq_child($read . "\necho \"child: copied one byte past a 16-byte block\\n\";", [], ['-d', 'ffi.enable=1']);
$r = $c->wait(60);
echo $r['stdout'];
echo "child exit: ", var_export($r['status'], true), "\n";
echo "child stderr: ", var_export($r['stderr'], true), "\n";

eval($read);
echo "test process: copied one byte past a 16-byte block\n";
?>
--EXPECT--
child: copied one byte past a 16-byte block
child exit: 0
child stderr: ''
test process: copied one byte past a 16-byte block
