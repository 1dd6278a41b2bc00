<?php
// What bench/artisan.php and bench/artisan-instructions.php share.

// Loads Laravel from the Composer application whose vendor/ is $vendor (FASTQUEUE_TEST_LARAVEL,
// as tests/inc/laravel_app.inc reads it). Composer's autoloader is registered first, so the
// application runs its own copy of fastqueue/laravel: a copy that is not this checkout's
// laravel/ would measure other code, and the bench stops.
function fq_bench_use_vendor(string $vendor, string $script): void
{
    if (!is_file("$vendor/autoload.php") || !is_dir("$vendor/laravel/framework")) {
        fwrite(STDERR, "$script: $vendor is no Composer vendor/ with laravel/framework\n");
        exit(2);
    }
    $checkout = realpath(__DIR__ . '/../../laravel/src');
    $copy = "$vendor/fastqueue/laravel/src";
    if (is_dir($copy) && realpath($copy) !== $checkout) {
        exec('diff -rq ' . escapeshellarg($checkout) . ' ' . escapeshellarg($copy), $out, $rc);
        if ($rc !== 0) {
            fwrite(STDERR, "$script: $copy is not this checkout's laravel/src (composer update fastqueue/laravel,\n"
                . "or copy it: rsync -a --delete laravel/src/ $copy/)\n");
            exit(2);
        }
    }
    putenv("FASTQUEUE_TEST_LARAVEL=$vendor");
}
