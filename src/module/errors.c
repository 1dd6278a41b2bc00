/* Errors from below the glue, thrown as FastQueue's exceptions (a connection's error kind
 * picks its class through fastqueue_exception_class_of(), src/queue/exceptions.c). */
#include "errors.h"
#include "exceptions.h"
#include "zend_exceptions.h"

void fastqueue_throw_queue_error(const fastqueue_redis_queue *q)
{
	zend_throw_exception(fastqueue_exception_class_of(q->conn.err_kind), q->conn.err[0] ? q->conn.err : "Redis command failed", 0);
}

void fastqueue_throw_payload_error(const char *why)
{
	zend_throw_exception(fastqueue_ce_PayloadException, why, 0);
}

void fastqueue_throw_name_refused(uint32_t arg, zend_string *why)
{
	zend_argument_value_error(arg, "%s", ZSTR_VAL(why));
	zend_string_release(why);
}
