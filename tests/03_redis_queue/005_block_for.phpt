--TEST--
With block_for, pop waits on :notify for a job pushed meanwhile, and gives up after block_for; one under a millisecond never becomes BLPOP's wait for ever
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/config.inc';
$name = 'rq005';
fq_clean($name);
$q = fq_queue(['queue' => $name, 'block_for' => 0.5]);
$t = hrtime(true);
var_dump($q->pop());
$ms = (hrtime(true) - $t) / 1e6;
var_dump($ms >= 450 && $ms < 3000);

// A job pushed by another process while pop blocks is returned at once.
$cmd = sprintf('sleep 0.2; redis-cli -h %s -p %d RPUSH queues:%s %s >/dev/null; redis-cli -h %s -p %d RPUSH queues:%s:notify 1 >/dev/null',
    fq_test_host(), fq_test_port(), $name, escapeshellarg('{"job":"Pushed","id":"p","attempts":0}'), fq_test_host(), fq_test_port(), $name);
$bg = proc_open(['sh', '-c', $cmd], [], $pipes);
$q2 = fq_queue(['queue' => $name, 'block_for' => 5]);
$t = hrtime(true);
$job = $q2->pop();
$ms = (hrtime(true) - $t) / 1e6;
proc_close($bg);
var_dump($job->getName(), $ms < 4000);

// A block_for under a millisecond is a short wait, not BLPOP's 0 ("for ever").
$q3 = fq_queue(['queue' => $name, 'block_for' => 0.0001, 'read_timeout' => 3]);
$t = hrtime(true);
var_dump($q3->pop());
$ms = (hrtime(true) - $t) / 1e6;
echo $ms < 1000 ? "tiny block_for returned at once\n" : "tiny block_for took $ms ms\n";
?>
--CLEAN--
<?php require __DIR__ . '/../inc/config.inc'; if (fq_test_port()) fq_clean('rq005'); ?>
--EXPECT--
NULL
bool(true)
string(6) "Pushed"
bool(true)
NULL
tiny block_for returned at once
