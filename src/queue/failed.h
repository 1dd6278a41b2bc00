/* The failed-job store in Redis: {prefix}fastqueue:failed (zset of ids by failed_at) and
 * {prefix}fastqueue:failed:ID (hash: id, queue, payload, exception, message, trace, failed_at). */
#ifndef FASTQUEUE_FAILED_H
#define FASTQUEUE_FAILED_H

#include "php.h"
#include "redis_queue.h"
#include "job.h"

/* Removes the job's reservation and records it as failed with the exception (or null), in one
 * step. FAILURE leaves the error on the queue's connection. */
zend_result fastqueue_failed_record(fastqueue_redis_queue *q, fastqueue_job *job, zval *exception);

#endif
