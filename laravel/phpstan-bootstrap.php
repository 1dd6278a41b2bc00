<?php

// PHPStan's bootstrap (phpstan.neon): the Laravel the package is analysed against, and the
// package's own classes from this folder.
//
// FASTQUEUE_PHPSTAN_LARAVEL names it: a Composer application's vendor/ directory (its
// autoload.php), or a directory holding Debian's Illuminate/autoload.php
// (php-laravel-framework; /usr/share/php, the default). Debian's Laravel is no Composer install:
// its autoload.php registers one autoloader per component, which PHPStan follows as it follows
// Composer's, so both are read the same way.

$laravel = rtrim((string) (getenv('FASTQUEUE_PHPSTAN_LARAVEL') ?: '/usr/share/php'), '/');
if (is_file("$laravel/autoload.php")) {
    $loader = require "$laravel/autoload.php";
    // The application's copy of fastqueue/laravel is not the code analysed: this folder's is.
    if ($loader instanceof Composer\Autoload\ClassLoader) {
        $loader->setPsr4('FastQueue\\Laravel\\', __DIR__ . '/src');
    }
} elseif (is_file("$laravel/Illuminate/autoload.php")) {
    require_once "$laravel/Illuminate/autoload.php";
    require_once __DIR__ . '/autoload.php';
} else {
    fwrite(STDERR, "phpstan-bootstrap.php: no Laravel in $laravel (FASTQUEUE_PHPSTAN_LARAVEL: a vendor/ directory, or one holding Illuminate/autoload.php)\n");
    exit(2);
}
