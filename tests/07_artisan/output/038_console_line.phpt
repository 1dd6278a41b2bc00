--TEST--
The job lines' direct writer (Fast\ConsoleLine) leaves what Laravel's writeln(OUTPUT_RAW) leaves: the same bytes on the stream at every verbosity, the same last characters in SymfonyStyle's buffer (so a block written next gets the same blank lines) and, on 10 and later, the same new-line count; anything but Laravel's OutputStyle over a stream gets no direct writer
--EXTENSIONS--
fastqueue
--SKIPIF--
<?php require __DIR__ . '/../../inc/laravel_app.inc'; fq_skip_unless_laravel_app(); ?>
--FILE--
<?php
require __DIR__ . '/../../inc/laravel_app.inc';

$app = new FqLaravelApp(['queue' => 'line038']);
echo $app->run(<<<'PHP'
use FastQueue\Laravel\Fast\ConsoleLine;
use Illuminate\Console\OutputStyle;
use Symfony\Component\Console\Input\ArrayInput;
use Symfony\Component\Console\Output\{BufferedOutput, OutputInterface, StreamOutput};

// What a user of the command's output can see after $write: the bytes, then the lines a block
// and a title written next add, and Laravel's new-line count where it keeps one.
$observe = function (int $verbosity, Closure $write): string {
    $stream = fopen('php://memory', 'w+');
    $style = new OutputStyle(new ArrayInput([]), new StreamOutput($stream, $verbosity, false));
    // A blank line first: a block after it adds none, a block after a text line adds one.
    $style->writeln('before');
    $style->newLine();
    $write($style);
    $counts = method_exists($style, 'newLinesWritten') ? ' new lines '.$style->newLinesWritten().' '.var_export($style->newLineWritten(), true) : '';
    $style->success('next block');
    $style->writeln('no new line at the end', OutputInterface::OUTPUT_RAW);
    $style->title('a title');
    rewind($stream);

    return stream_get_contents($stream).$counts;
};
$lines = ['[2026-11-27 20:00:00][abc] Processing: App\Jobs\NoopJob', '  2026-11-27 20:00:00 App\Jobs\NoopJob ........ 1.05ms DONE'];
foreach ([OutputInterface::VERBOSITY_QUIET => 'quiet', OutputInterface::VERBOSITY_NORMAL => 'normal', OutputInterface::VERBOSITY_VERBOSE => 'verbose'] as $verbosity => $label) {
    $direct = $observe($verbosity, function (OutputStyle $style) use ($lines) {
        $line = ConsoleLine::for($style) ?? throw new RuntimeException('no direct writer for the installed Laravel');
        foreach ($lines as $text) {
            $line->write($text);
        }
    });
    $laravel = $observe($verbosity, function (OutputStyle $style) use ($lines) {
        foreach ($lines as $text) {
            $style->writeln($text, OutputInterface::OUTPUT_RAW);
        }
    });
    printf("%-8s %s (%d bytes)\n", $label, $direct === $laravel ? 'same' : "DIFFERENT:\n$direct\n---\n$laravel", strlen($laravel));
}

// Where it stands aside.
$input = new ArrayInput([]);
echo 'buffered output: ', ConsoleLine::for(new OutputStyle($input, new BufferedOutput())) === null ? 'writeln' : 'direct', "\n";
$sub = new class($input, new StreamOutput(fopen('php://memory', 'w'))) extends OutputStyle {};
echo 'OutputStyle subclass: ', ConsoleLine::for($sub) === null ? 'writeln' : 'direct', "\n";
PHP);
?>
--EXPECTF--
quiet    same (%d bytes)
normal   same (%d bytes)
verbose  same (%d bytes)
buffered output: writeln
OutputStyle subclass: writeln
