--TEST--
Parity, terminal width: job lines padded to the same width as queue:work's, with COLUMNS unset, set, changed by a job, and with a terminal on standard input
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../inc/laravel_app.inc';

// From Laravel 9 on, a job line is padded with dots to Termwind's terminal()->width():
// COLUMNS, else what `stty -a` says, else 80. fastqueue:work gives that width without running
// stty when stdin is no terminal (Fast\TerminalWidth); each case runs both commands on the same
// jobs and compares the length of every job line (the dots make it: the time in a DONE line
// only moves dots around). The parity harness masks the dots, so it could not see this.
$app = new FqLaravelApp(['queue' => 'width']);
file_put_contents("$app->base/app/Jobs/ColumnsJob.php", <<<'PHP'
<?php
namespace App\Jobs;

use Illuminate\Bus\Queueable;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Foundation\Bus\Dispatchable;
use Illuminate\Queue\InteractsWithQueue;

// Sets COLUMNS for the rest of the run (null: unsets it), as a job of an application could.
class ColumnsJob implements ShouldQueue
{
    use Dispatchable, InteractsWithQueue, Queueable;

    public function __construct(public ?string $columns) {}

    public function handle(): void
    {
        putenv($this->columns === null ? 'COLUMNS' : "COLUMNS={$this->columns}");
    }
}

PHP);

// Runs $command over the jobs $dispatch pushes; $columns null: COLUMNS unset; $tty: inside
// script(1), with a pseudo-terminal of 132 columns on stdin and --no-ansi. Returns the job lines' lengths.
$lengths = function (string $command, string $dispatch, ?string $columns, bool $tty) use ($app): array {
    $app->reset();
    $app->run($dispatch);
    $env = getenv();
    unset($env['COLUMNS'], $env['LINES']);
    if ($columns !== null) {
        $env['COLUMNS'] = $columns;
    }
    $cmd = array_merge($app->phpCommand(), ["$app->base/artisan", $command, '--stop-when-empty', '--queue=width']);
    if ($tty) {
        // (--no-ansi: a terminal would decorate the lines, and then both print through Laravel.)
        $cmd[] = '--no-ansi';
        // script(1) runs without a memory pass's preloaded sanitizer runtimes, which would report
        // script's own leaks; the php inside gets them back.
        $preload = isset($env['LD_PRELOAD']) ? 'LD_PRELOAD=' . escapeshellarg($env['LD_PRELOAD']) . ' ' : '';
        unset($env['LD_PRELOAD']);
        $cmd = ['script', '-qec', 'stty cols 132 rows 40; ' . $preload . implode(' ', array_map('escapeshellarg', $cmd)), '/dev/null'];
    }
    $proc = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, $app->base, $env);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    $status = proc_close($proc);
    $lines = preg_grep('/(RUNNING|DONE|FAIL)$|\] (Processing|Processed|Failed):/', preg_split('/\r?\n/', $out));
    if ($status !== 0 || count($lines) < 2) {
        echo "$command failed ($status): $err$out\n";
    }
    return array_map('strlen', array_values($lines));
};

$noops = 'App\Jobs\NoopJob::dispatch(1); App\Jobs\NoopJob::dispatch(2);';
$cases = [
    'COLUMNS unset, no terminal' => [$noops, null, false],
    'COLUMNS=120' => [$noops, '120', false],
    'COLUMNS set and unset by a job' => ['App\Jobs\NoopJob::dispatch(1); App\Jobs\ColumnsJob::dispatch("100"); App\Jobs\NoopJob::dispatch(2);'
        . ' App\Jobs\ColumnsJob::dispatch(null); App\Jobs\NoopJob::dispatch(3);', null, false],
    'a terminal on stdin' => [$noops, null, true],
];
foreach ($cases as $name => [$dispatch, $columns, $tty]) {
    $laravel = $lengths('queue:work', $dispatch, $columns, $tty);
    $fast = $lengths('fastqueue:work', $dispatch, $columns, $tty);
    printf("%-32s %s\n", $name, $laravel === $fast ? 'same' : 'different: queue:work ' . implode(',', $laravel) . ', fastqueue:work ' . implode(',', $fast));
}
?>
--EXPECT--
COLUMNS unset, no terminal       same
COLUMNS=120                      same
COLUMNS set and unset by a job   same
a terminal on stdin              same
