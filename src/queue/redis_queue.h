/* FastQueue\RedisQueue: Laravel's Redis queue layout over one connection. */
#ifndef FASTQUEUE_REDIS_QUEUE_H
#define FASTQUEUE_REDIS_QUEUE_H

#include "php.h"

#include "conn.h"
#include "queue_settings.h"

typedef struct _fastqueue_redis_queue {
	fastqueue_conn conn;             /* the one connection this queue talks over */
	zend_string *prefix;             /* Redis key prefix, as Laravel's options.prefix */
	zend_string *default_queue;      /* queue name used when none is given */
	zend_long retry_after;           /* seconds a reservation lasts; -1: never migrate expired ones */
	zend_long slot_until;            /* the last uncharged reserve's until, and the next number of */
	uint32_t slot_next;              /* a job's score in that second (reserve.c, take_slots) */
	double block_for;                /* seconds pop blocks for a job; -1: never blocks; 0: until one comes */
	zend_long migration_batch_size;  /* due jobs moved per pop; -1: all */
	bool node_calls_off;             /* a cluster node refused pop_node (a Redis before 7): one
	                                  * call per hash slot from then on */
	zend_object std;
} fastqueue_redis_queue;

static inline fastqueue_redis_queue *fastqueue_redis_queue_from_obj(zend_object *obj)
{
	return (fastqueue_redis_queue *) ((char *) obj - offsetof(fastqueue_redis_queue, std));
}
#define Z_FASTQUEUE_REDIS_QUEUE_P(zv) fastqueue_redis_queue_from_obj(Z_OBJ_P(zv))

extern zend_class_entry *fastqueue_ce_RedisQueue;

/* Sets fastqueue_ce_RedisQueue to ce and the class's object handlers. */
void fastqueue_redis_queue_minit(zend_class_entry *ce);

/* Sets up a new queue from its constructor's settings, connecting lazily. FAILURE: the default
 * queue's name was refused, *why says why (fastqueue_queue_name_refusal(), the caller's to
 * free), and q is left unconstructed. s stays the caller's to free. */
zend_result fastqueue_redis_queue_init(fastqueue_redis_queue *q, const fastqueue_queue_settings *s, zend_string **why);

/* Whether the constructor has run and succeeded. */
static inline bool fastqueue_redis_queue_constructed(const fastqueue_redis_queue *q)
{
	return q->default_queue != NULL;
}

/* {{{ keys (src/queue/keys.c) */
/* The queue's name, the default when name is NULL or empty (not addref'd). */
zend_string *fastqueue_queue_name(fastqueue_redis_queue *q, zend_string *name);

/* prefix + "queues:" + name + suffix ("" or ":delayed", ...). */
zend_string *fastqueue_queue_key(const fastqueue_redis_queue *q, const zend_string *name, const char *suffix);

/* In a Redis Cluster every key of a queue must hash to one slot, so its name (or the prefix)
 * needs a hash tag, as "{default}". NULL when name will do; else why not, as the end of a
 * ValueError's message about the argument that named it ("names queue ..."), the caller's to
 * free. */
zend_string *fastqueue_queue_name_refusal(const fastqueue_redis_queue *q, const zend_string *name);

/* The four keys of a queue, in the order the scripts take them. */
typedef struct { zend_string *queue, *delayed, *reserved, *notify; } queue_keys;

static inline void queue_keys_init(queue_keys *k, const fastqueue_redis_queue *q, const zend_string *name)
{
	k->queue = fastqueue_queue_key(q, name, "");
	k->delayed = fastqueue_queue_key(q, name, ":delayed");
	k->reserved = fastqueue_queue_key(q, name, ":reserved");
	k->notify = fastqueue_queue_key(q, name, ":notify");
}

static inline void queue_keys_free(queue_keys *k)
{
	zend_string_release(k->queue);
	zend_string_release(k->delayed);
	zend_string_release(k->reserved);
	zend_string_release(k->notify);
}
/* }}} */

/* A finished job to acknowledge: its member leaves the queue's :reserved set. It names its
 * key, not a place in a queue list, so it stays valid whatever the worker reserves next. */
typedef struct _fastqueue_ack {
	zend_string *key;          /* the queue's :reserved key */
	zend_string *copy;         /* the reserved copy */
	zend_string *raw;          /* the job as pushed, or NULL: a job reserved uncharged is
	                            * there in that form when marking it started did not get through */
} fastqueue_ack;

/* Deferred: announces count freed concurrency slots on a queue's limiter notify list (key). */
zend_result fastqueue_queue_defer_slot_tokens(fastqueue_redis_queue *q, zend_string *key, uint32_t count);

/* Deferred (sent with the next command, not waited for): removes the acknowledged jobs. */
zend_result fastqueue_queue_defer_acks(fastqueue_redis_queue *q, const fastqueue_ack *acks, uint32_t n);

/* Deferred and sent at once: a job reserved uncharged (the slot-th of a reserve that gave
 * until) starts, its reserved copy taking the place of the job as pushed in reserved_key,
 * with the same score; carries the acks too. */
zend_result fastqueue_queue_defer_start(fastqueue_redis_queue *q, zend_string *reserved_key,
	zend_long until, uint32_t slot, zend_string *raw, zend_string *copy,
	const fastqueue_ack *acks, uint32_t nacks);

/* Pushes payloads onto the end of queue name, announcing each on its :notify list; then
 * waits for wait_replicas. FAILURE leaves the error on q->conn. */
zend_result fastqueue_queue_push_payloads(fastqueue_redis_queue *q, zend_string *name, zend_string **payloads, uint32_t n);

/* RedisQueue's operations. FAILURE leaves the error on q->conn. */
/* Adds payload to queue name's :delayed set, due at available_at (unix seconds); then waits
 * for wait_replicas. */
zend_result fastqueue_queue_push_delayed(fastqueue_redis_queue *q, zend_string *name, zend_long available_at,
	zend_string *payload);

/* Reserves one job of queue name, charged, as Laravel's pop: with block_for (>= 0), waits for
 * a push once and tries once more. *job: a FastQueue\Job, or null when there was none. */
zend_result fastqueue_queue_pop(fastqueue_redis_queue *q, zend_string *name, zval *job);

/* The lists of a queue that fastqueue_queue_count adds up, as bits. */
typedef enum {
	FASTQUEUE_PART_PENDING = 1,    /* queues:NAME */
	FASTQUEUE_PART_DELAYED = 2,    /* :delayed */
	FASTQUEUE_PART_RESERVED = 4    /* :reserved */
} fastqueue_queue_part;

/* The number of jobs in the parts (FASTQUEUE_PART_* bits, at least one) of queue name. */
zend_result fastqueue_queue_count(fastqueue_redis_queue *q, zend_string *name, unsigned parts, zend_long *total);

/* Deletes queue name's four keys; *removed: the jobs they held. */
zend_result fastqueue_queue_clear(fastqueue_redis_queue *q, zend_string *name, zend_long *removed);

/* Job operations (src/queue/reserved.c); FAILURE leaves the error on q->conn. uncharged: the
 * member a worker may still have in :reserved for the job (fastqueue_job_uncharged_member()),
 * removed too; or NULL. */
zend_result fastqueue_queue_delete_reserved(fastqueue_redis_queue *q, zend_string *name, zend_string *reserved,
	zend_string *uncharged);
zend_result fastqueue_queue_release(fastqueue_redis_queue *q, zend_string *name, zend_string *reserved,
	zend_string *uncharged, zend_long available_at, bool *released);

#endif
