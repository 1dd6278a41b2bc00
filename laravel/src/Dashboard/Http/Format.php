<?php

namespace FastQueue\Laravel\Dashboard\Http;

/**
 * How the pages print figures, the same way resources/js/dashboard.js prints them after a
 * refresh: a figure not known is a dash, durations and sizes in the unit that reads best.
 */
final class Format
{
    public const UNKNOWN = '—';

    public static function count(int|float|null $n): string
    {
        return $n === null ? self::UNKNOWN : number_format((float) $n, 0, '.', ',');
    }

    /** Per minute rates: one decimal below 100. */
    public static function rate(int|float|null $n): string
    {
        if ($n === null) {
            return self::UNKNOWN;
        }

        return $n < 100 ? number_format((float) $n, 1, '.', ',') : number_format((float) $n, 0, '.', ',');
    }

    public static function seconds(int|float|null $s): string
    {
        if ($s === null) {
            return self::UNKNOWN;
        }
        $s = max(0.0, (float) $s);
        if ($s < 1) {
            return round($s * 1000).' ms';
        }
        if ($s < 60) {
            return (floor($s) === $s ? (string) (int) $s : number_format($s, 1, '.', '')).' s';
        }
        $whole = (int) round($s);
        if ($whole < 3600) {
            return self::pair(intdiv($whole, 60), 'm', $whole % 60, 's');
        }
        if ($whole < 86400) {
            return self::pair(intdiv($whole, 3600), 'h', intdiv($whole % 3600, 60), 'm');
        }

        return self::pair(intdiv($whole, 86400), 'd', intdiv($whole % 86400, 3600), 'h');
    }

    /** "5 m 3 s", or "5 m" when the smaller unit is 0. */
    private static function pair(int $big, string $bigUnit, int $small, string $smallUnit): string
    {
        return $small === 0 ? "{$big} {$bigUnit}" : "{$big} {$bigUnit} {$small} {$smallUnit}";
    }

    public static function bytes(int|float|null $b): string
    {
        if ($b === null) {
            return self::UNKNOWN;
        }
        $units = ['B', 'KiB', 'MiB', 'GiB'];
        $i = 0;
        $b = (float) $b;
        while ($b >= 1024 && $i < count($units) - 1) {
            $b /= 1024;
            $i++;
        }

        return ($i === 0 ? (string) (int) $b : number_format($b, 1, '.', '')).' '.$units[$i];
    }

    /** A Unix time as its distance from $now: "12 s ago". */
    public static function ago(int|float|null $t, float $now): string
    {
        return $t === null ? self::UNKNOWN : self::seconds(max(0.0, $now - (float) $t)).' ago';
    }

    /** A Unix time in UTC, for a title attribute. */
    public static function utc(int|float|null $t): string
    {
        return $t === null ? '' : gmdate('Y-m-d H:i:s', (int) $t).' UTC';
    }

    /**
     * The jobs-per-interval history as the points attribute of an SVG polyline in a 300 x 100
     * box: time across, the busiest interval (processed or failed, one scale for both lines)
     * at the top. Empty with fewer than two points.
     *
     * @param list<array{t: float|int, processed: int|null, failed?: int|null}> $points
     */
    public static function chart(array $points, string $key = 'processed'): string
    {
        if (count($points) < 2) {
            return '';
        }
        $t0 = (float) $points[0]['t'];
        $span = max(1e-9, (float) $points[count($points) - 1]['t'] - $t0);
        $top = max(1, ...array_map(static fn (array $p): int => max((int) ($p['processed'] ?? 0), (int) ($p['failed'] ?? 0)), $points));
        $xy = [];
        foreach ($points as $p) {
            $x = ((float) $p['t'] - $t0) / $span * 300;
            $y = 100 - ((int) ($p[$key] ?? 0)) / $top * 96;
            $xy[] = round($x, 1).','.round($y, 1);
        }

        return implode(' ', $xy);
    }
}
