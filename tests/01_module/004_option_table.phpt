--TEST--
The constructors, push(), later() and Supervisor::addPool() take exactly the options src/module/options.php declares, and tls and sentinel exactly its keys, with its types and bounds: each typed option refuses another type naming that type, each bound is accepted and one step past it refused
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php
foreach (['src/module/options.php', 'src/base/seconds.h'] as $f) {
    if (!is_file(__DIR__ . "/../../$f")) die("skip $f is not beside the tests (not run from a checkout)");
}
?>
--FILE--
<?php
/* options.php is the one source the C tables, the stub and docs/api.md are generated from
 * (scripts/gen-options --check keeps those current); this asks the built extension whether it
 * behaves as that source says. No Redis: the constructors send nothing, and push() and later()
 * send to a closed port. */
use FastQueue\{RedisQueue, Worker};

$root = __DIR__ . '/../..';
$declared = require "$root/src/module/options.php";
preg_match_all('/^#define (FASTQUEUE_MAX_\w+) (\d+)$/m', file_get_contents("$root/src/base/seconds.h"), $m);
$constants = array_combine($m[1], array_map('intval', $m[2]))
    + ['ZEND_LONG_MAX' => PHP_INT_MAX, 'ZEND_LONG_MAX / 1048576' => intdiv(PHP_INT_MAX, 1048576)];
$make = [
    'RedisQueue' => fn(array $o) => new RedisQueue($o),
    'Worker' => fn(array $o) => new Worker(new RedisQueue(), null, $o),
    'Job' => fn(array $o) => sent(fn($q) => $q->push('Job', '', null, $o)),
    'Job later()' => fn(array $o) => sent(fn($q) => $q->later(0, 'Job', '', null, $o)),
    'RedisQueue tls' => fn(array $o) => new RedisQueue(['tls' => $o]),
    /* The required keys given, so that a refusal is the key's own. */
    'RedisQueue sentinel' => fn(array $o) => new RedisQueue(['sentinel' => $o + ['nodes' => ['127.0.0.1:1'], 'service' => 'm']]),
    'Supervisor' => fn(array $o) => new FastQueue\Supervisor($o),
    'SupervisorGroup' => fn(array $o) => (new FastQueue\Supervisor(['queue' => new RedisQueue()]))->addGroup('g', $o),
    'SupervisorPool' => fn(array $o) => (new FastQueue\Supervisor())->addPool('p', ['true'], pool_processes($o), $o),
    /* One queue's limits, rate and per given together (each needs the other). */
    'Worker limits' => fn(array $o) => new Worker(new RedisQueue(), null, ['limits' => ['q' => $o + ['rate' => 1, 'per' => 1]]]),
];
/* A pool's $processes that the count options given allow (min_processes at most, max_processes
 * at least it), so that a bound refused is refused by the option's own bounds. */
function pool_processes(array $o): int
{
    foreach (['min_processes', 'max_processes'] as $count) {
        if (is_int($o[$count] ?? null) && $o[$count] >= 0 && $o[$count] <= 1000) {
            return $o[$count];
        }
    }
    return 1;
}
/* push() and later() to a port where no Redis listens: options they accept end in the
 * ConnectionException of the send, those they refuse before it. */
function sent(callable $call): void
{
    try {
        $call(new RedisQueue(['port' => 1, 'connect_timeout' => 0.5]));
    } catch (FastQueue\ConnectionException) {
    }
}
/* Each set to try: its rows, how a key is named in messages, and what an unknown key is. */
$sets = [];
foreach ($declared as $class => $c) {
    foreach ($class === 'Job' ? ['Job', 'Job later()'] : [$class] as $set) {
        $sets[$set] = [$c, '', 'contains unknown option "no_such_option"'];
    }
    foreach ($c['options'] as $name => $o) {
        if (isset($o['keys'])) {
            $sets["$class $name"] = [$o['keys'], "$name.", "option \"$name\" contains unknown key \"no_such_option\""];
        }
    }
}
/* The limits option is keyed by queue name: its keys are named limits["QUEUE"]["KEY"]. */
$sets['Worker limits'][1] = 'limits["q"]["';
$sets['Worker limits'][2] = 'option "limits["q"]" contains unknown key "no_such_option"';
$errors = [];

function refusal(callable $make, array $options): ?Throwable
{
    try {
        $make($options);
    } catch (TypeError|ValueError $e) {
        return $e;
    }
    return null;
}

/* What the typed readers of src/module/options.c say a value must be. */
function type_said(string $type, bool $nullable_said): ?string
{
    return ['int' => 'int', '?int' => $nullable_said ? '?int' : 'int', 'number' => 'int|float', '?number' => 'int|float', 'bool' => 'bool',
        'string' => 'string', '?string' => '?string'][$type] ?? null;
}

foreach ($sets as $class => [$c, $prefix, $unknown]) {
    $counted = 0;
    $e = refusal($make[$class], ['no_such_option' => 1]);
    if (!$e instanceof ValueError || !str_contains($e->getMessage(), $unknown)) {
        $errors[] = "$class: an undeclared option is not refused as unknown";
    }
    foreach ($c['options'] as $name => $o) {
        $e = refusal($make[$class], [$name => new stdClass()]);
        $said = type_said($o['type'], !empty($c['nullable_said']));
        $label = $prefix . $name;
        if (!$e instanceof TypeError || str_contains($e->getMessage(), 'unknown') || !str_contains($e->getMessage(), "\"$label\"")) {
            $errors[] = "$class '$name': an object is not refused with a TypeError naming it: " . ($e ? $e->getMessage() : 'accepted');
        } elseif ($said !== null && !str_contains($e->getMessage(), "must be of type $said, stdClass given")) {
            $errors[] = "$class '$name': declared {$o['type']}, but: " . $e->getMessage();
        }
        if (!isset($o['min'])) {
            continue;
        }
        $int = ltrim($o['type'], '?') === 'int';
        $step = $int ? 1 : 0.001;
        $max = isset($o['max']) ? (is_string($o['max']) ? $constants[$o['max']] : $o['max']) : null;
        $bounds = [[$o['min'], true], [$o['min'] - $step, false]];
        if ($max !== null && $max < PHP_INT_MAX) {
            array_push($bounds, [$max, true], [$max + $step, false]);
        }
        foreach ($bounds as [$value, $accepted]) {
            /* A check beyond the bounds (timeout_grace above 0, say) may refuse the bound itself. */
            if ($accepted && isset($o['check']) && $value === $o['min']) {
                continue;
            }
            $e = refusal($make[$class], [$name => $value]);
            if ($accepted && $e) {
                $errors[] = "$class '$name': its bound $value is refused: " . $e->getMessage();
            } elseif (!$accepted && (!$e instanceof ValueError || !str_contains($e->getMessage(), "\"$label\""))) {
                $errors[] = "$class '$name': $value, past its bounds, is not refused with a ValueError naming it";
            }
            $counted++;
        }
    }
    printf("%s: %d options, %d bounds tried\n", $class, count($c['options']), $counted);
}
echo $errors ? implode("\n", $errors) . "\n" : "the extension takes the options as src/module/options.php declares them\n";
?>
--EXPECTF--
RedisQueue: %d options, %d bounds tried
RedisQueue tls: %d options, %d bounds tried
RedisQueue sentinel: %d options, %d bounds tried
Worker: %d options, %d bounds tried
Worker limits: %d options, %d bounds tried
Job: %d options, %d bounds tried
Job later(): %d options, %d bounds tried
Supervisor: %d options, %d bounds tried
SupervisorGroup: %d options, %d bounds tried
SupervisorPool: %d options, %d bounds tried
the extension takes the options as src/module/options.php declares them
