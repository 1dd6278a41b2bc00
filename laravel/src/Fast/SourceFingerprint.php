<?php

namespace FastQueue\Laravel\Fast;

use ReflectionFunctionAbstract;
use ReflectionMethod;
use Throwable;

/**
 * A short hash of a function's source text, whitespace collapsed. The fast paths stand in for
 * a piece of the running Laravel's code only when that piece is one whose behaviour they were
 * written against: another release that changed it gets Laravel's own code.
 */
final class SourceFingerprint
{
    public static function of(ReflectionFunctionAbstract $function): ?string
    {
        $file = $function->getFileName();
        if ($file === false || ! is_readable($file)) {
            return null;
        }
        $lines = array_slice(file($file), $function->getStartLine() - 1, $function->getEndLine() - $function->getStartLine() + 1);

        return substr(sha1(trim(preg_replace('/\s+/', ' ', implode('', $lines)))), 0, 12);
    }

    /**
     * The fingerprints of $class's methods $names, as "name:hash" joined ("name:-" when absent).
     *
     * @param  list<string>  $names
     */
    public static function methods(string $class, array $names): string
    {
        $parts = [];
        foreach ($names as $name) {
            try {
                $parts[] = $name.':'.(self::of(new ReflectionMethod($class, $name)) ?? '?');
            } catch (Throwable) {
                $parts[] = $name.':-';
            }
        }

        return implode(' ', $parts);
    }
}
