/* FastQueue: a native, Laravel-compatible Redis queue worker for PHP. */
#ifndef PHP_FASTQUEUE_H
#define PHP_FASTQUEUE_H

#include "php.h"

extern zend_module_entry fastqueue_module_entry;
#define phpext_fastqueue_ptr &fastqueue_module_entry

#define PHP_FASTQUEUE_VERSION "0.1.0"

/* The exit statuses Worker::daemon() returns and the process ends with, published as
 * Worker::EXIT_SUCCESS, EXIT_ERROR and EXIT_MEMORY_LIMIT (the stub's @cvalue), so the
 * constants and the code that returns them cannot drift apart. */
#define FASTQUEUE_EXIT_SUCCESS 0       /* a stop condition: signal, limits, restart key, stop() */
#define FASTQUEUE_EXIT_ERROR 1         /* a job timed out (timeout_exit_status's default), the watchdog */
#define FASTQUEUE_EXIT_MEMORY_LIMIT 12 /* the memory option was reached after a round */

#if PHP_VERSION_ID < 80200
# error "FastQueue needs PHP 8.2 or newer"
#endif

#if defined(ZTS) && defined(COMPILE_DL_FASTQUEUE)
ZEND_TSRMLS_CACHE_EXTERN()
#endif

#endif
