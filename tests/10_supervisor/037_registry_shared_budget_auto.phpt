--TEST--
Registry: three supervisors of one name standing for three hosts share an auto-balanced group's budget of 9 over a queue with a backlog (3 each); one killed with kill -9 takes its workers with it, and its share goes to the two others within the promised heartbeats: 5 to the first host name in byte order, 4 to the other, as their records in Redis show
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php require __DIR__ . '/../inc/config.inc'; fq_skip_unless_redis(); ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../inc/supervisor_registry.inc';
fq_reg_shared_budget('sv037_', 'sv037', 'auto');
?>
--EXPECT--
host-a: budget 3 of 9, hosts 3, workers 3 (running: 3)
host-b: budget 3 of 9, hosts 3, workers 3 (running: 3)
host-c: budget 3 of 9, hosts 3, workers 3 (running: 3)
host-b: killed by signal 9
its workers: gone
host-a: budget 5 of 9, hosts 2, workers 5 (running: 5)
host-c: budget 4 of 9, hosts 2, workers 4 (running: 4)
share taken over: ok
members: ["fleet\/host-a","fleet\/host-c"]
host-a: status 0
host-c: status 0
members after the stops: []
