/* The class entries of FastQueue's exceptions, defined below every file that uses them (the
 * worker and the metrics create and throw some; the module glue throws the rest, from
 * src/module/errors.c). The classes are registered by fastqueue.c's MINIT (the stub's
 * generated arginfo is included by that file alone), which stores each entry here in the
 * stub's order. */
#include "exceptions.h"

zend_class_entry *fastqueue_ce_Exception;
zend_class_entry *fastqueue_ce_ConnectionException;
zend_class_entry *fastqueue_ce_ReplicationException;
zend_class_entry *fastqueue_ce_RedisException;
zend_class_entry *fastqueue_ce_PayloadException;
zend_class_entry *fastqueue_ce_MaxAttemptsExceededException;
zend_class_entry *fastqueue_ce_TimeoutException;
zend_class_entry *fastqueue_ce_ManuallyFailedException;

zend_class_entry *fastqueue_exception_class_of(fastqueue_err_kind kind)
{
	switch (kind) {
		case FASTQUEUE_ERR_REPLICATION: return fastqueue_ce_ReplicationException;
		case FASTQUEUE_ERR_CONNECTION: return fastqueue_ce_ConnectionException;
		default: return fastqueue_ce_RedisException;
	}
}
