--TEST--
Worker metrics: the running job's labels escaped as the text format says (a quote, a backslash, a line feed in its name) and cut at a UTF-8 boundary past 256 bytes; the exposition stays valid
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
require __DIR__ . '/../../inc/metrics_export.inc';
$name = 'w129';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$odd = "Odd\"Name\\Back\nLine";
$long = 'a' . str_repeat('é', 200);       // 401 bytes: 256 would cut the 128th é in two
$q->push('J', 'odd', $name, ['displayName' => $odd]);
$q->push('J', 'long', $name, ['displayName' => $long]);

$texts = [];
$w = fqw_worker($q, function ($job) use (&$w, &$texts) {
    $texts[$job->getData()] = $w->metrics();
}, ['metrics' => true, 'metrics_worker' => 'w129']);
$w->daemon($name);

$line = fn(string $text) => implode("\n", preg_grep('/^fastqueue_job_started_time_seconds\{/', explode("\n", $text)));
echo 'odd name by the grammar: ', fqm_grammar($texts['odd']), "\n";
echo 'escaped: ', var_export(str_contains($line($texts['odd']), 'job="Odd\\"Name\\\\Back\\nLine"'), true), "\n";
echo 'long name by the grammar: ', fqm_grammar($texts['long']), "\n";
preg_match('/job="([^"]*)"/', $line($texts['long']), $m);
echo 'long name: ', strlen($m[1] ?? ''), ' bytes, valid UTF-8 ', var_export(preg_match('//u', $m[1] ?? "\xff") === 1, true),
    ', a prefix ', var_export(str_starts_with($long, $m[1] ?? 'x'), true), "\n";
echo 'after the run: job lines ', count(preg_grep('/^fastqueue_job_started_time_seconds\{/', explode("\n", $w->metrics()))), "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w129'); } ?>
--EXPECT--
odd name by the grammar: ok
escaped: true
long name by the grammar: ok
long name: 255 bytes, valid UTF-8 true, a prefix true
after the run: job lines 0
