/* Errors from below the glue, thrown as FastQueue's exceptions: the only mapping from a
 * connection's error kind to an exception class. */
#include "errors.h"
#include "exceptions.h"
#include "zend_exceptions.h"

static zend_class_entry *class_of(fastqueue_err_kind kind)
{
	switch (kind) {
		case FASTQUEUE_ERR_REPLICATION: return fastqueue_ce_ReplicationException;
		case FASTQUEUE_ERR_CONNECTION: return fastqueue_ce_ConnectionException;
		default: return fastqueue_ce_RedisException;
	}
}

void fastqueue_throw_queue_error(const fastqueue_redis_queue *q)
{
	zend_throw_exception(class_of(q->conn.err_kind), q->conn.err[0] ? q->conn.err : "Redis command failed", 0);
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
