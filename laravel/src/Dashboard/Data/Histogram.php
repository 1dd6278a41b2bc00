<?php

namespace FastQueue\Laravel\Dashboard\Data;

/**
 * Prometheus histogram buckets as the dashboard keeps them: a map of upper bound ("le", as the
 * worker writes it, "+Inf" last) to a cumulative count. Deltas and sums of such maps are maps
 * of the same kind, so a window's buckets are the sum of its snapshots' deltas.
 */
final class Histogram
{
    /**
     * $a + $b, bound by bound.
     *
     * @param  array<string, float>  $a
     * @param  array<string, float>  $b
     * @return array<string, float>
     */
    public static function add(array $a, array $b): array
    {
        foreach ($b as $le => $count) {
            $a[$le] = ($a[$le] ?? 0.0) + $count;
        }

        return $a;
    }

    /**
     * $now - $before, bound by bound; null when a count went down (the worker started over
     * under the same label).
     *
     * @param  array<string, float>  $now
     * @param  array<string, float>  $before
     * @return ?array<string, float>
     */
    public static function delta(array $now, array $before): ?array
    {
        $delta = [];
        foreach ($now as $le => $count) {
            $d = $count - ($before[$le] ?? 0.0);
            if ($d < 0) {
                return null;
            }
            if ($d > 0) {
                $delta[$le] = $d;
            }
        }

        return $delta;
    }

    /**
     * The $q quantile (0 to 1) of the observations the buckets count, by linear interpolation
     * inside the bucket that holds it, between its lower bound (the bound below it, 0 for the
     * first) and its upper bound. When it falls in the +Inf bucket, the highest finite bound
     * is the answer (as Prometheus's histogram_quantile() does): the buckets say no more. Null
     * when the buckets count nothing.
     *
     * @param  array<string, float>  $buckets
     */
    public static function quantile(array $buckets, float $q): ?float
    {
        $bounds = self::sorted($buckets);
        $total = $bounds === [] ? 0.0 : end($bounds)[1];
        if ($total <= 0) {
            return null;
        }
        $rank = $q * $total;
        $lower = 0.0;
        $below = 0.0;
        foreach ($bounds as [$upper, $count]) {
            if ($count >= $rank && $count > $below) {
                if (is_infinite($upper)) {
                    return $lower;
                }

                return $lower + ($upper - $lower) * ($rank - $below) / ($count - $below);
            }
            [$lower, $below] = [$upper, $count];
        }

        return is_infinite($lower) ? null : $lower;
    }

    /**
     * The buckets as [bound, cumulative count] pairs in increasing order of bound.
     *
     * @param  array<string, float>  $buckets
     * @return list<array{float, float}>
     */
    private static function sorted(array $buckets): array
    {
        $pairs = [];
        foreach ($buckets as $le => $count) {
            $pairs[] = [$le === '+Inf' ? INF : (float) $le, (float) $count];
        }
        usort($pairs, fn ($x, $y) => $x[0] <=> $y[0]);

        return $pairs;
    }
}
