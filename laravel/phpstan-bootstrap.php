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
    require "$laravel/autoload.php";
} elseif (is_file("$laravel/Illuminate/autoload.php")) {
    require_once "$laravel/Illuminate/autoload.php";
} else {
    fwrite(STDERR, "phpstan-bootstrap.php: no Laravel in $laravel (FASTQUEUE_PHPSTAN_LARAVEL: a vendor/ directory, or one holding Illuminate/autoload.php)\n");
    exit(2);
}

// The package's classes from this folder, asked first: a Composer application holds a copy of
// fastqueue/laravel in its vendor/ (in its class map too, as Laravel's skeletons optimize the
// autoloader), which may be older than the code analysed.
spl_autoload_register(static function (string $class): void {
    $prefix = 'FastQueue\\Laravel\\';
    if (strncmp($class, $prefix, strlen($prefix)) === 0) {
        $file = __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
}, true, true);
