--TEST--
fastqueue:work prints queue:work's job lines byte for byte, plain and with -v: a job that succeeds, one that releases itself (13.42: RELEASED), one released after an exception then failed; the dot leader checked by its length with the run time (and 13's memory) beside it
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'lines036']);

// A job line with what differs from run to run masked: the date, the job id (Redis's random
// id of 32 characters; 8.x prints it in brackets), and the dot leader with the run time and
// memory after it, which is kept as its length: queue:work sizes the leader so that the line
// ends at the terminal's edge, so that length is the same for both commands unless the leader
// is miscounted.
function canonical(string $line): string
{
    $line = preg_replace(['/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/', '/^\[DATE\]\[[^\]]*\]/', '/\b[A-Za-z0-9]{32}\b/'],
        ['DATE', '[DATE][ID]', 'ID'], $line);
    return preg_replace_callback('/ (\.*(?: \d[\d.,]*(?:ms|s|m|MB))*) (RUNNING|DONE|FAIL|RELEASED)$/',
        fn ($m) => ' [' . mb_strlen($m[1]) . '] ' . $m[2], $line);
}

$lines = function (string $command, array $args) use ($app): array {
    $app->reset();
    $app->run("App\\Jobs\\RecordJob::dispatch('ok'); App\\Jobs\\ReleaseJob::dispatch('self'); App\\Jobs\\ThrowJob::dispatch('fails');");
    $out = [];
    foreach ($app->workUntilEmpty($command, ['lines036'], array_merge(['--tries=2'], $args)) as $r) {
        foreach (explode("\n", $r['stdout']) as $line) {
            if (preg_match('/(RUNNING|DONE|FAIL|RELEASED)$|\] (Processing|Processed|Failed):/', $line)) {
                $out[] = canonical(rtrim($line));
            }
        }
    }
    sort($out);
    return $out;
};

foreach (['plain' => [], '-v' => ['-v']] as $label => $args) {
    $laravel = $lines('queue:work', $args);
    $fast = $lines('fastqueue:work', $args);
    // Each job's start and end on each attempt (8.x prints no line for a release after an
    // exception): 9 or 10.
    printf("%s: %d job lines, %s\n", $label, count($laravel),
        $laravel === $fast ? 'the same' : "different:\nqueue:work\n  " . implode("\n  ", $laravel)
            . "\nfastqueue:work\n  " . implode("\n  ", $fast));
}
?>
--EXPECTF--
plain: %r(9|10)%r job lines, the same
-v: %r(9|10)%r job lines, the same
