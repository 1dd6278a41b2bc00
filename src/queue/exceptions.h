/* FastQueue's exception classes: FastQueue\Exception (a RuntimeException) and its subclasses,
 * which the module glue, the worker and the metrics throw. Their entries live here, below
 * every layer that uses them; fastqueue.c registers the classes from the stub and stores
 * them. */
#ifndef FASTQUEUE_EXCEPTIONS_H
#define FASTQUEUE_EXCEPTIONS_H

#include "php.h"
#include "session.h"

extern zend_class_entry *fastqueue_ce_Exception;
extern zend_class_entry *fastqueue_ce_ConnectionException;
extern zend_class_entry *fastqueue_ce_ReplicationException;
extern zend_class_entry *fastqueue_ce_RedisException;
extern zend_class_entry *fastqueue_ce_PayloadException;
extern zend_class_entry *fastqueue_ce_MaxAttemptsExceededException;
extern zend_class_entry *fastqueue_ce_TimeoutException;
extern zend_class_entry *fastqueue_ce_ManuallyFailedException;

/* The class a failed Redis command is reported as, by its connection's error kind:
 * ReplicationException, ConnectionException, else RedisException. The glue throws it; the
 * worker hands it to 'error' listeners. */
zend_class_entry *fastqueue_exception_class_of(fastqueue_err_kind kind);

#endif
