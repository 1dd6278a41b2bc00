/* What the parts of FastQueue\Worker share: worker.c (the class, its loop and events),
 * worker_run.c (running one job and ending it) and worker_reserve.c (getting jobs from Redis
 * and telling it which started and finished). Only those three files include it. */
#ifndef FASTQUEUE_WORKER_PRIVATE_H
#define FASTQUEUE_WORKER_PRIVATE_H

#include "php.h"
#include "worker.h"
#include "redis_queue.h"
#include "reserve.h"
#include "job.h"
#include "worker_settings.h"
#include "lease.h"
#include "crash.h"
#include "metrics_export.h"
#include "metrics.h"

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
	/* A job attempt's figures, after its ending events ('metrics' on). */
	EV_MEASURED,
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

/* Prefetched jobs not started yet: a FIFO ring. */
typedef struct _job_buffer {
	buffered_job *items;
	uint32_t head, len, cap;
} job_buffer;

/* The next batch's reserve, sent while the current job runs (overlap). */
typedef struct _reserve_flight {
	bool out;                     /* sent, its reply not taken yet */
	fastqueue_reserve_request request; /* what it asked for */
} reserve_flight;

/* Finished jobs not yet known to be acknowledged: the first `sent` went out without waiting
 * for their replies, the rest go with the next start or reserve. */
typedef struct _ack_queue {
	fastqueue_ack *items;
	uint32_t len, sent, cap;
} ack_queue;

/* What the limits option held back, as the last reserve said (NULL arrays: no queue of the
 * list is limited). */
#define HELD_RATE 1
#define HELD_SLOTS 2
typedef struct _throttle_state {
	uint8_t *held;                /* per list queue: HELD_RATE | HELD_SLOTS */
	uint32_t *freed;              /* per list queue: slots freed, not yet announced */
	bool any;                     /* a queue was held back */
	double wait;                  /* seconds after that reserve until a limit may let a job
	                               * start; -1: none known (a freed slot will tell) */
	double seen_at;               /* monotonic time of that reserve */
} throttle_state;

/* The restart key (Laravel's illuminate:queue:restart), as daemon() watches it. */
typedef struct _restart_state {
	zend_string *seen;            /* its value at start (NULL: absent) */
	bool watch;                   /* daemon(): a change of the key stops the run */
	bool known;                   /* seen holds the value at start */
	bool changed;                 /* it differs now */
	double read_at;               /* monotonic time it was last read */
} restart_state;

/* The running job's measurement ('metrics' on): taken around its handler, recorded at its end. */
typedef struct _job_measure {
	zend_long timeouts_before;    /* stats.timeouts as it started: a change means it timed out */
	bool handler_started;         /* wall_start, cpu_start are set and the peak was reset */
	bool cpu_read_at_start;       /* cpu_start is a reading, not an estimate from the last one */
	double wall_start, cpu_start;
	fastqueue_job_figures f;
} job_measure;

/* The last reading of PHP's thread's CPU time: getrusage is a system call that costs a
 * no-op job's worker several per cent, so it is read at most about once per CPU_READ_EVERY of
 * wall time around short jobs (see worker_run.c). */
typedef struct _cpu_reading {
	double wall;                  /* monotonic time of the reading, 0: none yet */
	double cpu;                   /* user + system seconds then */
} cpu_reading;


struct _fastqueue_worker {
	/* What it was made with */
	zend_object *queue;           /* the RedisQueue (owned reference) */
	zval handler;                 /* the job handler, or UNDEF to resolve Class@method */
	zend_fcall_info_cache handler_fcc;
	zval listeners[EV_COUNT];     /* arrays of callables, UNDEF when none */
	worker_options opt;
	fastqueue_job_hooks hooks;    /* given to each running job */

	/* The queues of the current run */
	fastqueue_queue_list list;    /* the ones it reserves from */
	bool list_ready;
	pid_t run_pid;                /* the process the run began in: a job's fork is not it */
	zend_string **run_names;      /* all of them, in priority order */
	uint32_t run_count;
	HashTable *skip;              /* queues not to reserve from (skipQueues()), or NULL */
	bool skip_changed;            /* skip changed since list was built */

	/* Reserving, and the jobs between Redis and the handler */
	zend_long reserve_count;      /* jobs per reserve: prefetch, or 1 where none could wait safely */
	bool prefetch_warned;         /* said once why prefetch is not used */
	job_buffer buffer;
	reserve_flight flight;
	ack_queue acks;
	throttle_state throttle;

	/* The running job */
	zval current;                 /* the running job, or UNDEF */
	job_limits limits;            /* the running (or last) job's limits; kept here, not on the
	                               * stack, so a fatal error unwinding past run_job leaks none */
	bool timeout_thrown;          /* a TimeoutException was thrown into the running job */
	fastqueue_lease *lease;       /* renews the running job's reservation during a run, or NULL */
	zend_string *crash_name;      /* the running job's name, which its crash record would give */
	job_measure measure;          /* the running job's figures, when metrics is set */
	cpu_reading cpu_last;         /* the thread's CPU time as last read ('metrics' on) */
	fastqueue_metrics_export *exporter; /* writes, serves and publishes the metrics during a run, or NULL */

	/* Why and how the run stops */
	restart_state restart;
	bool running;                 /* inside daemon() or runNextJob() */
	bool paused;                  /* paused outside a run (during one: fastqueue_signals.paused) */
	bool stop_requested;          /* stop() was called */
	int stop_status;              /* its status, 0-255 */
	bool exiting;                 /* exit() was called inside PHP code: unwind now */
	double daemon_started;        /* monotonic time daemon()'s loop began; 0 outside daemon() */

	/* Redis health */
	bool redis_down;              /* the last Redis call failed: reconnecting */
	uint32_t redis_failures;      /* failures in a row, for the backoff */

	fastqueue_worker_stats stats;
	fastqueue_metrics *metrics;   /* 'metrics' on: the figures, from construction to free_obj; else NULL */
	zend_object std;
};

static inline fastqueue_worker *worker_from_obj(zend_object *obj)
{
	return (fastqueue_worker *) ((char *) obj - offsetof(fastqueue_worker, std));
}
#define Z_WORKER_P(zv) worker_from_obj(Z_OBJ_P(zv))

static inline fastqueue_redis_queue *worker_queue(fastqueue_worker *w)
{
	return fastqueue_redis_queue_from_obj(w->queue);
}

/* worker_events.c: calling PHP and firing events */

/* The event names Worker::on() takes, by worker_event. */
extern const char *const fastqueue_worker_event_names[EV_COUNT];

/* True once exit() inside PHP code is unwinding through us (it is then let through). */
bool fastqueue_worker_unwinding(fastqueue_worker *w);
/* Writes "FastQueue: what: Class: message" for exception ex to stderr. */
void fastqueue_worker_report(const char *what, zend_object *ex);
/* Runs an event's listeners; false when one returned false. */
bool fastqueue_worker_fire(fastqueue_worker *w, worker_event ev, zval *args, uint32_t argc);
void fastqueue_worker_fire_job(fastqueue_worker *w, worker_event ev, zval *job);
void fastqueue_worker_fire_job_value(fastqueue_worker *w, worker_event ev, zval *job, zval *value);

/* worker_run.c: running one job */

void fastqueue_worker_free_limits(job_limits *l);
/* Points w->hooks at what a running job's delete(), release() and fail() call back into. */
void fastqueue_worker_set_job_hooks(fastqueue_worker *w);
/* Runs a reserved job to its end: deleted, released or failed, and its events fired. */
void fastqueue_worker_run_job(fastqueue_worker *w, zval *job_zv);

/* worker_run.c: a job's figures ('metrics' on) */

/* Records the running job's attempt (outcome, timeout, wait, run, CPU, memory); with fire, then
 * tells the 'measured' listeners. */
void fastqueue_worker_measure_end(fastqueue_worker *w, zval *job_zv, bool fire);

/* worker_measure.c: the measurements the worker's files share */

/* Seconds since a monotonic start, to add to the Redis wait. */
void fastqueue_worker_redis_waited(fastqueue_worker *w, double since);
/* Lease renewal's counts over every run, the running one's included. */
void fastqueue_worker_lease_counts(fastqueue_worker *w, fastqueue_lease_counts *out);
/* A round that runs no job begins ('metrics' on): the state idle, or paused when the round may
 * not take a job, and PHP's allocation now. */
void fastqueue_worker_measure_idle(fastqueue_worker *w, bool paused);

/* worker_reserve.c: getting jobs and telling Redis which started and finished */

/* A payload field as an integer, dflt when absent or not one. */
zend_long fastqueue_worker_field_long(fastqueue_job *job, fastqueue_field f, zend_long dflt);

/* Queues the acknowledgement of a finished job, to go with the next round trip. */
void fastqueue_worker_add_ack(fastqueue_worker *w, fastqueue_job *job);
/* Frees the first n pending acknowledgements. */
void fastqueue_worker_drop_acks(fastqueue_worker *w, uint32_t n);
/* Charges a job's attempt in Redis as it starts, when it was reserved uncharged. */
void fastqueue_worker_mark_started(fastqueue_worker *w, fastqueue_job *job);
/* Sends the pending acknowledgements now and reads every reply still owed. */
void fastqueue_worker_send_acks(fastqueue_worker *w);
/* The limits option on a fresh list: each limited queue's limits, and nothing held back. */
void fastqueue_worker_throttle_reset(fastqueue_worker *w);
void fastqueue_worker_throttle_free(fastqueue_worker *w);
/* A job of the list left :reserved (or does with the next command): its concurrency slot, if
 * its queue has a limit, is announced behind it. */
void fastqueue_worker_slot_freed(fastqueue_worker *w, const fastqueue_job *job);
/* In a job's fork ending through the worker: forgets what flush_round would settle. */
void fastqueue_worker_forget_round(fastqueue_worker *w);
/* Sends the pending acknowledgements and hands every reserved job not run back. */
void fastqueue_worker_flush_round(fastqueue_worker *w);
/* Jobs to reserve per round trip for this worker's options and queue. */
zend_long fastqueue_worker_usable_prefetch(fastqueue_worker *w);
/* Puts the next job at the head of the buffer when one is ready; true when it waited. */
bool fastqueue_worker_fill_buffer(fastqueue_worker *w, bool overlap);
/* Prefetch 1 in daemon(): as a job ends well, sends the next reserve with its ack. */
void fastqueue_worker_reserve_ahead(fastqueue_worker *w);
/* Takes the buffer's first job into out; false when it is empty. */
bool fastqueue_worker_take_job(fastqueue_worker *w, zval *out);
/* Reads the restart key on its own, when no reserve read it. */
void fastqueue_worker_poll_restart_key(fastqueue_worker *w);

#endif
