<?php
// Prepended to every php of the memory passes (asan/ubsan, valgrind). Debian's PHP is a release
// build: unlike a debug build it skips the final garbage collection at shutdown (the objects
// still alive then are not freed), so a reference cycle still alive at exit (a Worker and a
// closure that uses it, say) shows as lost even when the extension reports it to the GC
// properly. This does what a debug build does at the end: drop the globals and user classes'
// static properties, then collect cycles. A cycle the GC cannot see (a get_gc that misses a
// callback) stays lost.
register_shutdown_function(static function (): void {
    // Registered from a shutdown function, so it runs after the test's own shutdown functions.
    register_shutdown_function(static function (): void {
        $keep = ['GLOBALS', '_GET', '_POST', '_COOKIE', '_FILES', '_SERVER', '_ENV', '_REQUEST', '_SESSION', 'argv', 'argc'];
        foreach (array_keys($GLOBALS) as $name) {
            if (!in_array($name, $keep, true)) {
                unset($GLOBALS[$name]);
            }
        }
        gc_collect_cycles();
        foreach (get_declared_classes() as $class) {
            $rc = new ReflectionClass($class);
            if ($rc->isUserDefined()) {
                foreach ($rc->getProperties(ReflectionProperty::IS_STATIC) as $rp) {
                    try {
                        $rp->setValue(null, null);
                    } catch (Throwable) {
                        // A typed, non-nullable static: leave it.
                    }
                }
            }
        }
        gc_collect_cycles();
    });
});
