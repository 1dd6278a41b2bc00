--TEST--
A 'simple' group splits its budget evenly as run() starts, each pool moving by at most max_shift per cooldown, the first pools taking what does not divide; real processes follow the counts, and status() shows the group
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php if (!extension_loaded('fastqueue')) die('skip fastqueue extension not loaded'); ?>
--FILE--
<?php
require __DIR__ . '/../inc/supervisor.inc';
fq_reaper_list();

$scaled = [];
$s = new FastQueue\Supervisor(['log' => function (string $line, array $ev) use (&$s, &$scaled) {
    if ($ev['event'] === 'scaled') {
        $scaled[] = $line;
    }
    $st = $s->status();
    $running = array_sum(array_map(fn($p) => count($p['pids']), $st['pools']));
    if (count($scaled) === 4 && $ev['event'] === 'started' && $running === 7) {
        foreach ($st['pools'] as $name => $p) {
            echo "$name: target {$p['processes']}, running ", count($p['pids']), "\n";
        }
        $GLOBALS['group'] = $st['groups']['g'];
        $s->stop();
    }
}]);
$s->addGroup('g', ['balance' => 'simple', 'max_processes' => 7, 'max_shift' => 1, 'cooldown' => 0.2]);
$s->addPool('a', ['sleep', '30'], 1, ['group' => 'g', 'min_processes' => 1]);
$s->addPool('b', ['sleep', '30'], 1, ['group' => 'g', 'min_processes' => 1]);
$s->addPool('c', ['sleep', '30'], 1, ['group' => 'g', 'min_processes' => 1]);
$rc = $s->run();
echo "run returned $rc\n";
echo implode("\n", $scaled), "\n";
echo "budget {$GLOBALS['group']['budget']} of {$GLOBALS['group']['max_processes']}, balance {$GLOBALS['group']['balance']}\n";
?>
--EXPECT--
a: target 3, running 3
b: target 2, running 2
c: target 2, running 2
run returned 0
pool "a": 1 -> 2 processes (an even split of 7)
pool "b": 1 -> 2 processes (an even split of 7)
pool "c": 1 -> 2 processes (an even split of 7)
pool "a": 2 -> 3 processes (an even split of 7)
budget 7 of 7, balance simple
