--TEST--
setProcesses() during run(): a larger pool starts workers at once; a smaller one sends SIGTERM to its newest workers first, which end and are not replaced; a crashed worker waiting for its delay is given up first
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php if (!extension_loaded('fastqueue')) die('skip fastqueue extension not loaded'); ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../inc/supervisor.inc';
fq_reaper_list();

$log = [];
$step = 0;
$s = new FastQueue\Supervisor(['log' => function (string $line, array $ev) use (&$s, &$log, &$step) {
    $log[] = $ev;
    $pool = fn() => $s->status()['pools']['p'];
    if ($step === 0 && $ev['event'] === 'started') {
        $step = 1;
        echo "1 running; setProcesses(4)\n";
        $s->setProcesses('p', 4);
    } elseif ($step === 1 && $ev['event'] === 'started' && count($pool()['pids']) === 4) {
        $step = 2;
        $pids = $pool()['pids'];
        echo "4 running; kill -9 the oldest, then setProcesses(2)\n";
        posix_kill($pids[0], SIGKILL);
        usleep(200000);
    } elseif ($step === 2 && $ev['event'] === 'exited') {
        $step = 3;
        echo "the oldest crashed, waiting: {$pool()['waiting']}\n";
        $GLOBALS['before'] = $pool()['pids'];
        $s->setProcesses('p', 2);
    } elseif ($step === 3 && $ev['event'] === 'shrinking') {
        $GLOBALS['shrunk'][] = $ev['pid'];
        if (count($GLOBALS['shrunk']) === 1) {
            $st = $pool();
            echo "after setProcesses(2): target {$st['processes']}, running ", count($st['pids']), ", waiting {$st['waiting']}\n";
            $step = 4;
        }
    } elseif ($step === 4 && $ev['event'] === 'exited') {
        $step = 5;
        $s->stop();
    }
}]);
$s->addPool('p', ['sleep', '30'], 1, ['max_processes' => 4]);
$rc = $s->run();
echo "run returned $rc\n";
$before = $GLOBALS['before'];
echo "the newest was stopped: ", $GLOBALS['shrunk'] === [end($before)] ? 'yes' : 'no (' . implode(',', $GLOBALS['shrunk']) . ' of ' . implode(',', $before) . ')', "\n";
$exited = array_values(array_filter($log, fn($e) => $e['event'] === 'exited'));
echo "it ended: ", preg_replace('/after [\d.]+ s/', 'after T', $exited[1]['reason']), ", ", $exited[1]['delay'] === null ? 'not replaced' : 'replaced', "\n";
echo "started in all: ", count(array_filter($log, fn($e) => $e['event'] === 'started')), "\n";
?>
--EXPECT--
1 running; setProcesses(4)
4 running; kill -9 the oldest, then setProcesses(2)
the oldest crashed, waiting: 1
after setProcesses(2): target 2, running 2, waiting 0
run returned 0
the newest was stopped: yes
it ended: was killed by signal 15 (SIGTERM) after T, not replaced
started in all: 4
