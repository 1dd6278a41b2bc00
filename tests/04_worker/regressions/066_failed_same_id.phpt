--TEST--
Failed store: two different jobs that carry the same uuid (a producer's bug) keep a record each, the second filed under the uuid and a suffix; the same job failing again replaces its own record
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/config.inc';

$queue = 'fq066';
fq_clean($queue);
$q = fq_queue(['queue' => $queue]);
$q->flushFailed();
$raw = new FqRaw(fq_test_host(), fq_test_port());
$work = function () use ($q, $queue) {
    $w = new FastQueue\Worker($q, function () { throw new RuntimeException('no'); }, ['stop_when_empty' => true, 'sleep' => 0.01, 'tries' => 1]);
    $w->daemon($queue);
};
$a = '{"uuid":"dup-1","job":"J","data":"a","attempts":0}';
$b = '{"uuid":"dup-1","job":"J","data":"b","attempts":0}';
$raw->cmd('RPUSH', "queues:$queue", $a, $b);
$work();
$records = $q->failed($queue);
usort($records, fn ($x, $y) => strcmp($x['id'], $y['id']));
foreach ($records as $r) {
    echo preg_replace('/^dup-1-\w{8}$/', 'dup-1-SUFFIX', $r['id']), ': ', $r['payload'], "\n";
}
echo "-- the first one again\n";
$raw->cmd('RPUSH', "queues:$queue", $a);
$work();
echo count($q->failed($queue)), " records\n";
$q->flushFailed();
fq_clean($queue);
?>
--EXPECT--
dup-1: {"uuid":"dup-1","job":"J","data":"a","attempts":0}
dup-1-SUFFIX: {"uuid":"dup-1","job":"J","data":"b","attempts":0}
-- the first one again
2 records
