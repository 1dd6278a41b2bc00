<?php

namespace FastQueue\Laravel\Fast;

use Closure;
use ReflectionFunction;
use Symfony\Component\Console\Terminal;
use Throwable;

/**
 * The width queue:work's RUNNING/DONE lines are padded to: Termwind's terminal()->width(), which
 * is Symfony's Terminal::getWidth(). That reads COLUMNS (which Symfony's Application::run() sets
 * when artisan starts), else a width Symfony found once with `stty -a`, else runs `stty -a`
 * again, and 80 when it gives none; without a terminal on standard input stty never gives one,
 * so the answer there is 80 without starting it. Only for the Symfony and Termwind code whose
 * source is known (fingerprints); otherwise, and whenever standard input is a terminal that
 * stty has not measured yet, Termwind's own call runs.
 */
final class TerminalWidth
{
    /** Fingerprints of Termwind's terminal()->width() with Symfony's getWidth() beneath it. */
    private const KNOWN = [
        '9ef34e5eda36' => true, // Laravel 10.23, 10.50: Termwind 1.x, Symfony 6.4
        'a9837137096d' => true, // Laravel 11.56 to 12.72: Termwind 2.x, Symfony 7.4
    ];

    private ?bool $known = null;
    private ?Closure $cached = null;

    public function __invoke(): int
    {
        if ($this->known ??= isset(self::KNOWN[self::fingerprint()])) {
            $columns = getenv('COLUMNS');
            if ($columns !== false) {
                return (int) trim($columns);
            }
            // Private state: Symfony's Terminal::$width. Guard: KNOWN (fingerprint()).
            $this->cached ??= Closure::bind(static fn (): ?int => self::$width, null, Terminal::class);
            $width = ($this->cached)();
            if ($width !== null) {
                return $width ?: 80;
            }
            if (! defined('STDIN') || ! stream_isatty(STDIN)) {
                return 80;
            }
        }

        return \Termwind\terminal()->width();
    }

    /** The source fingerprint of the code terminal()->width() runs (SourceFingerprint). */
    public static function fingerprint(): string
    {
        try {
            $parts = [
                SourceFingerprint::of(new ReflectionFunction('Termwind\\terminal')) ?? '?',
                SourceFingerprint::methods('Termwind\\Terminal', ['__construct', 'width']),
                SourceFingerprint::methods(Terminal::class, ['getWidth', 'initDimensions', 'initDimensionsUsingStty', 'getSttyColumns', 'readFromProcess']),
            ];
        } catch (Throwable) {
            return '';
        }

        return substr(sha1(implode(' ', $parts)), 0, 12);
    }
}
