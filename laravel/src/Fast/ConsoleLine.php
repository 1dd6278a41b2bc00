<?php

namespace FastQueue\Laravel\Fast;

use Closure;
use Illuminate\Console\OutputStyle;
use Symfony\Component\Console\Output\Output;
use Symfony\Component\Console\Output\OutputInterface;
use Symfony\Component\Console\Output\StreamOutput;
use Symfony\Component\Console\Output\TrimmedBufferOutput;
use Symfony\Component\Console\Style\OutputStyle as SymfonyOutputStyle;
use Symfony\Component\Console\Style\SymfonyStyle;
use Throwable;

/**
 * Writes a line as the command's `$this->output->writeln($line, OUTPUT_RAW)` does, without the
 * five layers of calls between them: the bytes go to the console's stream (with its flush),
 * and SymfonyStyle's record of the last characters written (which decides the blank lines
 * before a later block) is kept as writeln keeps it. Only for the Laravel and Symfony code
 * whose source is known (fingerprints of every method on the way), Laravel's own OutputStyle
 * over a console stream; anything else gets null from for(), and the caller writes through
 * writeln.
 */
final class ConsoleLine
{
    /**
     * Fingerprints of the methods writeln runs through (fingerprint()), known to do only this,
     * and whether Laravel's OutputStyle also counts the new lines written (10 and later).
     */
    private const KNOWN = [
        'dffb15660fde' => false, // Laravel 8.83 with Symfony 5.4 (Debian bookworm)
        'b7e92856eed3' => true,  // 10.23, 10.48 and 10.50 with Symfony 6.4
        'd817e074e55e' => true,  // 11.56 to 13.42 with Symfony 7.4
    ];

    /** The last characters SymfonyStyle keeps: a reference to its buffered output's text. */
    private mixed $kept = '';

    /** Laravel's OutputStyle's count of new lines last written, and whether one was (references). */
    private mixed $newLinesWritten = null; // @phpstan-ignore property.onlyWritten (a reference to OutputStyle's: the write is the point)
    private mixed $newLineWritten = null; // @phpstan-ignore property.onlyWritten (as above)
    private bool $countsLines = false;

    /** @param resource $stream */
    private function __construct(private Output $output, private $stream, private int $keptLength, private bool $keeps)
    {
    }

    /** The writer for $style, or null when writeln must run. */
    public static function for(object $style): ?self
    {
        try {
            $countsLines = self::KNOWN[self::fingerprint()] ?? null;
            if ($style::class !== OutputStyle::class || $countsLines === null) {
                return null;
            }
            $output = $style->getOutput();
            if (! $output instanceof StreamOutput || ! in_array($output::class, [StreamOutput::class, \Symfony\Component\Console\Output\ConsoleOutput::class], true)) {
                return null;
            }
            // Private state, here to the end of for(): SymfonyStyle's $bufferedOutput, its
            // TrimmedBufferOutput's $maxLength and $buffer, and (10 and later) Laravel's
            // OutputStyle's $newLinesWritten and $newLineWritten. Guard: KNOWN (fingerprint()).
            $buffered = Closure::bind(fn () => $this->bufferedOutput, $style, SymfonyStyle::class)();
            if (! $buffered instanceof TrimmedBufferOutput || $buffered::class !== TrimmedBufferOutput::class) {
                return null;
            }
            $keptLength = (fn () => $this->maxLength)->call($buffered);
            $line = new self($output, $output->getStream(), $keptLength, $buffered->getVerbosity() >= OutputInterface::VERBOSITY_NORMAL);
            // From here on the buffered output's text and this writer's are one variable.
            $line->kept = &Closure::bind(fn &() => $this->buffer, $buffered, TrimmedBufferOutput::class)();
            if ($countsLines) {
                $line->countsLines = true;
                $line->newLinesWritten = &Closure::bind(fn &() => $this->newLinesWritten, $style, OutputStyle::class)();
                $line->newLineWritten = &Closure::bind(fn &() => $this->newLineWritten, $style, OutputStyle::class)();
            }

            return $line;
        } catch (Throwable) {
            return null;
        }
    }

    public function isDecorated(): bool
    {
        return $this->output->isDecorated();
    }

    /** writeln($line, OUTPUT_RAW), at the normal verbosity, for a $line that ends in no new line. */
    public function write(string $line): void
    {
        if ($this->countsLines) {
            // Laravel's writeln: the verbosity it compares with OUTPUT_RAW is always above it.
            $this->newLinesWritten = 1;
            $this->newLineWritten = true;
        }
        $line .= \PHP_EOL;
        if ($this->output->getVerbosity() >= OutputInterface::VERBOSITY_NORMAL) {
            @fwrite($this->stream, $line);
            fflush($this->stream);
        }
        if ($this->keeps) {
            $this->kept = substr($this->kept.$line, -$this->keptLength);
        }
    }

    /** The methods a raw writeln runs through, from Laravel's OutputStyle down to the stream. */
    public static function fingerprint(): string
    {
        $parts = [
            SourceFingerprint::methods(OutputStyle::class, ['writeln', 'write', 'newLine', 'getOutput', 'trailingNewLineCount']),
            SourceFingerprint::methods(SymfonyStyle::class, ['writeln', 'writeBuffer']),
            SourceFingerprint::methods(SymfonyOutputStyle::class, ['writeln']),
            SourceFingerprint::methods(Output::class, ['writeln', 'write', 'getVerbosity', 'isDecorated']),
            SourceFingerprint::methods(StreamOutput::class, ['doWrite', 'getStream']),
            SourceFingerprint::methods(\Symfony\Component\Console\Output\ConsoleOutput::class, ['doWrite', 'writeln', 'write']),
            SourceFingerprint::methods(TrimmedBufferOutput::class, ['doWrite']),
        ];

        return substr(sha1(implode(' ', $parts)), 0, 12);
    }
}
