/* The reserve protocol: one call of src/queue/lua/pop.lua per round (per node in a cluster), the
 * arguments built from a request and the reply read into a batch. The worker and
 * RedisQueue::pop() reserve only through here. */
#ifndef FASTQUEUE_RESERVE_H
#define FASTQUEUE_RESERVE_H

#include "php.h"
#include "redis_queue.h"

/* Uncharged reservations are scored until.NNNNNN: six decimals, exact in a double for any
 * until of this millennium. */
#define FASTQUEUE_SLOTS_PER_SECOND 1000000

/* Keys per queue, in the order the scripts take them: the list, :delayed, :reserved, :notify. */
#define FASTQUEUE_QUEUE_KEYS 4
#define FASTQUEUE_KEY_RESERVED 2
#define FASTQUEUE_KEY_NOTIFY 3

/* A queue's limits as the reserve script enforces them (the worker's limits option,
 * docs/limits.md). */
typedef struct _fastqueue_queue_limit {
	zend_long rate;            /* at most this many starts in any window of per seconds; 0: none */
	double per;                /* the rate's window, seconds */
	zend_long concurrency;     /* at most this many of the queue's jobs reserved at once; 0: none */
} fastqueue_queue_limit;

/* The keys of queues in priority order, as pop.lua takes them: 4 per queue, then the
 * restart key if any. Built once per worker, not per pop. */
typedef struct _fastqueue_queue_list {
	uint32_t count;            /* number of queues */
	zend_string **names;       /* queue names */
	zend_string **keys;        /* 4 * count keys, + 1 when restart_key */
	bool has_restart_key;      /* the last key is the restart key */
	uint32_t ngroups;          /* runs of queues that one script call serves: 1, unless their
	                            * keys live in different hash slots of a cluster */
	uint32_t *group_first;     /* ngroups + 1 entries: group g is queues group_first[g] to
	                            * group_first[g + 1] - 1 */
	bool restart_apart;        /* the restart key is read with a GET of its own, not in the
	                            * reserve call (a cluster: its slot is another) */
	zend_long *expired_looked; /* per queue: the second in which a reserve over this list last
	                            * looked for its expired reservations and moved all it found
	                            * (0: never); it need not look again within that second */
	fastqueue_queue_limit *limits; /* per queue, its limits (all 0: none); NULL: no queue limited */
	zend_string **limiter_notify; /* with limits, per queue with a concurrency limit the list a
	                            * freed slot is announced on (QUEUE:limiter:notify), else NULL */
} fastqueue_queue_list;

void fastqueue_queue_list_init(fastqueue_queue_list *l, const fastqueue_redis_queue *q,
	zend_string *const *names, uint32_t count, const zend_string *restart_key);
void fastqueue_queue_list_free(fastqueue_queue_list *l);
/* Sets the limits of the queue at 1-based place queue. */
void fastqueue_queue_list_set_limit(fastqueue_queue_list *l, const fastqueue_redis_queue *q, uint32_t queue,
	const fastqueue_queue_limit *limit);

/* Key k (FASTQUEUE_KEY_*) of the queue at 1-based place queue of the list. */
static inline zend_string *fastqueue_queue_list_key(const fastqueue_queue_list *l, uint32_t queue, uint32_t k)
{
	return l->keys[FASTQUEUE_QUEUE_KEYS * (queue - 1) + k];
}

/* What one reserve asks for. fastqueue_reserve_request_init fills in the clock and, uncharged,
 * the scores' numbers. */
typedef struct _fastqueue_reserve_request {
	const fastqueue_queue_list *list; /* the queues, in priority order */
	zend_long count;           /* jobs to reserve at most, all from the first queue that has any */
	bool charge;               /* the reserved copy goes to :reserved (Laravel's pop), with the
	                            * attempts counted; else the job as pushed, until it starts */
	bool report;               /* report what was migrated (queue:migrated listeners) */
	zend_long now;             /* unix seconds, as the script is told */
	zend_long until;           /* the reservations' end */
	uint32_t slot_base;        /* uncharged: the number of the first job's score, until.NNNNNN */
} fastqueue_reserve_request;

void fastqueue_reserve_request_init(fastqueue_reserve_request *req, fastqueue_redis_queue *q,
	const fastqueue_queue_list *l, zend_long count, bool charge, bool report);

/* One reserved job, copied out of the reply. */
typedef struct _fastqueue_reserved_job {
	zend_string *raw;          /* the job as pushed */
	zend_string *reserved;     /* charged: its reserved copy; uncharged: NULL */
	zend_long attempts;        /* charged: its attempts count (-1: not found); uncharged: -1 */
	zend_string *crash;        /* the crash record of its previous attempt, or NULL */
	uint32_t slot;             /* uncharged: its number in its reservation's scores */
} fastqueue_reserved_job;

/* One migration step the script took, as Laravel's pop takes them. */
typedef struct _fastqueue_migration {
	uint32_t queue;            /* 1-based place in the list */
	bool expired;              /* expired reservations ("reserved"), else due delayed jobs ("delayed") */
	zend_string **members;     /* the members moved, by score */
	uint32_t count;
} fastqueue_migration;

/* A queue a limit held back in a reserve, with a job waiting in it. */
typedef struct _fastqueue_held_back {
	uint32_t queue;            /* 1-based place in the list */
	bool concurrency;          /* held back by its concurrency, else by its rate */
	double wait;               /* seconds on Redis's clock until the limit may let a job start;
	                            * -1: when a slot is freed (announced on its limiter_notify) */
} fastqueue_held_back;

/* What one reserve gave. */
typedef struct _fastqueue_reserve_batch {
	zend_string *restart;      /* the restart key's value; NULL: absent, or no restart key */
	uint32_t queue;            /* 1-based place in the list of the jobs' queue; 0: no job */
	fastqueue_reserved_job *jobs;
	uint32_t njobs;
	fastqueue_migration *migrations; /* with report */
	uint32_t nmigrations;
	fastqueue_held_back *held; /* with limits: the queues they held back, in the order visited */
	uint32_t nheld;
	zend_long until;           /* the reservations' end */
	bool charged;
} fastqueue_reserve_batch;

void fastqueue_reserve_batch_free(fastqueue_reserve_batch *b);

/* Waits up to seconds on the :notify lists of all queues at once (BLPOP); *announced when
 * a job was pushed meanwhile. seconds 0 waits until one is. */
zend_result fastqueue_queue_wait(fastqueue_redis_queue *q, const fastqueue_queue_list *l,
	double seconds, bool *announced);
/* The same on chosen lists: per queue, its :notify when notify[i], its limiter_notify when
 * slots[i]. *none when no list was chosen (nothing waited). */
zend_result fastqueue_queue_wait_some(fastqueue_redis_queue *q, const fastqueue_queue_list *l,
	const bool *notify, const bool *slots, double seconds, bool *announced, bool *none);

/* One reserve: one round trip outside a cluster, else one call per node until one has jobs.
 * FAILURE leaves the error on q->conn (a reply that is not pop.lua's: a protocol error). */
zend_result fastqueue_reserve(fastqueue_redis_queue *q, const fastqueue_reserve_request *req,
	fastqueue_reserve_batch *out);

/* The same reserve (uncharged) sent now and read later, so Redis reserves the next batch while
 * the worker runs the current one: whether this list and connection allow it (one slot group,
 * not a cluster, none out already), the call, and its batch (FAILURE: the call failed or its
 * reply was lost; with NOSCRIPT it did not run). */
bool fastqueue_reserve_can_send(fastqueue_redis_queue *q, const fastqueue_queue_list *l);
zend_result fastqueue_reserve_send(fastqueue_redis_queue *q, const fastqueue_reserve_request *req);
zend_result fastqueue_reserve_take(fastqueue_redis_queue *q, const fastqueue_reserve_request *req,
	fastqueue_reserve_batch *out);

#endif
