/* What the parts of FastQueue\Worker share: worker.c (the class, its loop and events),
 * worker_run.c (running one job and ending it) and worker_reserve.c (getting jobs from Redis
 * and telling it which started and finished). Only those three files include it. */
#ifndef FASTQUEUE_WORKER_PRIVATE_H
#define FASTQUEUE_WORKER_PRIVATE_H

#include "php.h"
#include "redis_queue.h"
#include "reserve.h"
#include "job.h"
#include "worker_options.h"
#include <time.h>

typedef enum {
	EV_LOOPING, EV_PROCESSING, EV_PROCESSED, EV_EXCEPTION, EV_RELEASED, EV_FAILED, EV_TIMEOUT, EV_STOPPING,
	EV_SIGNAL,
	/* What happens to jobs in Redis, as a subclass of Laravel's RedisQueue sees it (Horizon's
	 * fires its events from those methods): pop, migrateExpiredJobs, deleteReserved and
	 * deleteAndRelease. */
	EV_Q_RESERVED, EV_Q_MIGRATED, EV_Q_DELETED, EV_Q_RELEASED,
	/* A Redis error while reserving or waiting (retried): Laravel's getNextJob reports it. */
	EV_ERROR,
	/* A daemon round found no job, before its sleep (Laravel 13's WorkerIdle). */
	EV_IDLE,
	EV_COUNT
} worker_event;

typedef struct _buffered_job {
	zval job;                     /* a reserved Job not started yet */
	double reserved_at;           /* when its reservation began */
} buffered_job;

/* The running job's limits, read once from its payload's scan. */
typedef struct _job_limits {
	zend_long max_tries;          /* job's maxTries, else the worker's tries */
	zend_long retry_until;        /* 0 when none */
	zend_long max_exceptions;     /* -1 when none */
	zend_long timeout;            /* job's timeout, else the worker's */
	bool fail_on_timeout;
	zval backoff;                 /* the job's backoff string/int, or UNDEF */
	zend_string *uuid;            /* or NULL (free_limits frees both) */
} job_limits;

typedef struct _fastqueue_worker {
	zend_object *queue;           /* the RedisQueue (owned reference) */
	zval handler;                 /* the job handler, or UNDEF to resolve Class@method */
	zend_fcall_info_cache handler_fcc;
	zval listeners[EV_COUNT];     /* arrays of callables, UNDEF when none */
	worker_options opt;
	fastqueue_job_hooks hooks;    /* given to each running job */
	fastqueue_queue_list list;    /* the queues of the current run that it reserves from */
	bool list_ready;
	zend_string **run_names;      /* all the queues of the current run, in priority order */
	uint32_t run_count;
	HashTable *skip;              /* queues not to reserve from (skipQueues()), or NULL */
	bool skip_changed;            /* skip changed since list was built */
	zend_long reserve_count;      /* jobs per reserve: prefetch, or 1 where none could wait safely */
	bool prefetch_warned;         /* said once why prefetch is not used */
	buffered_job *buffer;         /* prefetched jobs, a FIFO */
	bool in_flight;               /* the next batch's reserve is out (overlap), its reply not taken */
	fastqueue_reserve_request flight; /* ... what it asked for */
	uint32_t buf_head, buf_len, buf_cap;
	fastqueue_ack *acks;          /* finished jobs not yet known to be acknowledged: the first
	                               * acks_sent went out without waiting, the rest go with the
	                               * next start or reserve */
	uint32_t nacks, acks_sent, acks_cap;
	zval current;                 /* the running job, or UNDEF */
	job_limits limits;            /* the running (or last) job's limits; kept here, not on the
	                               * stack, so a fatal error unwinding past run_job leaks none */
	zend_string *restart_seen;    /* the restart key's value at start (NULL: absent) */
	bool restart_watch;           /* daemon(): a change of the restart key stops the run */
	bool restart_known;           /* restart_seen holds the value at start */
	double restart_read_at;       /* monotonic time the restart key was last read */
	bool restart_changed;         /* it differs now */
	bool running;                 /* inside daemon() or runNextJob() */
	bool paused;                  /* paused outside a run (during one: fastqueue_signals.paused) */
	bool stop_requested;          /* stop() was called */
	int stop_status;              /* its status, 0-255 */
	bool exiting;                 /* exit() was called inside PHP code: unwind now */
	bool timeout_thrown;          /* a TimeoutException was thrown into the running job */
	bool redis_down;              /* the last Redis call failed: reconnecting */
	uint32_t redis_failures;      /* failures in a row, for the backoff */
	zend_long processed, failed, released, exceptions, timeouts;
	double started_at;            /* unix time of construction */
	double busy;                  /* seconds spent inside jobs */
	zend_object std;
} fastqueue_worker;

static inline fastqueue_worker *worker_from_obj(zend_object *obj)
{
	return (fastqueue_worker *) ((char *) obj - offsetof(fastqueue_worker, std));
}
#define Z_WORKER_P(zv) worker_from_obj(Z_OBJ_P(zv))

static inline fastqueue_redis_queue *worker_queue(fastqueue_worker *w)
{
	return fastqueue_redis_queue_from_obj(w->queue);
}

static inline double now_real(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

static inline double now_mono(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

/* worker.c: calling PHP and firing events */

/* True once exit() inside PHP code is unwinding through us (it is then let through). */
bool fastqueue_worker_unwinding(fastqueue_worker *w);
/* Writes "FastQueue: what: Class: message" for exception ex to stderr. */
void fastqueue_worker_report(const char *what, zend_object *ex);
/* Runs an event's listeners; false when one returned false. */
bool fastqueue_worker_fire(fastqueue_worker *w, worker_event ev, zval *args, uint32_t argc);
void fastqueue_worker_fire_job(fastqueue_worker *w, worker_event ev, zval *job);
void fastqueue_worker_fire_job_value(fastqueue_worker *w, worker_event ev, zval *job, zval *value);

/* worker_run.c: running one job */

/* A payload field as an integer, dflt when absent or not one. */
zend_long fastqueue_worker_field_long(fastqueue_job *job, fastqueue_field f, zend_long dflt);
void fastqueue_worker_free_limits(job_limits *l);
/* Points w->hooks at what a running job's delete(), release() and fail() call back into. */
void fastqueue_worker_set_job_hooks(fastqueue_worker *w);
/* Runs a reserved job to its end: deleted, released or failed, and its events fired. */
void fastqueue_worker_run_job(fastqueue_worker *w, zval *job_zv);

/* worker_reserve.c: getting jobs and telling Redis which started and finished */

/* Queues the acknowledgement of a finished job, to go with the next round trip. */
void fastqueue_worker_add_ack(fastqueue_worker *w, fastqueue_job *job);
/* Frees the first n pending acknowledgements. */
void fastqueue_worker_drop_acks(fastqueue_worker *w, uint32_t n);
/* Charges a job's attempt in Redis as it starts, when it was reserved uncharged. */
void fastqueue_worker_mark_started(fastqueue_worker *w, fastqueue_job *job);
/* Sends the pending acknowledgements now and reads every reply still owed. */
void fastqueue_worker_send_acks(fastqueue_worker *w);
/* Sends the pending acknowledgements and hands every reserved job not run back. */
void fastqueue_worker_flush_round(fastqueue_worker *w);
/* Jobs to reserve per round trip for this worker's options and queue. */
zend_long fastqueue_worker_usable_prefetch(fastqueue_worker *w);
/* Puts the next job at the head of the buffer when one is ready; true when it waited. */
bool fastqueue_worker_fill_buffer(fastqueue_worker *w, bool overlap);
/* Takes the buffer's first job into out; false when it is empty. */
bool fastqueue_worker_take_job(fastqueue_worker *w, zval *out);
/* Reads the restart key on its own, when no reserve read it. */
void fastqueue_worker_poll_restart_key(fastqueue_worker *w);

#endif
