--TEST--
addGroup() and a pool's group options: each mistake refused with an error that names the option (balance, strategy, auto or a name without a RedisQueue, shared without a name, an unknown group, minimums above the budget, a balanced pool without queues, setProcesses() on a balanced pool, a registry name or host out of its alphabet); a pool's max_processes defaults to its group's budget
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php if (!extension_loaded('fastqueue')) die('skip fastqueue extension not loaded'); ?>
--FILE--
<?php
use FastQueue\RedisQueue;
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

$q = new RedisQueue(['port' => 1]); // never connected: these fail before run()
$cmd = ['sleep', '1'];
refused(fn() => (new Supervisor(['queue' => $q]))->addGroup('g', ['balance' => 'sometimes']));
refused(fn() => (new Supervisor(['queue' => $q]))->addGroup('g', ['strategy' => 'speed']));
refused(fn() => (new Supervisor())->addGroup('g', ['balance' => 'auto']));
refused(fn() => (new Supervisor(['queue' => $q]))->addGroup('g', ['shared' => true]));
refused(fn() => (new Supervisor(['queue' => $q]))->addGroup('g', ['max_processes' => 0]));
refused(fn() => (new Supervisor(['queue' => $q]))->addGroup('g', ['max_shift' => 0]));
refused(fn() => (new Supervisor(['queue' => $q]))->addGroup('g', ['cooldown' => 0]));
refused(fn() => new Supervisor(['name' => 'app']));
refused(fn() => new Supervisor(['queue' => $q, 'name' => 'app/1']));
refused(fn() => new Supervisor(['queue' => $q, 'name' => 'app', 'host' => 'web 1']));
refused(fn() => new Supervisor(['queue' => $q, 'queue' => new stdClass()]));

$s = new Supervisor(['queue' => $q]);
$s->addGroup('g', ['max_processes' => 3]);
refused(fn() => $s->addGroup('g'));
refused(fn() => $s->addPool('p', $cmd, 1, ['group' => 'nope', 'queues' => ['a']]));
refused(fn() => $s->addPool('p', $cmd, 1, ['group' => 'g']));
refused(fn() => $s->addPool('p', $cmd, 2, ['group' => 'g', 'queues' => ['a'], 'min_processes' => 2]));
refused(fn() => $s->addPool('q', $cmd, 2, ['group' => 'g', 'queues' => ['b'], 'min_processes' => 2]));
refused(fn() => $s->addPool('r', $cmd, 0, ['group' => 'g', 'queues' => ['']]));
refused(fn() => $s->setProcesses('p', 1));
echo "p's max_processes: ", $s->status()['pools']['p']['max_processes'], "\n";
echo "p's group and queues: ", $s->status()['pools']['p']['group'], ' ', json_encode($s->status()['pools']['p']['queues']), "\n";

$off = new Supervisor();
$off->addGroup('fixed', ['balance' => 'off', 'max_processes' => 4]);
$off->addPool('f', $cmd, 1, ['group' => 'fixed']);
refused(fn() => $off->setProcesses('f', 3));
echo json_encode($off->status()['groups']), "\n";
?>
--EXPECT--
ValueError: FastQueue\Supervisor::addGroup(): Argument #2 ($options) option "balance" must be "off", "simple" or "auto", "sometimes" given
ValueError: FastQueue\Supervisor::addGroup(): Argument #2 ($options) option "strategy" must be "time" or "size", "speed" given
ValueError: FastQueue\Supervisor::addGroup(): Argument #2 ($options) option "balance" "auto" needs the supervisor's option "queue": the figures are read from Redis
ValueError: FastQueue\Supervisor::addGroup(): Argument #2 ($options) option "shared" needs the supervisor's option "name": the budget is shared by the supervisors of one name
ValueError: FastQueue\Supervisor::addGroup(): Argument #2 ($options) option "max_processes" must be between 1 and 1000
ValueError: FastQueue\Supervisor::addGroup(): Argument #2 ($options) option "max_shift" must be between 1 and 1000
ValueError: FastQueue\Supervisor::addGroup(): Argument #2 ($options) option "cooldown" must be a finite number between 0.1 and 3600
ValueError: FastQueue\Supervisor::__construct(): Argument #1 ($options) option "name" needs the option "queue": the registry is kept in Redis
ValueError: FastQueue\Supervisor::__construct(): Argument #1 ($options) option "name" must be 1 to 100 bytes of letters, digits, '_', '.', ':' and '-'
ValueError: FastQueue\Supervisor::__construct(): Argument #1 ($options) option "host" must be 1 to 100 bytes of letters, digits, '_', '.', ':' and '-'
TypeError: FastQueue\Supervisor::__construct(): Argument #1 ($options) option "queue" must be of type ?FastQueue\RedisQueue, stdClass given
ValueError: FastQueue\Supervisor::addGroup(): Argument #1 ($name) must be unique: a group named "g" exists already
ValueError: FastQueue\Supervisor::addPool(): Argument #4 ($options) option "group" must name a group added with addGroup(), "nope" is none
ValueError: FastQueue\Supervisor::addPool(): Argument #4 ($options) option "queues" must name the pool's queues: group "g" balances it on their figures
accepted
ValueError: FastQueue\Supervisor::addPool(): Argument #4 ($options) option "min_processes" (2) would take group "g"'s minimums to 4, above its max_processes (3)
ValueError: FastQueue\Supervisor::addPool(): Argument #4 ($options) option "queues" must hold only queue names: non-empty strings without NUL
ValueError: FastQueue\Supervisor::setProcesses(): Argument #1 ($pool) must name a pool that balancing leaves alone: group "g" sets "p"'s processes
p's max_processes: 3
p's group and queues: g ["a"]
accepted
{"fixed":{"balance":"off","strategy":"time","max_processes":4,"max_shift":1,"cooldown":3,"shared":false,"budget":4,"hosts":1}}
