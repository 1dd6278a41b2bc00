/* FastQueue: a native, Laravel-compatible Redis queue worker for PHP. */
#ifndef PHP_FASTQUEUE_H
#define PHP_FASTQUEUE_H

#include "php.h"

extern zend_module_entry fastqueue_module_entry;
#define phpext_fastqueue_ptr &fastqueue_module_entry

#define PHP_FASTQUEUE_VERSION "0.1.0"

#if PHP_VERSION_ID < 80200
# error "FastQueue needs PHP 8.2 or newer"
#endif

#if defined(ZTS) && defined(COMPILE_DL_FASTQUEUE)
ZEND_TSRMLS_CACHE_EXTERN()
#endif

#endif
