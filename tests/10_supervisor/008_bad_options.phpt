--TEST--
Bad options and arguments are refused with a TypeError or ValueError that names the key, and a command that cannot start makes run() throw, naming the pool, the program and the reason; nothing is left running
--EXTENSIONS--
fastqueue
posix
--SKIPIF--
<?php if (!extension_loaded('fastqueue')) die('skip fastqueue extension not loaded'); ?>
--FILE--
<?php
require __DIR__ . '/../inc/supervisor.inc';
fq_reaper_list();
use FastQueue\Supervisor;

function refused(callable $f): void
{
    try {
        $f();
        echo "accepted\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}

echo "-- the constructor\n";
refused(fn() => new Supervisor(['stop_timeout' => -1]));
refused(fn() => new Supervisor(['stop_timeout' => 'soon']));
refused(fn() => new Supervisor(['log' => 'no_such_function']));
refused(fn() => new Supervisor(['no_such_option' => 1]));
refused(fn() => new Supervisor([1]));

echo "-- addPool\n";
$s = new Supervisor();
refused(fn() => $s->addPool('', ['sleep', '1'], 1));
refused(fn() => $s->addPool(str_repeat('n', 101), ['sleep', '1'], 1));
refused(fn() => $s->addPool('p', [], 1));
refused(fn() => $s->addPool('p', ['', 'x'], 1));
refused(fn() => $s->addPool('p', ['sleep', 1], 1));
refused(fn() => $s->addPool('p', ['a' => 'sleep'], 1));
refused(fn() => $s->addPool('p', ['sleep', "a\0b"], 1));
refused(fn() => $s->addPool('p', ['sleep', '1'], -1));
refused(fn() => $s->addPool('p', ['sleep', '1'], 1001));
refused(fn() => $s->addPool('p', ['sleep', '1'], 2, ['min_processes' => 3]));
refused(fn() => $s->addPool('p', ['sleep', '1'], 2, ['max_processes' => 1]));
refused(fn() => $s->addPool('p', ['sleep', '1'], 2, ['min_processes' => -1]));
refused(fn() => $s->addPool('p', ['sleep', '1'], 2, ['max_processes' => '4']));
refused(fn() => $s->addPool('p', ['sleep', '1'], 2, ['env' => 'A=1']));
refused(fn() => $s->addPool('p', ['sleep', '1'], 2, ['env' => ['A=B' => '1']]));
refused(fn() => $s->addPool('p', ['sleep', '1'], 2, ['env' => ['A' => 1]]));
refused(fn() => $s->addPool('p', ['sleep', '1'], 2, ['design_exits' => [0, 256]]));
refused(fn() => $s->addPool('p', ['sleep', '1'], 2, ['design_exits' => 0]));
refused(fn() => $s->addPool('p', ['sleep', '1'], 2, ['no_such_option' => 1]));
$s->addPool('p', ['sleep', '1'], 2);
refused(fn() => $s->addPool('p', ['sleep', '1'], 2));
echo "pools: ", implode(', ', array_keys($s->status()['pools'])), "\n";

echo "-- setProcesses\n";
refused(fn() => $s->setProcesses('q', 1));
refused(fn() => $s->setProcesses('p', 3));
refused(fn() => $s->setProcesses('p', -1));

echo "-- run\n";
refused(fn() => (new Supervisor())->run());
$lines = [];
$bad = new Supervisor(['log' => function (string $line, array $ev) use (&$lines) { $lines[] = $ev; }]);
$bad->addPool('good', ['sleep', '30'], 2);
$bad->addPool('missing', ['/no/such/program', '--flag'], 1);
refused(fn() => $bad->run());
$started = array_column(array_filter($lines, fn($e) => $e['event'] === 'started'), 'pid');
echo count($started), " started before, gone: ", fq_sup_wait_gone($started, 1) === [] ? 'yes' : 'no', ", state ", $bad->status()['state'], "\n";
$bad = new Supervisor(['log' => fn() => null]);
$bad->addPool('not-executable', [__FILE__], 1);
refused(fn() => $bad->run());
$bad = new Supervisor(['log' => fn() => null]);
$bad->addPool('not-in-path', ['fastqueue-no-such-program'], 1);
refused(fn() => $bad->run());
?>
--EXPECTF--
-- the constructor
ValueError: FastQueue\Supervisor::__construct(): Argument #1 ($options) option "stop_timeout" must be a finite number between 0 and 31536000
TypeError: FastQueue\Supervisor::__construct(): Argument #1 ($options) option "stop_timeout" must be of type int|float, string given
TypeError: FastQueue\Supervisor::__construct(): Argument #1 ($options) option "log" must be a valid callback or null, string given
ValueError: FastQueue\Supervisor::__construct(): Argument #1 ($options) contains unknown option "no_such_option"
ValueError: FastQueue\Supervisor::__construct(): Argument #1 ($options) must be an array with string keys
-- addPool
ValueError: FastQueue\Supervisor::addPool(): Argument #1 ($name) must be 1 to 100 bytes long, without NUL
ValueError: FastQueue\Supervisor::addPool(): Argument #1 ($name) must be 1 to 100 bytes long, without NUL
ValueError: FastQueue\Supervisor::addPool(): Argument #2 ($command) must be a non-empty list of strings
ValueError: FastQueue\Supervisor::addPool(): Argument #2 ($command) must hold strings without NUL bytes, and a program that is not empty
TypeError: FastQueue\Supervisor::addPool(): Argument #2 ($command) must hold only strings, int given at index 1
ValueError: FastQueue\Supervisor::addPool(): Argument #2 ($command) must be a non-empty list of strings
ValueError: FastQueue\Supervisor::addPool(): Argument #2 ($command) must hold strings without NUL bytes, and a program that is not empty
ValueError: FastQueue\Supervisor::addPool(): Argument #3 ($processes) must be between 0 and 1000
ValueError: FastQueue\Supervisor::addPool(): Argument #3 ($processes) must be between 0 and 1000
ValueError: FastQueue\Supervisor::addPool(): Argument #4 ($options) option "min_processes" must not be above $processes (2), 3 given
ValueError: FastQueue\Supervisor::addPool(): Argument #4 ($options) option "max_processes" must not be below $processes (2), 1 given
ValueError: FastQueue\Supervisor::addPool(): Argument #4 ($options) option "min_processes" must be between 0 and 1000
TypeError: FastQueue\Supervisor::addPool(): Argument #4 ($options) option "max_processes" must be of type int, string given
TypeError: FastQueue\Supervisor::addPool(): Argument #4 ($options) option "env" must be of type array, string given
ValueError: FastQueue\Supervisor::addPool(): Argument #4 ($options) option "env" must have names that are non-empty strings without '=' or NUL
TypeError: FastQueue\Supervisor::addPool(): Argument #4 ($options) option "env" must have string values without NUL, int given for "A"
ValueError: FastQueue\Supervisor::addPool(): Argument #4 ($options) option "design_exits" must hold only integers between 0 and 255
TypeError: FastQueue\Supervisor::addPool(): Argument #4 ($options) option "design_exits" must be of type array, int given
ValueError: FastQueue\Supervisor::addPool(): Argument #4 ($options) contains unknown option "no_such_option"
ValueError: FastQueue\Supervisor::addPool(): Argument #1 ($name) must be unique: a pool named "p" exists already
pools: p
-- setProcesses
ValueError: FastQueue\Supervisor::setProcesses(): Argument #1 ($pool) must name a pool, "q" is none
ValueError: FastQueue\Supervisor::setProcesses(): Argument #2 ($processes) must be between pool "p"'s min_processes (0) and max_processes (2), 3 given
ValueError: FastQueue\Supervisor::setProcesses(): Argument #2 ($processes) must be between pool "p"'s min_processes (0) and max_processes (2), -1 given
-- run
Error: FastQueue\Supervisor::run() needs a pool: call addPool() first
FastQueue\Exception: pool "missing": cannot start "/no/such/program": No such file or directory
2 started before, gone: yes, state idle
FastQueue\Exception: pool "not-executable": cannot start "%s": Permission denied
FastQueue\Exception: pool "not-in-path": cannot start "fastqueue-no-such-program": No such file or directory
