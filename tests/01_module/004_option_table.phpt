--TEST--
The constructors take exactly the options src/module/options.php declares, with its types and bounds: each typed option refuses another type naming that type, each bound is accepted and one step past it refused
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
 * behaves as that source says. No Redis: the constructors send nothing. */
use FastQueue\{RedisQueue, Worker};

$root = __DIR__ . '/../..';
$declared = require "$root/src/module/options.php";
preg_match_all('/^#define (FASTQUEUE_MAX_\w+) (\d+)$/m', file_get_contents("$root/src/base/seconds.h"), $m);
$constants = array_combine($m[1], array_map('intval', $m[2]))
    + ['ZEND_LONG_MAX' => PHP_INT_MAX, 'ZEND_LONG_MAX / 1048576' => intdiv(PHP_INT_MAX, 1048576)];
$make = [
    'RedisQueue' => fn(array $o) => new RedisQueue($o),
    'Worker' => fn(array $o) => new Worker(new RedisQueue(), null, $o),
];
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
function type_said(string $type): ?string
{
    return ['int' => 'int', '?int' => 'int', 'number' => 'int|float', '?number' => 'int|float', 'bool' => 'bool',
        'string' => 'string', '?string' => '?string'][$type] ?? null;
}

foreach ($declared as $class => $c) {
    $counted = 0;
    $e = refusal($make[$class], ['no_such_option' => 1]);
    if (!$e instanceof ValueError || !str_contains($e->getMessage(), 'contains unknown option "no_such_option"')) {
        $errors[] = "$class: an undeclared option is not refused as unknown";
    }
    foreach ($c['options'] as $name => $o) {
        $e = refusal($make[$class], [$name => new stdClass()]);
        $said = type_said($o['type']);
        if (!$e instanceof TypeError || str_contains($e->getMessage(), 'unknown option') || !str_contains($e->getMessage(), "\"$name\"")) {
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
            } elseif (!$accepted && (!$e instanceof ValueError || !str_contains($e->getMessage(), "\"$name\""))) {
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
Worker: %d options, %d bounds tried
the extension takes the options as src/module/options.php declares them
