--TEST--
fastqueue.stub.php is the whole API reference and docs/api.md names all of it: every class, public method (with a docblock, its @param and @return), constant, Worker event and option key the extension accepts
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php
foreach (['fastqueue.stub.php', 'docs/api.md', 'src/module/redis_queue_options_table.h', 'src/module/worker_options_table.h', 'src/module/job_options_table.h', 'src/module/supervisor_options_table.h', 'src/module/supervisor_pool_options_table.h', 'src/worker/worker_events.c'] as $f) {
    if (!is_file(__DIR__ . "/../../$f")) die("skip $f is not beside the tests (not run from a checkout)");
}
?>
--FILE--
<?php
/* The stub is parsed with regular expressions (its layout is ours: a docblock right before each
 * class, constant and method; option and event lists as lines "- 'name' (..."), and what the
 * extension accepts is asked of the extension itself wherever it can answer. */
use FastQueue\{RedisQueue, Worker, Job, Supervisor};

$root = __DIR__ . '/../..';
$stub = file_get_contents("$root/fastqueue.stub.php");
$api = file_get_contents("$root/docs/api.md");
$errors = [];
function problem(string $what): void { global $errors; $errors[] = $what; }

/* A docblock's description: its lines before the first tag, without the comment markers. */
function description(?string $doc): string
{
    $text = [];
    foreach (preg_split('/\R/', (string) $doc) as $line) {
        $line = trim(preg_replace(['#^\s*/\*\*#', '#\*/\s*$#', '#^\s*\*#'], '', $line));
        if (str_starts_with($line, '@')) {
            break;
        }
        $text[] = $line;
    }
    return trim(implode(' ', $text));
}

/* The names of a docblock's list items "- 'name' (...": option keys and event names; items
 * indented under another (an option's keys) are not the docblock's own. */
function listed(string $doc): array
{
    preg_match_all("/^\s*\*(\s+)- '([A-Za-z_:]+)' \(/m", $doc, $m);
    if (!$m[1]) {
        return [];
    }
    $top = min(array_map('strlen', $m[1]));
    return array_values(array_filter($m[2], fn($name, $i) => strlen($m[1][$i]) === $top, ARRAY_FILTER_USE_BOTH));
}

/* docs/api.md cut at its "## " or "### " headings: heading => text up to the next one of that level. */
function sections(string $md, string $level): array
{
    $out = [];
    $parts = preg_split('/^(' . preg_quote($level, '/') . ' .*)$/m', $md, -1, PREG_SPLIT_DELIM_CAPTURE);
    for ($i = 1; $i + 1 < count($parts); $i += 2) {
        $out[trim(substr($parts[$i], strlen($level)))] = $parts[$i + 1];
    }
    return $out;
}

/* The option names of a table scripts/gen-options wrote (the rows its options are read by):
 * those of the array $rows alone, not of the nested tables beside it. */
function table_keys(string $file, string $rows): array
{
    global $root;
    preg_match('/\b' . $rows . '\[\] = \{(.*?)\n\};/s', file_get_contents("$root/$file"), $m);
    preg_match_all('/\{\.name = "([^"]+)"/', $m[1] ?? '', $k);
    if (!$k[1]) {
        problem("$file: no option rows $rows to read the names from");
    }
    return $k[1];
}

/* {{{ the stub: classes, their docblocks and bodies, constants, methods */
preg_match_all('/(\/\*\*(?:(?!\*\/).)*\*\/)\s*(?:final\s+)?class\s+(\w+)(?:\s+extends\s+([\\\\\w]+))?/s',
    $stub, $cm, PREG_SET_ORDER | PREG_OFFSET_CAPTURE);
$stubClasses = [];
foreach ($cm as $i => $c) {
    $end = $cm[$i + 1][0][1] ?? strlen($stub);
    $body = substr($stub, $c[0][1], $end - $c[0][1]);
    $class = 'FastQueue\\' . $c[2][0];
    /* A name with a leading backslash is global, one without is in the stub's namespace. */
    $parent = !isset($c[3]) ? null
        : (str_starts_with($c[3][0], '\\') ? substr($c[3][0], 1) : "FastQueue\\{$c[3][0]}");
    $stubClasses[$class] = ['doc' => $c[1][0], 'parent' => $parent, 'methods' => [], 'consts' => []];
    preg_match_all('/(?:(\/\*\*(?:(?!\*\/).)*\*\/)\s*)?(public|protected|private)\s+function\s+(\w+)\s*\(/s', $body, $mm, PREG_SET_ORDER);
    foreach ($mm as $m) {
        $stubClasses[$class]['methods'][$m[3]] = ['doc' => $m[1] ?: null, 'visibility' => $m[2]];
    }
    preg_match_all('/(?:(\/\*\*(?:(?!\*\/).)*\*\/)\s*)?public\s+const\s+(\w+)\s*=\s*([^;]+);/s', $body, $km, PREG_SET_ORDER);
    foreach ($km as $k) {
        $stubClasses[$class]['consts'][$k[2]][] = ['doc' => $k[1] ?: null, 'value' => trim($k[3])];
    }
}
/* }}} */

$ext = new ReflectionExtension('fastqueue');
$classes = $ext->getClassNames();
sort($classes);
$stubNames = array_keys($stubClasses);
sort($stubNames);
if ($classes !== $stubNames) {
    problem('classes: the extension has ' . implode(', ', $classes) . '; the stub declares ' . implode(', ', $stubNames));
}

$apiSections = sections($api, '##');
$apiSubsections = sections($api, '###');
$sectionOf = fn(string $class) => $apiSections["`$class`"] ?? null;

foreach ($classes as $class) {
    $rc = new ReflectionClass($class);
    $s = $stubClasses[$class] ?? null;
    if (!$s) {
        continue;
    }
    if (description($s['doc']) === '') {
        problem("$class: its docblock in the stub says nothing");
    }
    if ($rc->isSubclassOf(Throwable::class)) {
        $parent = $rc->getParentClass()->getName();
        if ($parent !== $s['parent']) {
            problem("$class extends $parent, the stub says {$s['parent']}");
        }
        if (!str_contains($apiSections['Exceptions and argument errors'] ?? '', "`$class`")) {
            problem("$class: not in docs/api.md's exceptions table");
        }
    }
    $doc = $sectionOf($class);
    $methods = array_filter($rc->getMethods(ReflectionMethod::IS_PUBLIC),
        fn($m) => $m->getDeclaringClass()->getName() === $class);
    if (!$rc->isSubclassOf(Throwable::class)) {
        if (!$methods) {
            problem("$class: Reflection finds no public method (is the extension the one built?)");
        }
        if ($doc === null) {
            problem("$class: docs/api.md has no section \"## `$class`\"");
        }
    }
    foreach ($methods as $m) {
        $name = $m->getName();
        $sm = $s['methods'][$name] ?? null;
        if (!$sm) {
            problem("$class::$name(): public in the extension, not declared in the stub");
            continue;
        }
        if (description($sm['doc']) === '' || !preg_match('/[A-Za-z]/', description($sm['doc']))) {
            problem("$class::$name(): no docblock in the stub, or one that says nothing");
        }
        foreach ($m->getParameters() as $p) {
            if (!preg_match('/@param\s+\S+\s+\$' . $p->getName() . '\b/', (string) $sm['doc'])) {
                problem("$class::$name(): the stub's docblock has no @param for \${$p->getName()}");
            }
        }
        if ($m->hasReturnType() && !preg_match('/@return\s+\S/', (string) $sm['doc'])) {
            problem("$class::$name(): the stub's docblock has no @return");
        }
        if ($doc !== null && !str_contains($doc, "`$name(")) {
            problem("$class::$name(): not named in docs/api.md's section on $class");
        }
    }
    foreach ($s['methods'] as $name => $sm) {
        if (!$rc->hasMethod($name)) {
            problem("$class::$name(): in the stub, not in the extension");
        }
    }
    foreach ($rc->getReflectionConstants() as $k) {
        if ($k->getDeclaringClass()->getName() !== $class) {
            continue;
        }
        $name = $k->getName();
        $decls = $s['consts'][$name] ?? [];
        $value = var_export($k->getValue(), true);
        if (!$decls) {
            problem("$class::$name: a constant of the extension, not in the stub");
        } elseif (!in_array($value, array_column($decls, 'value'), true)) {
            problem("$class::$name is $value; the stub says " . implode(' or ', array_column($decls, 'value')));
        }
        if ($decls && !array_filter($decls, fn($d) => description($d['doc']) !== '')) {
            problem("$class::$name: no docblock in the stub that says what it is");
        }
        if ($doc !== null && !preg_match('/\b' . $name . '\b/', $doc)) {
            problem("$class::$name: not named in docs/api.md's section on $class");
        }
    }
    printf("%s: %d public methods, %d constants\n", $class, count($methods), count($rc->getReflectionConstants()));
}

/* {{{ Worker events: the extension is asked which names on() accepts, among those its
 * ValueError lists, those src/worker/worker_events.c's event_names holds and those the stub lists. */
$worker = new Worker(new RedisQueue());
$listener = fn() => null;
$said = [];
try {
    $worker->on('no such event', $listener);
    problem('Worker::on() accepted the event "no such event"');
} catch (ValueError $e) {
    if (preg_match('/must be one of (.+); "no such event" given$/', $e->getMessage(), $m)) {
        $said = array_map('trim', explode(',', $m[1]));
    } else {
        problem('Worker::on(): its ValueError lists no events: ' . $e->getMessage());
    }
}
preg_match('/event_names\[EV_COUNT\]\s*=\s*\{(.*?)\};/s', file_get_contents("$root/src/worker/worker_events.c"), $m);
preg_match_all('/"([^"]+)"/', $m[1] ?? '', $c);
$inC = $c[1];
if (!$inC) {
    problem('src/worker/worker_events.c: no event_names to read');
}
$stubEvents = listed((string) ($stubClasses['FastQueue\Worker']['methods']['on']['doc'] ?? ''));
$accepted = [];
foreach (array_unique(array_merge($said, $inC, $stubEvents)) as $event) {
    try {
        if ($worker->on($event, $listener) === $worker) {
            $accepted[] = $event;
        }
    } catch (ValueError) {
    }
}
function sorted(array $a): array
{
    sort($a);
    return $a;
}
sort($accepted);
if (!$accepted) {
    problem('Worker::on() accepts none of the candidate events');
}
if (sorted($said) !== $accepted) {
    problem('Worker::on(): its ValueError lists ' . implode(', ', sorted($said)) . ' but it accepts ' . implode(', ', $accepted));
}
foreach (array_diff($accepted, $stubEvents) as $event) {
    problem("event '$event': accepted by Worker::on(), not listed in the stub's on() docblock");
}
foreach (array_diff($stubEvents, $accepted) as $event) {
    problem("event '$event': listed in the stub's on() docblock, refused by Worker::on()");
}
foreach ($accepted as $event) {
    if (!str_contains($apiSubsections['Events'] ?? '', "`$event`")) {
        problem("event '$event': not in docs/api.md's Events section");
    }
}
printf("Worker events: %d\n", count($accepted));
/* }}} */

/* {{{ Option keys. A known key given an object is refused with a TypeError that names it; an
 * unknown key with a ValueError "contains unknown option" (src/module/options.c's readers and
 * its table loop). */
function refusal(callable $make): ?Throwable
{
    try {
        $make();
    } catch (TypeError|ValueError $e) {
        return $e;
    }
    return null;
}

$checks = [
    'RedisQueue::__construct()' => [
        'doc' => $stubClasses['FastQueue\RedisQueue']['methods']['__construct']['doc'] ?? '',
        'make' => fn($options) => new RedisQueue($options),
        'c' => table_keys('src/module/redis_queue_options_table.h', 'redis_queue_option_rows'),
        'api' => 'RedisQueue options',
    ],
    'Worker::__construct()' => [
        'doc' => $stubClasses['FastQueue\Worker']['methods']['__construct']['doc'] ?? '',
        'make' => fn($options) => new Worker(new RedisQueue(), null, $options),
        'c' => table_keys('src/module/worker_options_table.h', 'worker_option_rows'),
        'api' => 'Worker options',
    ],
    'Supervisor::__construct()' => [
        'doc' => $stubClasses['FastQueue\Supervisor']['methods']['__construct']['doc'] ?? '',
        'make' => fn($options) => new Supervisor($options),
        'c' => table_keys('src/module/supervisor_options_table.h', 'supervisor_option_rows'),
        'api' => 'Supervisor options',
    ],
    'Supervisor::addPool()' => [
        'doc' => $stubClasses['FastQueue\Supervisor']['methods']['addPool']['doc'] ?? '',
        'make' => fn($options) => (new Supervisor())->addPool('p', ['true'], 1, $options),
        'c' => table_keys('src/module/supervisor_pool_options_table.h', 'supervisor_pool_option_rows'),
        'api' => 'Pool options',
    ],
    /* Refused before any command is sent: no Redis is needed. */
    'RedisQueue::push()' => [
        'doc' => $stubClasses['FastQueue\RedisQueue']['methods']['push']['doc'] ?? '',
        'make' => fn($options) => (new RedisQueue())->push('Job', '', null, $options),
        'c' => table_keys('src/module/job_options_table.h', 'job_option_rows'),
        'api' => 'Job options of `push` and `later`',
    ],
];
foreach ($checks as $where => $check) {
    $keys = listed((string) $check['doc']);
    if (!$keys) {
        problem("$where: the stub's docblock lists no option");
    }
    $e = refusal(fn() => ($check['make'])(['no_such_option' => 1]));
    if (!$e instanceof ValueError || !str_contains($e->getMessage(), 'contains unknown option "no_such_option"')) {
        problem("$where: an unknown option is not refused as this test expects: " . ($e ? get_class($e) . ': ' . $e->getMessage() : 'accepted'));
    }
    foreach ($keys as $key) {
        $e = refusal(fn() => ($check['make'])([$key => new stdClass()]));
        if (!$e || str_contains($e->getMessage(), 'unknown option') || !str_contains($e->getMessage(), "\"$key\"")) {
            problem("$where: option '$key' of the stub is not one it knows: " . ($e ? get_class($e) . ': ' . $e->getMessage() : 'accepted'));
        }
        if (!str_contains($apiSubsections[$check['api']] ?? '', "`$key`")) {
            problem("$where: option '$key' is not in docs/api.md's \"{$check['api']}\"");
        }
    }
    foreach (array_diff($check['c'], $keys) as $key) {
        problem("$where: option '$key' is read by the C, not listed in the stub's docblock");
    }
    printf("%s: %d options\n", $where, count($keys));
}
/* }}} */

echo $errors ? implode("\n", $errors) . "\n" : "the stub and docs/api.md cover the whole API\n";
?>
--EXPECTF--
FastQueue\ConnectionException: %d public methods, %d constants
FastQueue\Exception: %d public methods, %d constants
FastQueue\Job: %d public methods, %d constants
FastQueue\ManuallyFailedException: %d public methods, %d constants
FastQueue\MaxAttemptsExceededException: %d public methods, %d constants
FastQueue\PayloadException: %d public methods, %d constants
FastQueue\RedisException: %d public methods, %d constants
FastQueue\RedisQueue: %d public methods, %d constants
FastQueue\ReplicationException: %d public methods, %d constants
FastQueue\Supervisor: %d public methods, %d constants
FastQueue\TimeoutException: %d public methods, %d constants
FastQueue\Worker: %d public methods, %d constants
Worker events: %d
RedisQueue::__construct(): %d options
Worker::__construct(): %d options
Supervisor::__construct(): %d options
Supervisor::addPool(): %d options
RedisQueue::push(): %d options
the stub and docs/api.md cover the whole API
