<?php

namespace FastQueue\Laravel\Metrics;

/**
 * Several workers' Prometheus text expositions (format 0.0.4) merged into one: the text format
 * wants every line of a metric family together, HELP and TYPE once, so the families are taken
 * apart and each is written once, with the samples of every worker under it, in the order the
 * families first appear.
 */
final class Exposition
{
    /** The gauge that says how many workers' figures were merged. */
    public const WORKERS_FAMILY = 'fastqueue_metrics_workers';

    /** @var array<string, array{help: ?string, type: ?string, samples: list<string>}> */
    private array $families = [];

    /**
     * The samples of one exposition, in order, each as its name, its labels (unescaped) and its
     * value; comments and lines that are not samples are skipped. For readers that pick figures
     * by name (the dashboard), where a family may be missing (an older worker publishes fewer).
     *
     * @return list<array{name: string, labels: array<string, string>, value: float}>
     */
    public static function samples(string $text): array
    {
        $samples = [];
        foreach (preg_split('/\r?\n/', $text) as $line) {
            if ($line === '' || $line[0] === '#') {
                continue;
            }
            if (! preg_match('/^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/', $line, $m)) {
                continue;
            }
            $labels = self::labels($m[2]);
            if ($labels !== null && (is_numeric($m[3]) || in_array($m[3], ['+Inf', '-Inf', 'NaN'], true))) {
                $samples[] = ['name' => $m[1], 'labels' => $labels ?? [], 'value' => self::number($m[3])];
            }
        }

        return $samples;
    }

    /**
     * A sample's label set ('a="x",b="y"') as a map, its values unescaped (\\, \", \n); null
     * when it is malformed.
     *
     * @return ?array<string, string>
     */
    private static function labels(string $text): ?array
    {
        $labels = [];
        $rest = trim($text);
        while ($rest !== '') {
            if (! preg_match('/^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\\]|\\\\.)*)"\s*,?\s*/', $rest, $m)) {
                return null;
            }
            $labels[$m[1]] = preg_replace_callback('/\\\\(.)/', fn ($e) => $e[1] === 'n' ? "\n" : $e[1], $m[2]);
            $rest = substr($rest, strlen($m[0]));
        }

        return $labels;
    }

    private static function number(string $value): float
    {
        return match ($value) {
            '+Inf' => INF,
            '-Inf' => -INF,
            'NaN' => NAN,
            default => (float) $value,
        };
    }

    /** Adds one worker's exposition. */
    public function add(string $text): void
    {
        $family = null;
        foreach (preg_split('/\r?\n/', $text) as $line) {
            if ($line === '') {
                continue;
            }
            if ($line[0] === '#') {
                // "# HELP name text" and "# TYPE name type"; other comments are dropped.
                if (preg_match('/^#\s+(HELP|TYPE)\s+([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\s|$)/', $line, $m)) {
                    $family = $m[2];
                    $this->families[$family] ??= ['help' => null, 'type' => null, 'samples' => []];
                    $this->families[$family][strtolower($m[1])] ??= $line;
                }
                continue;
            }
            $name = strtok($line, "{ \t");
            // A sample belongs to the family declared above it (a histogram's _bucket, _sum and
            // _count included); one without a declaration is a family of its own (untyped).
            if ($family === null || ! self::belongsTo($name, $family)) {
                $family = $name;
                $this->families[$family] ??= ['help' => null, 'type' => null, 'samples' => []];
            }
            $this->families[$family]['samples'][] = $line;
        }
    }

    /** Whether a sample named $name is one of family $family's (a histogram's three kinds too). */
    private static function belongsTo(string $name, string $family): bool
    {
        return $name === $family || in_array($name, [$family.'_bucket', $family.'_sum', $family.'_count'], true);
    }

    /** The merged exposition, ending with the workers gauge ($workers). */
    public function render(int $workers): string
    {
        $out = '';
        foreach ($this->families as $name => $family) {
            if ($name === self::WORKERS_FAMILY) {
                continue;
            }
            foreach ([$family['help'], $family['type']] as $line) {
                if ($line !== null) {
                    $out .= $line."\n";
                }
            }
            foreach ($family['samples'] as $sample) {
                $out .= $sample."\n";
            }
        }

        return $out.'# HELP '.self::WORKERS_FAMILY." Workers whose published figures this exposition merges.\n"
            .'# TYPE '.self::WORKERS_FAMILY." gauge\n"
            .self::WORKERS_FAMILY.' '.$workers."\n";
    }
}
