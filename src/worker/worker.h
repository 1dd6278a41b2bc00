/* FastQueue\Worker: Laravel's daemon loop (Illuminate\Queue\Worker) in C, and the C API its
 * PHP methods (src/module/worker_methods.c) call. Nothing here throws: a call that refuses
 * returns FAILURE (or NULL) with a fastqueue_worker_error, and the glue throws it. */
#ifndef FASTQUEUE_WORKER_H
#define FASTQUEUE_WORKER_H

#include "php.h"
#include "worker_settings.h"
#include "lease.h"

/* The exit statuses Worker::daemon() returns and the process ends with, published as
 * Worker::EXIT_SUCCESS, EXIT_ERROR and EXIT_MEMORY_LIMIT (the stub's @cvalue), so the
 * constants and the code that returns them cannot drift apart. */
#define FASTQUEUE_EXIT_SUCCESS 0       /* a stop condition: signal, limits, restart key, stop() */
#define FASTQUEUE_EXIT_ERROR 1         /* a job timed out (timeout_exit_status's default), the watchdog */
#define FASTQUEUE_EXIT_MEMORY_LIMIT 12 /* the memory option was reached after a round */

extern zend_class_entry *fastqueue_ce_Worker;

typedef struct _fastqueue_worker fastqueue_worker;

/* Why a call of the worker's C API refused. */
typedef enum {
	FASTQUEUE_WORKER_ERR_NONE = 0,
	FASTQUEUE_WORKER_ERR_STATE,    /* not now: already running, inside another worker's run, metrics off */
	FASTQUEUE_WORKER_ERR_MEMORY,   /* out of memory */
	FASTQUEUE_WORKER_ERR_EXPORTER  /* the metrics' exposition could not start */
} fastqueue_worker_err_kind;

typedef struct _fastqueue_worker_error {
	fastqueue_worker_err_kind kind;
	char text[512];                /* what went wrong, as the exception's message says it */
} fastqueue_worker_error;

/* What stats() reports. */
typedef struct _fastqueue_worker_stats {
	zend_long processed, failed, released, exceptions, timeouts;
	double started_at;            /* unix time of construction */
	double busy;                  /* seconds spent inside jobs */
	size_t memory_peak;           /* 'metrics' on: the process's real peak before each job reset it */
	fastqueue_lease_counts leases; /* of the runs that ended (the running one's: on w->lease) */
	zend_long held_back;          /* the limits option: queues a reserve held back, each time */
	double limited_seconds;       /* time with some queue held back, from reserve to reserve */
} fastqueue_worker_stats;

/* Sets fastqueue_ce_Worker to ce and the class's object handlers. */
void fastqueue_worker_minit(zend_class_entry *ce);

/* Whether the worker object obj's constructor already ran. */
bool fastqueue_worker_constructed(zend_object *obj);

/* Builds a new worker from what its constructor read (src/module/worker_options.c): the queue
 * (addref'd), the handler or NULL with its callable's cache, and opt, which the worker takes
 * (opt is zeroed). FAILURE: no memory for its metrics; the worker is left unconstructed. */
zend_result fastqueue_worker_construct(zend_object *obj, zend_object *queue, zval *handler,
	const zend_fcall_info_cache *handler_fcc, worker_options *opt);

/* The worker of a FastQueue\Worker object. */
fastqueue_worker *fastqueue_worker_of(zend_object *obj);
/* The FastQueue\RedisQueue object it works on. */
zend_object *fastqueue_worker_queue(fastqueue_worker *w);

/* {{{ a run: daemon() and runNextJob() */
/* Whether a run may begin: FAILURE (ERR_STATE) when this worker runs already, or when another
 * worker's run is under way in this process (method names the caller in the text). */
zend_result fastqueue_worker_may_run(fastqueue_worker *w, const char *method, fastqueue_worker_error *err);
/* Sets up a run over the queues names[0..n-1] (n >= 1; the worker takes the names and the
 * array, both emalloc'd): the metrics' exposition, the lease, the signal handlers. FAILURE
 * (ERR_EXPORTER) when the exposition could not start; the names are freed then. */
zend_result fastqueue_worker_begin_run(fastqueue_worker *w, zend_string **names, uint32_t n, fastqueue_worker_error *err);
/* daemon(): runs the loop until a stop condition holds, ends the run and tells the stopping
 * listeners; returns the exit status. queues (NULL: "default") is what looping listeners get.
 * An exception may be pending after it (exit() in a job, a listener's). */
int fastqueue_worker_daemon(fastqueue_worker *w, zend_string *queues);
/* runNextJob(): runs at most one job and ends the run; true when one ran. */
bool fastqueue_worker_run_next(fastqueue_worker *w);
/* }}} */

/* {{{ controls and figures, at any time */
/* stop(): the run ends after the current job, with status (0-255). */
void fastqueue_worker_request_stop(fastqueue_worker *w, int status);
void fastqueue_worker_set_paused(fastqueue_worker *w, bool paused);
bool fastqueue_worker_is_paused(fastqueue_worker *w);
/* skipQueues(): the worker takes skip, a set of queue names as keys (NULL: none skipped); a
 * change takes effect between rounds. */
void fastqueue_worker_skip_queues(fastqueue_worker *w, HashTable *skip);
void fastqueue_worker_get_stats(fastqueue_worker *w, fastqueue_worker_stats *out);
/* The metrics' exposition text (malloc'd, *len bytes), or NULL with ERR_STATE (metrics off) or
 * ERR_MEMORY. */
char *fastqueue_worker_metrics_text(fastqueue_worker *w, size_t *len, fastqueue_worker_error *err);
/* on(): adds listener (a callable) to the event named event; false when there is no such event. */
bool fastqueue_worker_listen(fastqueue_worker *w, const zend_string *event, zval *listener);
/* }}} */

#endif
