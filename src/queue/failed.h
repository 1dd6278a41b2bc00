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

/* RedisQueue's failed-store operations. FAILURE leaves the error on the queue's connection. */

/* Called with each record: its hash as a flat field/value reply of strings. */
typedef void (*fastqueue_failed_visit)(void *ctx, const fastqueue_reply *record);

/* Calls visit for every record in the store, newest first, in one pipeline. FAILURE: the ids
 * could not be read, or a record's reply was no hash or the connection was lost midway (visit
 * may have been called for some records by then). A record that answered an error is left
 * out. */
zend_result fastqueue_failed_each(fastqueue_redis_queue *q, fastqueue_failed_visit visit, void *ctx);

/* Pushes the job of record id back onto its queue with its attempts set to 0, and forgets the
 * record. *pushed: whether it was pushed (false when there is no such record). FAILURE with
 * *refused set: in a cluster, the record names a queue with no hash tag, and *refused is
 * fastqueue_queue_name_refusal()'s text (the caller's to free). */
zend_result fastqueue_failed_retry(fastqueue_redis_queue *q, zend_string *id, bool *pushed, zend_string **refused);

/* Forgets record id; *forgot: whether it was in the store's index. */
zend_result fastqueue_failed_forget(fastqueue_redis_queue *q, zend_string *id, bool *forgot);

/* Forgets every record; *flushed: how many the index held. */
zend_result fastqueue_failed_flush(fastqueue_redis_queue *q, zend_long *flushed);

#endif
