--TEST--
fastqueue:work: registered by the provider, with queue:work's arguments and options (same names and defaults) plus --prefetch, --no-overlap, --lease-renewal, --timeout-mode and the --metrics options; fastqueue:metrics beside it
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp();
$list = $app->artisan(['list', 'fastqueue']);
echo $list['status'], ' ', preg_match('/^  fastqueue:work\s+\S/m', $list['stdout']), ' ', preg_match('/^  fastqueue:metrics\s+\S/m', $list['stdout']), "\n";

echo $app->run(<<<'PHP'
$commands = $app->make(Illuminate\Contracts\Console\Kernel::class)->all();
$describe = function ($definition) {
    $out = [];
    foreach ($definition->getArguments() as $a) {
        $out[$a->getName()] = 'argument required=' . (int) $a->isRequired() . ' default=' . var_export($a->getDefault(), true);
    }
    foreach ($definition->getOptions() as $o) {
        $out['--' . $o->getName()] = 'option value=' . ($o->acceptValue() ? ($o->isValueRequired() ? 'required' : 'optional') : 'none')
            . ' default=' . var_export($o->getDefault(), true);
    }
    return $out;
};
$laravel = $describe($commands['queue:work']->getDefinition());
$fast = $describe($commands['fastqueue:work']->getDefinition());
// Laravel 8.83's options, which every version has; then what this version adds (Laravel 13:
// --stop-when-empty-for, --json), all of which fastqueue:work must have the same.
$base = ['connection', '--name', '--queue', '--daemon', '--once', '--stop-when-empty', '--delay', '--backoff',
    '--max-jobs', '--max-time', '--force', '--memory', '--sleep', '--rest', '--timeout', '--tries'];
$more = [];
foreach ($laravel as $name => $what) {
    $same = ($fast[$name] ?? null) === $what;
    if (in_array($name, $base, true) || !$same) {
        printf("%-18s %s %s\n", $name, $what, $same ? 'same' : 'DIFFERENT: ' . ($fast[$name] ?? 'missing'));
    } else {
        $more[] = $name;
    }
}
echo "this version's other queue:work options, the same: ", implode(', ', $more) ?: 'none', "\n";
foreach (array_diff_key($fast, $laravel) as $name => $what) {
    printf("%-18s %s (fastqueue:work only)\n", $name, $what);
}
echo get_class($commands['fastqueue:work']), "\n";
PHP);

$help = $app->artisan(['help', 'fastqueue:work']);
echo $help['status'], ' ', str_contains($help['stdout'], '--timeout-mode[=TIMEOUT-MODE]') ? 'help ok' : $help['stdout'], "\n";
?>
--EXPECTF--
0 1 1
connection         argument required=0 default=NULL same
--name             option value=optional default='default' same
--queue            option value=optional default=NULL same
--daemon           option value=none default=false same
--once             option value=none default=false same
--stop-when-empty  option value=none default=false same
--delay            option value=optional default='0' same
--backoff          option value=optional default='0' same
--max-jobs         option value=optional default='0' same
--max-time         option value=optional default='0' same
--force            option value=none default=false same
--memory           option value=optional default='128' same
--sleep            option value=optional default='3' same
--rest             option value=optional default='0' same
--timeout          option value=optional default='60' same
--tries            option value=optional default='1' same
this version's other queue:work options, the same: %s
--prefetch         option value=optional default='1' (fastqueue:work only)
--no-overlap       option value=none default=false (fastqueue:work only)
--lease-renewal    option value=none default=false (fastqueue:work only)
--timeout-mode     option value=optional default='kill' (fastqueue:work only)
--metrics          option value=none default=false (fastqueue:work only)
--metrics-file     option value=optional default=NULL (fastqueue:work only)
--metrics-listen   option value=optional default=NULL (fastqueue:work only)
--metrics-allow    option value=optional default=NULL (fastqueue:work only)
--metrics-publish  option value=none default=false (fastqueue:work only)
--metrics-interval option value=optional default=NULL (fastqueue:work only)
--metrics-worker   option value=optional default=NULL (fastqueue:work only)
FastQueue\Laravel\Console\WorkCommand
0 help ok
