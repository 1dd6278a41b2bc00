<?php

// The package's PSR-4 autoloader, for applications whose Laravel comes from Debian's
// php-laravel-framework (or any setup without composer): require this file from
// bootstrap/app.php, then add FastQueue\Laravel\FastQueueServiceProvider to the
// 'providers' of config/app.php. Composer users do not need it.

spl_autoload_register(static function (string $class): void {
    static $prefix = 'FastQueue\\Laravel\\';

    if (strncmp($class, $prefix, strlen($prefix)) !== 0) {
        return;
    }
    $file = __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
    if (is_file($file)) {
        require $file;
    }
});
