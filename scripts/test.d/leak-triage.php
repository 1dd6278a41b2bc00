<?php
// Decides whether valgrind logs (of a test marked LEAK) hold FastQueue's problem: prints the
// records that count and exits 0 when there is one, 1 when none counts. Run by leak_counts
// (scripts/test.d/memory.sh) with every log of one test as arguments: the valgrind pass gives
// every process its own log (TEST.mem.PID), and the verdict is on all of them; each log with a
// record that counts is shown under a "== LOG ==" line. With no log at all it counts
// (run-tests saw output; count it rather than guess).
//
// Every memory error counts (invalid read or write, uninitialised value, bad free, a crash). A
// definite leak counts when FastQueue's C code allocated the block: walking its allocation
// stack up from malloc, a FastQueue frame (FASTQUEUE_SOURCES names the C files) comes before
// any PHP VM frame. An indirect leak is held by a definite one, which is judged instead.
// Blocks that PHP code allocated (objects, arrays and strings of the test, of Laravel, of a job
// handler the worker called) are left out: in a release build of PHP what a cycle or a shutdown
// function still holds at exit shows as lost (Laravel leaves plenty).
// FASTQUEUE_TEST_STRICT_LEAKS=1 counts every leak.
$strict = getenv('FASTQUEUE_TEST_STRICT_LEAKS') === '1';
$ours = array_filter(explode(' ', (string) getenv('FASTQUEUE_SOURCES')));
$vm = '/: (execute_ex|zend_execute|zend_call_function|zend_call_known_function|zend_execute_scripts|php_execute_script) /';
$files = array_slice($argv, 1);
if (!$files) {
    echo "(no valgrind log)\n";
    exit(0);
}
$counted = 0;
foreach ($files as $file) {
    $log = @file($file, FILE_IGNORE_NEW_LINES);
    if ($log === false) {
        echo "== $file ==\n(cannot read this valgrind log)\n\n";
        $counted++;
        continue;
    }
    // Records: runs of "==PID== text" lines, separated by "==PID== " alone.
    $records = [];
    $cur = [];
    foreach ($log as $line) {
        if (!preg_match('/^==\d+==( (.*))?$/', $line, $m)) {
            continue;
        }
        if (trim($m[2] ?? '') === '') {
            if ($cur) { $records[] = $cur; $cur = []; }
            continue;
        }
        $cur[] = $line;
    }
    if ($cur) { $records[] = $cur; }
    $header = "== $file ==\n";
    foreach ($records as $rec) {
        $first = $rec[0];
        if (!preg_match('/ are (definitely|indirectly|possibly) lost in loss record /', $first)) {
            $counts = true; // an error, not a leak
        } elseif ($strict) {
            $counts = true;
        } elseif (!str_contains($first, ' definitely lost ')) {
            // Indirectly lost: held only by a lost block, which has a record of its own that counts
            // when FastQueue allocated it.
            $counts = false;
        } else {
            $counts = false;
            foreach (array_slice($rec, 1) as $frame) {
                if (!preg_match('/^==\d+==\s+(at|by) 0x[0-9A-F]+: (\S+) \((.*)\)$/', $frame, $f)) {
                    continue;
                }
                [, , $fn, $where] = $f;
                $file = preg_match('/^([\w.-]+\.c):\d+$/', $where, $w) ? $w[1] : null;
                if (str_contains($where, 'fastqueue.so') || ($file !== null && in_array($file, $ours, true))
                    || str_starts_with($fn, 'zim_FastQueue_') || str_starts_with($fn, 'fastqueue_')) {
                    $counts = true;
                    break;
                }
                if (preg_match($vm, $frame)) {
                    break;
                }
            }
        }
        if ($counts) {
            $counted++;
            echo $header, implode("\n", $rec), "\n\n";
            $header = '';
        }
    }
}
exit($counted > 0 ? 0 : 1);
