<?php
// Writes a copy of run-tests.php ($argv[1]) for the valgrind pass ($argv[2]). run-tests gives
// valgrind one --log-file per test, TEST.mem, and --trace-children=yes: each process the test
// starts (workers, and anything they start) opened the same file again and truncated what was
// logged before it, and errors were lost. The copy gives every process its own log,
// TEST.mem.PID (valgrind's %p), removes a test's old logs before it runs, and marks it LEAK
// when any log is not empty; phpt_pass (scripts/test.d/pass.sh) reads them all. Exits 1 when
// run-tests.php has changed so that a replacement no longer applies.
$s = file_get_contents($argv[1]);
$n = [];
$s = str_replace("--log-file=\$memcheck_filename ", "--log-file=\$memcheck_filename.%p ", $s, $n[0]);
$s = str_replace("\$leaked = filesize(\$memcheck_filename) > 0;", "\$leaked = fq_memcheck_leaked(\$memcheck_filename);", $s, $n[1]);
$s = preg_replace("/@unlink\(\\\$memcheck_filename\);/", "fq_memcheck_unlink(\$memcheck_filename);", $s, 1, $n[2]);
$s = str_replace("file_get_contents(\$memcheck_filename)", "fq_memcheck_read(\$memcheck_filename)", $s);
if (in_array(0, $n, true)) {
    fwrite(STDERR, "run-tests.php has changed: replacements made " . json_encode($n) . "\n");
    exit(1);
}
$s .= <<<'FQ'

// FastQueue (scripts/test): one valgrind log per process, TEST.mem.PID.
function fq_memcheck_logs(string $mem): array
{
    return glob(str_replace(["[", "*", "?"], ["\\[", "\\*", "\\?"], $mem) . ".*") ?: [];
}
function fq_memcheck_unlink(string $mem): void
{
    @unlink($mem);
    foreach (fq_memcheck_logs($mem) as $log) {
        @unlink($log);
    }
}
function fq_memcheck_leaked(string $mem): bool
{
    clearstatcache();
    foreach (fq_memcheck_logs($mem) as $log) {
        if (filesize($log) > 0) {
            return true;
        }
    }
    return false;
}
function fq_memcheck_read(string $mem): string
{
    $text = "";
    foreach (fq_memcheck_logs($mem) as $log) {
        $text .= "== $log ==\n" . file_get_contents($log);
    }
    return $text;
}
FQ;
file_put_contents($argv[2], $s);
