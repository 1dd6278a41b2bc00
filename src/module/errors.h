/* The one place where an error from below the glue becomes an exception. The layers below
 * return FAILURE and keep the error on their context (a connection's err and err_kind, a
 * job's payload_error) or hand back its text; the PHP methods throw it from here. */
#ifndef FASTQUEUE_ERRORS_H
#define FASTQUEUE_ERRORS_H

#include "php.h"
#include "redis_queue.h"

/* Throws the exception that matches the last error on the queue's connection:
 * ReplicationException, ConnectionException, else RedisException. */
void fastqueue_throw_queue_error(const fastqueue_redis_queue *q);

/* Throws a PayloadException with this text. */
void fastqueue_throw_payload_error(const char *why);

/* Throws the ValueError about argument arg, which named a queue the queue's cluster cannot
 * serve, with fastqueue_queue_name_refusal()'s text; and frees that text. */
void fastqueue_throw_name_refused(uint32_t arg, zend_string *why);

#endif
