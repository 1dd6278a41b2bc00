--TEST--
Registry: a supervisor that stops removes its record only while it is its own: a record that another live process of its host holds (it claimed the name while this one was cut off from Redis) is left to it
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
$p = 'sv038_';
fq_reg_clean($p);
$key = fq_reg_key($p, ':app/web-1');
// A long heartbeat: nothing of its own is written between the change below and the stop.
$c = fq_reg_child($p, ['name' => 'app', 'host' => 'web-1', 'heartbeat' => 30], [], ['idle' => [['sleep', '60'], 1, []]]);
// Its first heartbeat comes before its pools start: then its worker.
$first = fq_reg_until(fn() => (fq_reg_record($p, 'app', 'web-1')['state'] ?? null) === 'running', fq_sig_t(20));
echo "running: ", $first && $c->waitFor('started pid', fq_sig_t(20)) ? 'yes' : 'no', "\n";
// The claim of another live process of this host (this test's), as after an outage.
$other = json_encode(['name' => 'app', 'host' => 'web-1', 'pid' => getmypid()]);
fq_raw()->cmd('SET', $key, $other, 'PX', '60000');
$c->signal(SIGTERM);
echo fq_sig_status($c->wait(fq_sig_t(20))), "\n";
echo "the other's record kept: ", fq_raw()->cmd('GET', $key) === $other ? 'yes' : 'no', "\n";
echo "members: ", json_encode(fq_reg_members($p)), "\n";
fq_reg_clean($p);
?>
--EXPECT--
running: yes
status 0
the other's record kept: yes
members: ["app\/web-1"]
