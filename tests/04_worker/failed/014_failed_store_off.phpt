--TEST--
Worker failed_store => false: a failed job is recorded nowhere, yet it leaves :reserved and the failed event fires
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--CONFLICTS--
failed_store
--FILE--
<?php
require __DIR__ . '/../../inc/worker_jobs.inc';
$name = 'w014';
fq_clean($name);
$q = fq_queue(['queue' => $name]);
$q->flushFailed();
$raw = fq_raw();

$q->push('Thrower');
$q->push('SelfFail');
fqw_push_raw($name, 'not json at all');
$reserved = [];
$w = fqw_worker($q, function ($job) use (&$reserved) {
    if ($job->getName() === 'SelfFail') {
        $job->fail(new LogicException('by the handler'));
        return;
    }
    throw new RuntimeException('thrown');
}, ['failed_store' => false]);
$w->on('processing', function ($job) use (&$reserved) { $reserved[] = $job->getReservedJob(); });
$w->on('failed', function ($job, $e) use ($raw, $name) {
    echo 'failed: ', get_class($e), ', still reserved during the event: ',
        $raw->cmd('ZSCORE', "queues:$name:reserved", $job->getReservedJob()) === null ? 'no' : 'yes', "\n";
});
var_dump($w->daemon($name));
echo fqw_counts($name), "\n";
echo 'reserved copies left: ', count(array_filter($reserved, fn($r) => $raw->cmd('ZSCORE', "queues:$name:reserved", $r) !== null)), "\n";
echo 'records: ', count($q->failed()), ', index exists: ', $raw->cmd('EXISTS', 'fastqueue:failed'),
    ', record keys: ', count($raw->cmd('KEYS', 'fastqueue:failed:*')), "\n";
echo 'stats failed: ', $w->stats()['failed'], "\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w014'); fq_queue()->flushFailed(); } ?>
--EXPECT--
failed: RuntimeException, still reserved during the event: no
failed: LogicException, still reserved during the event: no
failed: FastQueue\PayloadException, still reserved during the event: no
int(0)
pending=0 delayed=0 reserved=0
reserved copies left: 0
records: 0, index exists: 0, record keys: 0
stats failed: 3
