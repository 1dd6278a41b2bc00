--TEST--
With block_for, pop waits on :notify for a job pushed meanwhile, and gives up after block_for; one under a millisecond never becomes BLPOP's wait for ever
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/config.inc'; fq_skip_unless_redis(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/config.inc';
$name = 'rq005';
fq_clean($name);
$q = fq_queue(['queue' => $name, 'block_for' => 0.5]);
$t = hrtime(true);
var_dump($q->pop());
$ms = (hrtime(true) - $t) / 1e6;
var_dump($ms >= 450 && $ms < 3000);

// A job pushed by another process while pop blocks is returned at once. The pusher waits
// until this client sits in BLPOP, then pushes and notes when; pop must return well within
// block_for (10 s) of that, not at its end.
$stamp = tempnam(sys_get_temp_dir(), 'fq-005-');
$pusher = sprintf('require %s; $r = new FqRaw(%s, %d);
for ($i = 0; $i < 1000 && !str_contains($r->cmd("CLIENT", "LIST"), "cmd=blpop"); $i++) { usleep(10000); }
file_put_contents(%s, str_contains($r->cmd("CLIENT", "LIST"), "cmd=blpop") ? "blocked " : "never blocked ");
$r->cmd("RPUSH", "queues:%s", %s); $r->cmd("RPUSH", "queues:%s:notify", "1");
file_put_contents(%s, microtime(true), FILE_APPEND);',
    var_export(__DIR__ . '/../../inc/redis.inc', true), var_export(fq_test_host(), true), fq_test_port(), var_export($stamp, true),
    $name, var_export('{"job":"Pushed","id":"p","attempts":0}', true), $name, var_export($stamp, true));
$bg = proc_open([PHP_BINARY, '-n', '-r', $pusher], [], $pipes);
$q2 = fq_queue(['queue' => $name, 'block_for' => 10]);
$job = $q2->pop();
$returned = microtime(true);
proc_close($bg);
[$state, $pushedAt] = explode(' ', file_get_contents($stamp));
unlink($stamp);
$late = $returned - (float) $pushedAt;
var_dump($job->getName());
echo "pusher saw the client $state; pop returned ", $late < 2.0 ? 'within 2 s of the push' : "$late s after the push", "\n";

// A block_for under a millisecond is a short wait, not BLPOP's 0 ("for ever").
$q3 = fq_queue(['queue' => $name, 'block_for' => 0.0001, 'read_timeout' => 3]);
$t = hrtime(true);
var_dump($q3->pop());
$ms = (hrtime(true) - $t) / 1e6;
echo $ms < 1000 ? "tiny block_for returned at once\n" : "tiny block_for took $ms ms\n";
?>
--CLEAN--
<?php require __DIR__ . '/../../inc/config.inc'; if (fq_test_port()) fq_clean('rq005'); ?>
--EXPECT--
NULL
bool(true)
string(6) "Pushed"
pusher saw the client blocked; pop returned within 2 s of the push
NULL
tiny block_for returned at once
