<?php
// The text of one script of src/queue/lua/ as Redis runs it, with src/queue/lua/prelude.lua (the helpers the
// scripts share) in it: in front, or on the script's line that is "-- (prelude)" alone, which
// pop.lua puts inside the function that only its rare paths call. A function defined at a
// script's top is made anew on every call, so a script that needs the prelude's helpers only
// now and then makes them only then. Used by scripts/gen-lua and bench/lib/script-cost.php.

function fastqueue_lua_source(string $root, string $name): string
{
    $prelude = rtrim(file_get_contents("$root/src/queue/lua/prelude.lua"), "\n");
    $script = rtrim(file_get_contents("$root/src/queue/lua/$name.lua"), "\n") . "\n";
    $placed = preg_replace_callback('/^([ \t]*)-- \(prelude\)$/m',
        fn(array $m) => implode("\n", array_map(fn($l) => $l === '' ? '' : $m[1] . $l, explode("\n", $prelude))),
        $script, -1, $count);
    if ($count > 1) {
        fwrite(STDERR, "src/queue/lua/$name.lua: the prelude's marker line is there more than once\n");
        exit(1);
    }
    return $count === 1 ? $placed : "$prelude\n\n$script";
}
