--TEST--
Metrics exposition errors: a file that cannot be written and a publication Redis refuses are each said once on stderr and once more when they work again; the worker runs its jobs meanwhile
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/metrics_export.inc';
$name = 'w118';
fq_clean($name);
$raw = fq_raw();
$key = 'fastqueue:metrics:{workers}:w118';
$raw->cmd('DEL', 'fastqueue:metrics:{workers}', $key);
// A user that may touch the queue's keys only: SET of the publication is refused (NOPERM).
$raw->cmd('ACL', 'SETUSER', 'fqm118', 'reset', 'on', '>p118', '~queues:*', '+@all');
$GLOBALS['fqm_queue_options'] = ['username' => 'fqm118', 'password' => 'p118'];
$dir = fqm_dir('w118');
$file = "$dir/not-yet/m.prom";

$c = fqm_worker($name, ['metrics_file' => $file, 'metrics_publish' => true, 'metrics_worker' => 'w118',
    'metrics_interval' => 0.1]);
fqm_ready($c);
fqm_push(fq_queue(['queue' => $name]), $name, 3, 0.1);
usleep(fq_slow() ? 3000000 : 1000000);
echo 'while failing: ', fqw_counts($name), ', file ', file_exists($file) ? 'there' : 'none', ', key ', $raw->cmd('EXISTS', $key), "\n";
mkdir("$dir/not-yet");
$raw->cmd('ACL', 'SETUSER', 'fqm118', '~fastqueue:metrics:*');
usleep(fq_slow() ? 3000000 : 1000000);
echo 'once it works: file ', fqm_whole((string) @file_get_contents($file)) ? 'whole' : 'none', ', key ', $raw->cmd('EXISTS', $key), "\n";
$c->signal(SIGTERM);
$r = $c->wait(20);
echo trim($r['stdout']), "\n";
$err = $r['stderr'];
foreach (['cannot write metrics_file', 'is written again', 'cannot publish metrics to Redis', 'are published to Redis again'] as $what) {
    echo "stderr '$what': ", substr_count($err, $what), "\n";
}
echo preg_replace(['/\/\S*\/not-yet/', '/\d+(\.\d+)? s/'], ['DIR/not-yet', 'N s'], $err);
$raw->cmd('ACL', 'DELUSER', 'fqm118');
@unlink($file);
@rmdir("$dir/not-yet");
fqm_rmdir($dir);
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) { fq_clean('w118'); fq_raw()->cmd('ACL', 'DELUSER', 'fqm118'); fq_raw()->cmd('DEL', 'fastqueue:metrics:{workers}', 'fastqueue:metrics:{workers}:w118'); } ?>
--EXPECTF--
while failing: pending=0 delayed=0 reserved=0, file none, key 0
once it works: file whole, key 1
ready
stopped 0
stderr 'cannot write metrics_file': 1
stderr 'is written again': 1
stderr 'cannot publish metrics to Redis': 1
stderr 'are published to Redis again': 1
FastQueue: cannot write metrics_file DIR/not-yet/m.prom: No such file or directory; retrying every N s
FastQueue: cannot publish metrics to Redis (fastqueue:metrics:{workers}:w118): %s; retrying every N s
FastQueue: metrics_file DIR/not-yet/m.prom is written again
FastQueue: metrics are published to Redis again (fastqueue:metrics:{workers}:w118)
