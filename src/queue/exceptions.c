/* The class entries of FastQueue's exceptions, defined below every file that throws them. The
 * classes are registered by fastqueue.c's MINIT (the stub's generated arginfo is included by
 * that file alone), which stores each entry here in the stub's order. And the exception a
 * queue's failed command throws. */
#include "exceptions.h"
#include "redis_queue.h"
#include "zend_exceptions.h"

zend_class_entry *fastqueue_ce_Exception;
zend_class_entry *fastqueue_ce_ConnectionException;
zend_class_entry *fastqueue_ce_ReplicationException;
zend_class_entry *fastqueue_ce_RedisException;
zend_class_entry *fastqueue_ce_PayloadException;
zend_class_entry *fastqueue_ce_MaxAttemptsExceededException;
zend_class_entry *fastqueue_ce_TimeoutException;
zend_class_entry *fastqueue_ce_ManuallyFailedException;

void fastqueue_queue_throw(fastqueue_redis_queue *q)
{
	zend_class_entry *ce = q->conn.err_kind == FASTQUEUE_ERR_REPLICATION ? fastqueue_ce_ReplicationException
		: q->conn.err_kind == FASTQUEUE_ERR_CONNECTION ? fastqueue_ce_ConnectionException : fastqueue_ce_RedisException;
	zend_throw_exception(ce, q->conn.err[0] ? q->conn.err : "Redis command failed", 0);
}
