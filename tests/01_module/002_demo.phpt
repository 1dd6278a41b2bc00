--TEST--
The demo (examples/demo.php, what scripts/demo runs) completes on its own defaults with no warning about settings it chose itself (it used to say "prefetch 32 unused")
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/config.inc'; fq_skip_unless_redis(); ?>
--CONFLICTS--
failed_store
--FILE--
<?php
require __DIR__ . '/../inc/worker.inc';
fq_clean('fastqueue-demo');
$c = fq_child('require ' . var_export(__DIR__ . '/../../examples/demo.php', true) . ';',
    ['FASTQUEUE_DEMO_HOST' => fq_test_host(), 'FASTQUEUE_DEMO_PORT' => (string) fq_test_port(), 'FASTQUEUE_REDIS_URL' => '']);
$r = $c->wait(fq_slow() ? 300 : 60);
echo 'status ', $r['status'], "\n";
echo 'stderr: ', $r['stderr'] === '' ? '(empty)' : $r['stderr'], "\n";
echo str_contains($r['stdout'], 'daemon() returned 0') ? "the worker drained the queue\n" : $r['stdout'];
echo preg_match('/^done$/m', $r['stdout']) ? "done\n" : "not done\n";
fq_clean('fastqueue-demo');
?>
--CLEAN--
<?php require __DIR__ . '/../inc/config.inc'; if (fq_test_port()) fq_clean('fastqueue-demo'); ?>
--EXPECT--
status 0
stderr: (empty)
the worker drained the queue
done
