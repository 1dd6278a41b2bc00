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

extern zend_class_entry *fastqueue_ce_Exception;
extern zend_class_entry *fastqueue_ce_ConnectionException;
extern zend_class_entry *fastqueue_ce_ReplicationException;
extern zend_class_entry *fastqueue_ce_RedisException;
extern zend_class_entry *fastqueue_ce_PayloadException;
extern zend_class_entry *fastqueue_ce_RedisQueue;
extern zend_class_entry *fastqueue_ce_Job;
extern zend_class_entry *fastqueue_ce_Worker;
extern zend_class_entry *fastqueue_ce_MaxAttemptsExceededException;
extern zend_class_entry *fastqueue_ce_TimeoutException;
extern zend_class_entry *fastqueue_ce_ManuallyFailedException;

#if defined(ZTS) && defined(COMPILE_DL_FASTQUEUE)
ZEND_TSRMLS_CACHE_EXTERN()
#endif

#endif
