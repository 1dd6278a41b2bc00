--TEST--
fastqueue:work with the options newer versions of queue:work have (Laravel 13: --json, --stop-when-empty-for): the same output and exit as queue:work on the same jobs; on versions without them, both commands refuse them alike
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'work021']);
$options = json_decode($app->run(<<<'PHP'
echo json_encode(array_keys($app->make(Illuminate\Contracts\Console\Kernel::class)->all()['queue:work']->getDefinition()->getOptions()));
PHP), true);

// Output without what differs from run to run: dates, ids, uuids, durations, memory.
$mask = function (string $stdout): array {
    $lines = [];
    foreach (explode("\n", trim($stdout)) as $line) {
        if ($line === '') {
            continue;
        }
        $json = json_decode($line, true);
        if (is_array($json)) {
            foreach (['id', 'uuid', 'timestamp', 'duration', 'memory'] as $k) {
                if (isset($json[$k])) {
                    $json[$k] = strtoupper($k);
                }
            }
            $line = json_encode($json);
        } else {
            $line = preg_replace(['/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/', '/ \.+ [\d.]+\S*( \d\S*)* (DONE|FAIL)$/'], ['DATE', ' ... TIME $2'], $line);
        }
        $lines[] = $line;
    }
    return $lines;
};
$both = function (array $args, string $dispatch) use ($app, $mask) {
    $out = [];
    foreach (['queue:work', 'fastqueue:work'] as $command) {
        $app->reset();
        if ($dispatch !== '') {
            $app->run($dispatch);
        }
        $r = $app->artisan(array_merge([$command], $args), 20);
        $out[$command] = ['status' => $r['status'], 'stdout' => $mask($r['stdout']), 'stderr' => $r['stderr'] !== '',
            'left' => count($app->queueState('work021')['queue']) + count($app->queueState('work021')['delayed'])];
    }
    return $out;
};
$report = function (string $label, array $out) {
    if ($out['queue:work'] === $out['fastqueue:work']) {
        echo "$label: same as queue:work\n";
    } else {
        echo "$label: DIFFERENT\n", var_export($out, true), "\n";
    }
};

// Where the running queue:work has the option, fastqueue:work runs with it; where it has not,
// both refuse it (status 1, "option does not exist").
$expected = function (string $option, array $out, callable $ran) use ($options) {
    $fast = $out['fastqueue:work'];
    $ok = in_array($option, $options, true) ? $ran($fast) : $fast['status'] === 1 && $fast['left'] === $out['queue:work']['left'];
    echo '  ', $ok ? 'as expected in this version' : 'NOT as expected: ' . var_export($fast, true), "\n";
};

$dispatch = "App\\Jobs\\RecordJob::dispatch('one'); App\\Jobs\\ThrowJob::dispatch('two'); App\\Jobs\\TriesJob::dispatch('three');";
$out = $both(['--json', '--stop-when-empty', '--sleep=0'], $dispatch);
$report('--json', $out);
// A JSON line as each job starts and ends (TriesJob: twice), none left.
$expected('json', $out, fn ($fast) => $fast['status'] === 0 && $fast['left'] === 0
    && count(array_filter($fast['stdout'], fn ($l) => is_array(json_decode($l, true)))) >= 8);

$out = $both(['--stop-when-empty-for=1', '--sleep=0.2'], '');
$report('--stop-when-empty-for=1, idle', $out);
$expected('stop-when-empty-for', $out, fn ($fast) => $fast['status'] === 0);
?>
--EXPECT--
--json: same as queue:work
  as expected in this version
--stop-when-empty-for=1, idle: same as queue:work
  as expected in this version
