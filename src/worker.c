/* FastQueue\Worker: the daemon loop. One round trip per round: the reserve script carries
 * the acknowledgements of finished jobs, migrates due jobs, reserves the next ones and reads
 * the restart key. PHP is called only to run a job and its event listeners. */
#include "php_fastqueue.h"
#include "worker.h"
#include "redis_queue.h"
#include "job.h"
#include "failed.h"
#include "signals.h"
#include "payload.h"
#include "options.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "zend_smart_str.h"
#include <math.h>
#include <sys/stat.h>
#include <time.h>

typedef enum {
	EV_LOOPING, EV_PROCESSING, EV_PROCESSED, EV_EXCEPTION, EV_RELEASED, EV_FAILED, EV_TIMEOUT, EV_STOPPING,
	/* What happens to jobs in Redis, as a subclass of Laravel's RedisQueue sees it (Horizon's
	 * fires its events from those methods): pop, migrateExpiredJobs, deleteReserved and
	 * deleteAndRelease. */
	EV_Q_RESERVED, EV_Q_MIGRATED, EV_Q_DELETED, EV_Q_RELEASED,
	EV_COUNT
} worker_event;

static const char *const event_names[EV_COUNT] = {
	"looping", "processing", "processed", "exception", "released", "failed", "timeout", "stopping",
	"queue:reserved", "queue:migrated", "queue:deleted", "queue:released"
};

typedef struct _worker_options {
	zend_string *name;            /* the worker's name, as queue:work --name */
	double sleep;                 /* seconds to sleep when no job is ready */
	zend_long tries;              /* attempts allowed unless the job says; 0 = unlimited */
	zend_long *backoff;           /* seconds before a retry, by attempt; last repeats */
	uint32_t backoff_count;
	zend_long timeout;            /* seconds a job may run unless it says; 0 = none */
	zend_long memory;             /* MB of memory after which the worker stops with 12 */
	zend_long max_jobs;           /* stop after this many jobs; 0 = never */
	zend_long max_time;           /* stop after this many seconds; 0 = never */
	double rest;                  /* seconds to rest after each job */
	bool force;                   /* run even while the maintenance file exists */
	bool stop_when_empty;         /* stop when no job is ready */
	zend_string *restart_key;     /* Redis key whose change stops the worker, or NULL */
	zend_string *maintenance_file;/* while this file exists no job starts, or NULL */
	bool timeout_throw;           /* timeout_mode 'throw' rather than 'kill' */
	bool failed_store;            /* record failed jobs in Redis */
	zend_long prefetch;           /* jobs reserved per round trip */
	bool overlap;                 /* daemon() with prefetch: reserve the next batch while this one runs */
	double timeout_grace;         /* seconds after a timeout before the watchdog ends the process */
} worker_options;

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
	fastqueue_queue_list list;    /* the queues of the current run */
	bool list_ready;
	zend_long reserve_count;      /* jobs per reserve: prefetch, or 1 where none could wait safely */
	bool prefetch_warned;         /* said once why prefetch is not used */
	buffered_job *buffer;         /* prefetched jobs, a FIFO */
	bool in_flight;               /* the next batch's reserve is out (overlap), its reply not taken */
	zend_long flight_until;       /* ... its reservations' end */
	uint32_t flight_slot;         /* ... its first job's number in that second's scores */
	double flight_at;             /* ... when it was sent (whole seconds, as reserve()'s) */
	bool flight_report;           /* ... it reports migrations */
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

static zend_object_handlers worker_handlers;

static inline fastqueue_worker *worker_from_obj(zend_object *obj)
{
	return (fastqueue_worker *) ((char *) obj - XtOffsetOf(fastqueue_worker, std));
}
#define Z_WORKER_P(zv) worker_from_obj(Z_OBJ_P(zv))

static fastqueue_redis_queue *worker_queue(fastqueue_worker *w)
{
	return fastqueue_redis_queue_from_obj(w->queue);
}

static double now_real(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

static double now_mono(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

/* {{{ calling PHP */

/* exit() inside PHP code unwinds through us: stop everything and let it through. */
static bool unwinding(fastqueue_worker *w)
{
	if (EG(exception) && zend_is_unwind_exit(EG(exception))) {
		w->exiting = true;
	}
	return w->exiting;
}

static void report(const char *what, zend_object *ex)
{
	zval rv, *msg = zend_read_property(ex->ce, ex, "message", sizeof("message") - 1, 1, &rv);
	zend_string *text = zval_get_string(msg);
	fprintf(stderr, "FastQueue: %s: %s: %s\n", what, ZSTR_VAL(ex->ce->name), ZSTR_VAL(text));
	fflush(stderr);
	zend_string_release(text);
}

/* Calls a callable zval; the return value goes to rv (UNDEF when the call failed). */
static void call_php(zval *callable, zval *args, uint32_t argc, zval *rv)
{
	zend_fcall_info fci;
	zend_fcall_info_cache fcc;
	char *error = NULL;

	ZVAL_UNDEF(rv);
	if (zend_fcall_info_init(callable, 0, &fci, &fcc, NULL, &error) == FAILURE) {
		if (error) efree(error);
		return;
	}
	if (error) efree(error);
	fci.retval = rv;
	fci.params = args;
	fci.param_count = argc;
	zend_call_function(&fci, &fcc);
}

/* The TimeoutException our alarm threw into the running job (throw mode): it belongs to the
 * job, wherever inside it the job was, a listener included. */
static bool job_timeout_pending(fastqueue_worker *w)
{
	return w->timeout_thrown && EG(exception) && instanceof_function(EG(exception)->ce, fastqueue_ce_TimeoutException);
}

/* Runs the listeners of an event. A listener that throws is reported on stderr and the
 * worker goes on; returns false when a listener returned false (for looping). */
static bool fire(fastqueue_worker *w, worker_event ev, zval *args, uint32_t argc)
{
	zval *cb, rv, listeners;
	bool go_on = true;

	if (Z_ISUNDEF(w->listeners[ev])) {
		return true;
	}
	/* A listener may call on(): it then separates the array, and this walk goes on over the
	 * one it began with. */
	ZVAL_COPY(&listeners, &w->listeners[ev]);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL(listeners), cb) {
		call_php(cb, args, argc, &rv);
		if (Z_TYPE(rv) == IS_FALSE) {
			go_on = false;
		}
		zval_ptr_dtor(&rv);
		if (unwinding(w) || job_timeout_pending(w)) {
			go_on = false;
			break;
		}
		if (EG(exception)) {
			char what[64];
			snprintf(what, sizeof(what), "the '%s' listener threw", event_names[ev]);
			report(what, EG(exception));
			zend_clear_exception();
		}
	} ZEND_HASH_FOREACH_END();
	zval_ptr_dtor(&listeners);
	return go_on;
}

static void fire_job(fastqueue_worker *w, worker_event ev, zval *job)
{
	fire(w, ev, job, 1);
}

static void fire_job_value(fastqueue_worker *w, worker_event ev, zval *job, zval *value)
{
	zval args[2];
	ZVAL_COPY_VALUE(&args[0], job);
	ZVAL_COPY_VALUE(&args[1], value);
	fire(w, ev, args, 2);
}
/* }}} */

/* {{{ the job's limits */
/* A field as an integer, dflt when absent or not one. */
static zend_long field_long(fastqueue_job *job, fastqueue_field f, zend_long dflt)
{
	zval v, n;
	bool found;

	fastqueue_job_field(job, f, &v);
	found = fastqueue_payload_int(&v, &n) == SUCCESS && Z_TYPE(n) == IS_LONG;
	zval_ptr_dtor(&v);
	return found ? Z_LVAL(n) : dflt;
}

static void free_limits(job_limits *l)
{
	zval_ptr_dtor(&l->backoff);
	ZVAL_UNDEF(&l->backoff);
	if (l->uuid) {
		zend_string_release(l->uuid);
		l->uuid = NULL;
	}
}

/* Read from the payload's scan: nothing of it is decoded but these fields. */
static void read_limits(fastqueue_worker *w, fastqueue_job *job, job_limits *l)
{
	zval v;
	free_limits(l);
	l->max_tries = field_long(job, FASTQUEUE_FIELD_MAX_TRIES, w->opt.tries);
	/* As Laravel's Job::retryUntil(): older payloads carry the deadline as "timeoutAt". */
	l->retry_until = field_long(job, FASTQUEUE_FIELD_RETRY_UNTIL, field_long(job, FASTQUEUE_FIELD_TIMEOUT_AT, 0));
	l->max_exceptions = field_long(job, FASTQUEUE_FIELD_MAX_EXCEPTIONS, -1);
	l->timeout = field_long(job, FASTQUEUE_FIELD_TIMEOUT, w->opt.timeout);
	fastqueue_job_field(job, FASTQUEUE_FIELD_FAIL_ON_TIMEOUT, &v);
	l->fail_on_timeout = !Z_ISUNDEF(v) && zend_is_true(&v);
	zval_ptr_dtor(&v);
	fastqueue_job_backoff(job, &l->backoff);
	if (!(Z_TYPE(l->backoff) == IS_STRING && Z_STRLEN(l->backoff)) && Z_TYPE(l->backoff) != IS_LONG) {
		zval_ptr_dtor(&l->backoff);
		ZVAL_UNDEF(&l->backoff);
	}
	fastqueue_job_field(job, FASTQUEUE_FIELD_UUID, &v);
	l->uuid = Z_TYPE(v) == IS_STRING ? Z_STR(v) : NULL;
	if (!l->uuid) {
		zval_ptr_dtor(&v);
	}
}

/* Laravel's calculateBackoff: the job's list (else the worker's) at attempts-1, last repeats. */
static zend_long backoff_for(fastqueue_worker *w, const job_limits *l, zend_long attempts)
{
	zend_long index = attempts > 0 ? attempts - 1 : 0;
	if (!Z_ISUNDEF(l->backoff)) {
		if (Z_TYPE(l->backoff) == IS_LONG) {
			return Z_LVAL(l->backoff);
		}
		const char *p = Z_STRVAL(l->backoff), *end = p + Z_STRLEN(l->backoff);
		zend_long value = 0;
		for (zend_long i = 0; p < end; i++) {
			char *stop;
			value = ZEND_STRTOL(p, &stop, 10);
			if (i == index || stop >= end) {
				break;
			}
			p = stop + 1;
		}
		return value > 0 ? value : 0;
	}
	return w->opt.backoff[index < (zend_long) w->opt.backoff_count ? index : w->opt.backoff_count - 1];
}
/* }}} */

/* {{{ telling Redis that a job started or finished, without waiting for the reply */
static zend_string *reserved_key(fastqueue_worker *w, fastqueue_job *job)
{
	return w->list.keys[4 * (job->queue_index - 1) + 2];
}

static void add_ack(fastqueue_worker *w, fastqueue_job *job)
{
	fastqueue_ack *ack;

	if (w->nacks == w->acks_cap) {
		w->acks_cap = w->acks_cap ? w->acks_cap * 2 : 16;
		w->acks = safe_erealloc(w->acks, w->acks_cap, sizeof(*w->acks), 0);
	}
	ack = &w->acks[w->nacks++];
	ack->key = zend_string_copy(reserved_key(w, job));
	ack->copy = zend_string_copy(job->reserved);
	ack->raw = job->uncharged && !zend_string_equals(job->raw, job->reserved) ? zend_string_copy(job->raw) : NULL;
}

static void drop_acks(fastqueue_worker *w, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		zend_string_release(w->acks[i].key);
		zend_string_release(w->acks[i].copy);
		if (w->acks[i].raw) {
			zend_string_release(w->acks[i].raw);
		}
	}
	/* Nothing to move when all went (w->acks is still NULL when there never was one). */
	if (n < w->nacks) {
		memmove(w->acks, w->acks + n, (w->nacks - n) * sizeof(*w->acks));
	}
	w->nacks -= n;
	w->acks_sent = n > w->acks_sent ? 0 : w->acks_sent - n;
}

/* Once every reply to what went out without waiting has been read, the acks sent are done
 * with. When one of those calls failed, lost with a connection or refused (LOADING after a
 * restart, a missing permission), they all go again: removing a member twice does no harm. */
static void settle_deferred(fastqueue_worker *w)
{
	fastqueue_redis_queue *q = worker_queue(w);
	bool lost;

	if (fastqueue_conn_deferred(&q->conn)) {
		return;
	}
	if (fastqueue_conn_deferred_failure(&q->conn, &lost)) {
		fprintf(stderr, "FastQueue: Redis %s marks of started and finished jobs (%s); acknowledgements are sent again\n",
			lost ? "may not have received" : "refused", q->conn.deferred_err);
		fflush(stderr);
		w->acks_sent = 0;
		return;
	}
	drop_acks(w, w->acks_sent);
}

/* Queues the unsent acks to go with the next command. */
static void defer_acks(fastqueue_worker *w)
{
	if (w->acks_sent < w->nacks
		&& fastqueue_queue_defer_acks(worker_queue(w), w->acks + w->acks_sent, w->nacks - w->acks_sent) == SUCCESS) {
		w->acks_sent = w->nacks;
	}
}

/* A job reserved uncharged starts: its attempt is charged in Redis now, before any of its
 * code runs, with the acks of the jobs before it, sent without waiting for the reply. Should
 * the worker die during the job, it comes back with this attempt counted (a job that kills
 * its worker still runs out of tries); the jobs behind it come back uncharged. */
static void mark_started(fastqueue_worker *w, fastqueue_job *job)
{
	fastqueue_redis_queue *q = worker_queue(w);

	if (!job->uncharged || job->started) {
		return;
	}
	settle_deferred(w);
	job->started = true;
	if (fastqueue_queue_defer_start(q, reserved_key(w, job), job->reserved_until, job->slot, job->raw,
			job->reserved, w->acks + w->acks_sent, w->nacks - w->acks_sent) == FAILURE) {
		fprintf(stderr, "FastQueue: could not mark job %s started: %s; it runs, but should the worker die "
			"during it, it comes back with this attempt not counted\n", ZSTR_VAL(job->queue), q->conn.err);
		fflush(stderr);
		return;
	}
	w->acks_sent = w->nacks;
}
/* }}} */

/* {{{ ending a job: ack, fail, release */
/* The job left :reserved for good (acknowledged, deleted or failed): queue:deleted. */
static void job_deleted(fastqueue_worker *w, fastqueue_job *job)
{
	zval job_zv;
	ZVAL_OBJ(&job_zv, &job->std);
	fire_job(w, EV_Q_DELETED, &job_zv);
}

/* $job->delete() inside a job: acknowledged with the next command. The job counts as deleted
 * before the listeners hear of it, as Laravel's deleteReserved runs after delete() set it. */
static void hook_defer_delete(void *ctx, fastqueue_job *job)
{
	add_ack((fastqueue_worker *) ctx, job);
	job->deleted = true;
	job_deleted((fastqueue_worker *) ctx, job);
}

/* The job went to :delayed (its own release() or the worker's retry): queue:released. */
static void job_released(fastqueue_worker *w, fastqueue_job *job, zend_long delay)
{
	zval args[2];
	ZVAL_OBJ(&args[0], &job->std);
	ZVAL_LONG(&args[1], delay);
	fire(w, EV_Q_RELEASED, args, 2);
}

static void hook_released(void *ctx, fastqueue_job *job, zend_long delay)
{
	job_released((fastqueue_worker *) ctx, job, delay);
}

/* An exception object of class ce whose message is fmt with name in it (not thrown). */
static void new_exception(zval *out, zend_class_entry *ce, const char *fmt, const char *name)
{
	zval m;

	object_init_ex(out, ce);
	ZVAL_STR(&m, zend_strpprintf(0, fmt, name));
	zend_update_property_ex(zend_ce_exception, Z_OBJ_P(out), ZSTR_KNOWN(ZEND_STR_MESSAGE), &m);
	zval_ptr_dtor(&m);
}


/* Fails a job: one step removes the reservation and (with failed_store) records it; then
 * the failed event. Nothing else of the job runs. */
static zend_result fail_job(fastqueue_worker *w, fastqueue_job *job, zval *exception)
{
	fastqueue_redis_queue *q = worker_queue(w);
	zend_result ok;
	zval job_zv, manual;

	ZVAL_UNDEF(&manual);
	if (Z_TYPE_P(exception) != IS_OBJECT) {
		/* $job->fail() without one: listeners and the store still get a Throwable, as Laravel's
		 * ManuallyFailedException. */
		zend_string *name = fastqueue_job_display_name(job);
		new_exception(&manual, fastqueue_ce_ManuallyFailedException, "%s was marked as failed without an exception", ZSTR_VAL(name));
		zend_string_release(name);
		exception = &manual;
	}
	ok = w->opt.failed_store ? fastqueue_failed_record(q, job, exception) : fastqueue_job_remove_reserved(job);
	if (ok == FAILURE) {
		/* The job stays reserved: it comes back after retry_after and fails then. */
		fprintf(stderr, "FastQueue: could not fail job %s: %s\n", ZSTR_VAL(job->queue), q->conn.err);
		fflush(stderr);
	}
	job->failed = true;
	job->deleted = true;
	w->failed++;
	/* As Laravel's fail(): marked failed, deleted (queue:deleted), then the failed event. */
	if (ok == SUCCESS) {
		job_deleted(w, job);
	}
	ZVAL_OBJ(&job_zv, &job->std);
	fire_job_value(w, EV_FAILED, &job_zv, exception);
	zval_ptr_dtor(&manual);
	return SUCCESS;
}

static zend_result hook_fail(void *ctx, fastqueue_job *job, zval *exception)
{
	return fail_job((fastqueue_worker *) ctx, job, exception);
}

static void max_attempts_exception(zval *out, fastqueue_job *job)
{
	zend_string *name = fastqueue_job_display_name(job);
	new_exception(out, fastqueue_ce_MaxAttemptsExceededException,
		"%s has been attempted too many times or run too long. The job may have previously timed out.", ZSTR_VAL(name));
	zend_string_release(name);
}

/* maxExceptions: Laravel counts a job's exceptions in the cache; we count in Redis, a day. */
static bool exceptions_used_up(fastqueue_worker *w, const job_limits *l)
{
	fastqueue_redis_queue *q = worker_queue(w);
	zend_string *key;
	fastqueue_args a;
	fastqueue_reply *r;
	fastqueue_conn *c;
	zend_long count = 0;

	if (l->max_exceptions < 0 || !l->uuid) {
		return false;
	}
	key = zend_string_concat3(ZSTR_VAL(q->prefix), ZSTR_LEN(q->prefix), "fastqueue:job-exceptions:",
		sizeof("fastqueue:job-exceptions:") - 1, ZSTR_VAL(l->uuid), ZSTR_LEN(l->uuid));
	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "INCR", 4);
	fastqueue_args_add_str(&a, key);
	c = fastqueue_conn_route_str(&q->conn, key);
	if (fastqueue_conn_command(c, &a, &r) == SUCCESS) {
		fastqueue_reply_integer(r, &count);
		fastqueue_reply_free(r);
		fastqueue_args_free(&a);
		fastqueue_args_init(&a);
		fastqueue_args_add(&a, count >= l->max_exceptions ? "DEL" : "EXPIRE", count >= l->max_exceptions ? 3 : 6);
		fastqueue_args_add_str(&a, key);
		if (count < l->max_exceptions) {
			fastqueue_args_add(&a, "86400", 5);
		}
		if (fastqueue_conn_command(c, &a, &r) == SUCCESS) {
			fastqueue_reply_free(r);
		}
	}
	fastqueue_args_free(&a);
	zend_string_release(key);
	return count >= l->max_exceptions;
}

/* Laravel's markJobAsFailedIfWillExceedMaxAttempts: another attempt would be one too many. */
static bool tries_used_up(const job_limits *l, fastqueue_job *job)
{
	if (l->retry_until) {
		return l->retry_until <= fastqueue_unix_time();
	}
	return l->max_tries > 0 && job->attempts >= l->max_tries;
}

static void release_job(fastqueue_worker *w, fastqueue_job *job, zval *job_zv, zend_long delay)
{
	fastqueue_redis_queue *q = worker_queue(w);
	bool released;
	zval d;

	/* The delay may come from the job's payload ("backoff" can be any number there), where no
	 * ValueError is possible: clamped to what later() accepts, time() + delay cannot wrap round
	 * to a negative score that makes the job due again at once. */
	delay = fastqueue_clamp_delay(delay);
	if (fastqueue_queue_release(q, job->queue, job->reserved, fastqueue_unix_time() + delay, &released) == FAILURE) {
		fprintf(stderr, "FastQueue: could not release job %s: %s; it comes back after retry_after\n",
			ZSTR_VAL(job->queue), q->conn.err);
		fflush(stderr);
		return;
	}
	job->released = true;
	w->released++;
	ZVAL_LONG(&d, delay);
	job_released(w, job, delay);
	fire_job_value(w, EV_RELEASED, job_zv, &d);
}

/* Laravel's handleJobException: fail when out of tries, time or exceptions, else release. */
static void handle_exception(fastqueue_worker *w, fastqueue_job *job, zval *job_zv, const job_limits *l, zval *e)
{
	w->exceptions++;
	if (!job->failed) {
		bool timed_out = Z_TYPE_P(e) == IS_OBJECT && instanceof_function(Z_OBJCE_P(e), fastqueue_ce_TimeoutException);
		if (tries_used_up(l, job) || exceptions_used_up(w, l) || (timed_out && l->fail_on_timeout)) {
			fail_job(w, job, e);
		}
	}
	fire_job_value(w, EV_EXCEPTION, job_zv, e);
	if (!job->deleted && !job->released && !job->failed) {
		release_job(w, job, job_zv, backoff_for(w, l, job->attempts));
	}
}
/* }}} */

/* {{{ running one job */
static const char *visibility(const zend_function *fn)
{
	return (fn->common.fn_flags & ZEND_ACC_PRIVATE) ? "private" : "protected";
}

/* Calls $obj->method($job, $data) as code outside the class would: visibility holds, a
 * static method is called statically, __call answers for a method it may not see. */
static void call_job_method(zval *obj, zend_string *method, zval *args)
{
	zend_class_entry *ce = Z_OBJCE_P(obj);
	zend_fcall_info fci;
	zend_fcall_info_cache fcc;
	zend_function *fn;
	zval callable, rv;
	char *error = NULL;

	array_init_size(&callable, 2);
	Z_ADDREF_P(obj);
	add_next_index_zval(&callable, obj);
	add_next_index_str(&callable, zend_string_copy(method));
	/* No frame: the scope is global, not the caller of daemon(). */
	if (zend_is_callable_at_frame(&callable, NULL, NULL, 0, &fcc, &error)) {
		fci.size = sizeof(fci);
		ZVAL_COPY_VALUE(&fci.function_name, &callable);
		fci.object = fcc.object;
		fci.retval = &rv;
		fci.params = args;
		fci.param_count = 2;
		fci.named_params = NULL;
		zend_call_function(&fci, &fcc);
		zval_ptr_dtor(&rv);
	} else if ((fn = zend_hash_find_ptr_lc(&ce->function_table, method))) {
		zend_throw_error(NULL, "Call to %s method %s::%s() from global scope",
			visibility(fn), ZSTR_VAL(ce->name), ZSTR_VAL(fn->common.function_name));
	} else {
		zend_throw_exception_ex(fastqueue_ce_Exception, 0, "Job class \"%s\" has no method \"%s\"",
			ZSTR_VAL(ce->name), ZSTR_VAL(method));
	}
	if (error) efree(error);
	zval_ptr_dtor(&callable);
}

/* No handler: Laravel's resolution without a container, "Class@method" (method fire when
 * absent), run as (new Class)->method($job, $data) from outside the class. */
/* The job class's way (Laravel's "Class@method", else fire): only "job" and "data" are decoded. */
static void call_job_class(zval *job_zv)
{
	fastqueue_job *job = Z_FASTQUEUE_JOB_P(job_zv);
	zval name_zv, data, *name = &name_zv, obj, args[2];
	const char *at;
	size_t class_len;
	zend_string *cls, *method;
	zend_class_entry *ce;

	/* A job's name is a non-empty string: run_job checked it (fastqueue_job_is_valid). */
	fastqueue_job_field(job, FASTQUEUE_FIELD_JOB, &name_zv);
	fastqueue_job_field(job, FASTQUEUE_FIELD_DATA, &data);
	at = memchr(Z_STRVAL_P(name), '@', Z_STRLEN_P(name));
	class_len = at ? (size_t) (at - Z_STRVAL_P(name)) : Z_STRLEN_P(name);
	cls = zend_string_init(Z_STRVAL_P(name), class_len, 0);
	method = at ? zend_string_init(at + 1, Z_STRLEN_P(name) - class_len - 1, 0) : zend_string_init("fire", 4, 0);
	ce = zend_lookup_class(cls);

	ZVAL_COPY_VALUE(&args[0], job_zv);
	if (Z_ISUNDEF(data)) {
		ZVAL_NULL(&args[1]);
	} else {
		ZVAL_COPY_VALUE(&args[1], &data);
	}
	if (!ce) {
		if (!EG(exception)) {
			zend_throw_exception_ex(fastqueue_ce_Exception, 0, "Job class \"%s\" not found", ZSTR_VAL(cls));
		}
	} else if (ce->constructor && !(ce->constructor->common.fn_flags & ZEND_ACC_PUBLIC)) {
		zend_throw_error(NULL, "Call to %s %s::__construct() from global scope", visibility(ce->constructor), ZSTR_VAL(ce->name));
	} else if (object_init_ex(&obj, ce) == SUCCESS) {
		if (ce->constructor) {
			zend_call_known_instance_method_with_0_params(ce->constructor, Z_OBJ(obj), NULL);
		}
		if (!EG(exception)) {
			call_job_method(&obj, method, args);
		}
		zval_ptr_dtor(&obj);
	}
	zend_string_release(cls);
	zend_string_release(method);
	zval_ptr_dtor(&name_zv);
	zval_ptr_dtor(&data);
}

static void call_handler(fastqueue_worker *w, zval *job_zv)
{
	zend_fcall_info fci;
	zval rv;

	if (Z_ISUNDEF(w->handler)) {
		call_job_class(job_zv);
		return;
	}
	fci.size = sizeof(fci);
	ZVAL_COPY_VALUE(&fci.function_name, &w->handler);
	fci.object = NULL;
	fci.retval = &rv;
	fci.params = job_zv;
	fci.param_count = 1;
	fci.named_params = NULL;
	zend_call_function(&fci, &w->handler_fcc);
	zval_ptr_dtor(&rv);
}

static void flush_round(fastqueue_worker *w);

/* At the job's timeout, at a safe point (signals.c calls this from the VM interrupt). */
static void on_timeout(void *ctx)
{
	fastqueue_worker *w = ctx;
	fastqueue_job *job = Z_FASTQUEUE_JOB_P(&w->current);
	const job_limits *l = &w->limits;  /* run_job read them before the timer started */
	zval e, status;

	w->timeouts++;
	fastqueue_signals_extend_grace();
	if (w->opt.timeout_throw) {
		zend_string *name = fastqueue_job_display_name(job);
		/* Listeners first: fire() clears what they throw, which must not be ours. */
		fire_job(w, EV_TIMEOUT, &w->current);
		if (!w->exiting) {
			zend_throw_exception_ex(fastqueue_ce_TimeoutException, 0, "%s has timed out after " ZEND_LONG_FMT " s", ZSTR_VAL(name), l->timeout);
			w->timeout_thrown = true;
		}
		zend_string_release(name);
		return;
	}
	/* 'kill', Laravel's semantics: fail it if it may not run again, then end the process. */
	fire_job(w, EV_TIMEOUT, &w->current);
	if (!job->failed && !job->deleted && !job->released
		&& (l->fail_on_timeout || tries_used_up(l, job) || exceptions_used_up(w, l))) {
		max_attempts_exception(&e, job);
		fail_job(w, job, &e);
		zval_ptr_dtor(&e);
	}
	flush_round(w);
	ZVAL_LONG(&status, 1);
	fire(w, EV_STOPPING, &status, 1);
	fflush(stdout);
	fflush(stderr);
	_exit(1);
}

/* Fails a job before it runs, with exception e (consumed): not a job it can run. */
static void fail_unrunnable(fastqueue_worker *w, fastqueue_job *job, zval *job_zv, zval *e)
{
	w->exceptions++;
	fail_job(w, job, e);
	fire_job_value(w, EV_EXCEPTION, job_zv, e);
	zval_ptr_dtor(e);
}

static void payload_exception(zval *out, zend_string *message)
{
	zval m;

	object_init_ex(out, fastqueue_ce_PayloadException);
	ZVAL_STR(&m, message);
	zend_update_property_ex(zend_ce_exception, Z_OBJ_P(out), ZSTR_KNOWN(ZEND_STR_MESSAGE), &m);
	zval_ptr_dtor(&m);
}

/* The pop script counts attempts only when the payload's "attempts" is a count: else no
 * limit on tries could ever apply, and the job would be retried for ever. */
static zend_string *bad_attempts_reason(fastqueue_job *job)
{
	zval attempts, *v = &attempts;
	smart_str shown = {0};

	fastqueue_job_field(job, FASTQUEUE_FIELD_ATTEMPTS, &attempts);
	if (Z_ISUNDEF(attempts)) {
		smart_str_appends(&shown, "missing");
	} else if (Z_TYPE_P(v) == IS_STRING) {
		smart_str_appendc(&shown, '"');
		smart_str_appendl(&shown, Z_STRVAL_P(v), MIN(Z_STRLEN_P(v), 40));
		smart_str_appends(&shown, Z_STRLEN_P(v) > 40 ? "...\"" : "\"");
	} else if (Z_TYPE_P(v) == IS_ARRAY) {
		smart_str_appends(&shown, "an array or object");
	} else {
		smart_str_append_scalar(&shown, v, 40);
	}
	smart_str_0(&shown);
	zval_ptr_dtor(&attempts);
	zend_string *why = zend_strpprintf(0, "Job payload field \"attempts\" must be a whole number from 0 to "
		"999999999999999 (or a string of its digits), not %s: its tries could not be counted", ZSTR_VAL(shown.s));
	smart_str_free(&shown);
	return why;
}

static void run_job(fastqueue_worker *w, zval *job_zv)
{
	fastqueue_job *job = Z_FASTQUEUE_JOB_P(job_zv);
	zend_string *why = NULL, *name;
	job_limits *l = &w->limits;
	double t0;
	zval e;

	/* The garbage collector may have run a destructor that threw in our code between jobs (an
	 * earlier job's object in a reference cycle): with no job running it is no job's, and
	 * left pending it would stop this job's handler from running and be charged to it. */
	if (EG(exception) && !zend_is_unwind_exit(EG(exception))) {
		report("an exception was thrown between jobs (by a destructor the garbage collector ran?)", EG(exception));
		zend_clear_exception();
	}
	ZVAL_COPY(&w->current, job_zv);
	job->hooks = &w->hooks;
	w->processed++;
	w->timeout_thrown = false;
	mark_started(w, job);
	/* Laravel's pop hands out the job as it reserves it: its reserved copy is in :reserved now. */
	fire_job(w, EV_Q_RESERVED, job_zv);
	if (w->exiting) {
		goto done;
	}
	fire_job(w, EV_PROCESSING, job_zv);
	if (w->exiting) {
		goto done;
	}
	if (!fastqueue_job_is_valid(job, &why)) {
		/* Not a job we can run: fail it with the reason, never lose it. */
		payload_exception(&e, zend_string_copy(why));
		fail_unrunnable(w, job, job_zv, &e);
		goto done;
	}
	if (job->attempts < 0) {
		payload_exception(&e, bad_attempts_reason(job));
		fail_unrunnable(w, job, job_zv, &e);
		goto done;
	}
	read_limits(w, job, l);
	/* Its last run died (timeout, kill -9, fatal error): attempts already exceed its tries. */
	if ((l->retry_until && fastqueue_unix_time() > l->retry_until)
		|| (!l->retry_until && l->max_tries > 0 && job->attempts > l->max_tries)) {
		max_attempts_exception(&e, job);
		fail_unrunnable(w, job, job_zv, &e);
		goto done;
	}

	name = fastqueue_job_display_name(job);
	fastqueue_signals_start_job(l->timeout, w->opt.timeout_grace, ZSTR_VAL(name), on_timeout, w);
	zend_string_release(name);
	t0 = now_mono();
	/* A fatal error in here unwinds to the guard around the whole run (run_guarded). */
	call_handler(w, job_zv);
	fastqueue_signals_end_job();
	/* The job's code is over: a TimeoutException from here on (a listener's own) is not its. */
	w->timeout_thrown = false;
	w->busy += now_mono() - t0;

	if (EG(exception)) {
		if (unwinding(w)) {
			goto done;
		}
		ZVAL_OBJ_COPY(&e, EG(exception));
		zend_clear_exception();
		handle_exception(w, job, job_zv, l, &e);
		zval_ptr_dtor(&e);
	} else {
		if (!job->deleted && !job->released && !job->failed) {
			add_ack(w, job);
			job->deleted = true;
			job_deleted(w, job);
		}
		fire_job(w, EV_PROCESSED, job_zv);
	}
done:
	w->timeout_thrown = false;
	job->hooks = NULL;
	zval_ptr_dtor(&w->current);
	ZVAL_UNDEF(&w->current);
}
/* }}} */

/* {{{ getting jobs: reserve, the prefetch buffer, handing back */
static void buffer_push(fastqueue_worker *w, zval *job, double reserved_at)
{
	if (w->buf_head + w->buf_len == w->buf_cap) {
		if (w->buf_head > 0) {
			memmove(w->buffer, w->buffer + w->buf_head, w->buf_len * sizeof(*w->buffer));
			w->buf_head = 0;
		} else {
			w->buf_cap = w->buf_cap ? w->buf_cap * 2 : 8;
			w->buffer = safe_erealloc(w->buffer, w->buf_cap, sizeof(*w->buffer), 0);
		}
	}
	ZVAL_COPY_VALUE(&w->buffer[w->buf_head + w->buf_len].job, job);
	w->buffer[w->buf_head + w->buf_len].reserved_at = reserved_at;
	w->buf_len++;
}

/* Hands back the given jobs of group g (one script call: its queues share a hash slot). */
static zend_result hand_back_group(fastqueue_worker *w, uint32_t g, buffered_job *jobs, uint32_t n)
{
	fastqueue_redis_queue *q = worker_queue(w);
	uint32_t first = w->list.group_first[g], last = w->list.group_first[g + 1], sent = 0;
	fastqueue_args a;
	fastqueue_reply *r;
	char (*qnum)[12];
	zend_result ok;

	qnum = safe_emalloc(n, sizeof(*qnum), 0);
	fastqueue_args_init(&a);
	for (uint32_t i = 4 * first; i < 4 * last; i++) {
		fastqueue_args_add_str(&a, w->list.keys[i]);
	}
	for (uint32_t i = 0; i < n; i++) {
		fastqueue_job *job = Z_FASTQUEUE_JOB_P(&jobs[i].job);
		if (job->queue_index <= first || job->queue_index > last) {
			continue;
		}
		/* Queue numbers as the call counts them: within the group. */
		fastqueue_args_add(&a, qnum[sent], fastqueue_format(qnum[sent], sizeof(qnum[sent]), "%u", job->queue_index - first));
		fastqueue_args_add_str(&a, job->raw);
		/* Its member in :reserved: the job as pushed, as it never started. */
		fastqueue_args_add_str(&a, job->uncharged && !job->started ? job->raw : job->reserved);
		sent++;
	}
	ok = SUCCESS;
	if (sent) {
		ok = fastqueue_conn_eval(fastqueue_conn_route_str(&q->conn, w->list.keys[4 * first]), FASTQUEUE_LUA_REQUEUE,
			(int) (4 * (last - first)), &a, &r);
		fastqueue_reply_free(r);
		if (ok == FAILURE) {
			fprintf(stderr, "FastQueue: could not hand back %u prefetched job(s): %s; they come back after retry_after\n",
				sent, q->conn.err);
			fflush(stderr);
		}
	}
	fastqueue_args_free(&a);
	efree(qnum);
	return ok;
}

/* Hands the given buffered jobs back to the head of their queues, untouched. */
static zend_result hand_back(fastqueue_worker *w, buffered_job *jobs, uint32_t n)
{
	zend_result ok = SUCCESS;

	for (uint32_t g = 0; g < w->list.ngroups && n; g++) {
		if (hand_back_group(w, g, jobs, n) == FAILURE) {
			ok = FAILURE;
		}
	}
	for (uint32_t i = 0; i < n; i++) {
		zval_ptr_dtor(&jobs[i].job);
	}
	return ok;
}

/* Sends the pending acknowledgements now and reads every reply still owed, rather than
 * leaving them to the next reserve, when none is coming soon. */
static void send_acks(fastqueue_worker *w)
{
	fastqueue_redis_queue *q = worker_queue(w);

	if (!w->nacks && !fastqueue_conn_deferred(&q->conn)) {
		return;
	}
	defer_acks(w);
	if (fastqueue_conn_drain(&q->conn) == FAILURE) {
		fprintf(stderr, "FastQueue: could not acknowledge %u finished job(s): %s; they may run again after retry_after\n",
			w->nacks, q->conn.err);
		fflush(stderr);
	}
	settle_deferred(w);
}

static zend_result take_in_flight(fastqueue_worker *w);

/* Sends the pending acknowledgements and hands back the buffer and the overlapped batch:
 * nothing of ours stays reserved. */
static void flush_round(fastqueue_worker *w)
{
	if (!w->list_ready) {
		return;
	}
	send_acks(w);
	/* The overlapped batch goes back too, behind the buffer's jobs: untouched and in order. */
	take_in_flight(w);
	hand_back(w, w->buffer + w->buf_head, w->buf_len);
	w->buf_head = w->buf_len = 0;
}

/* How long a job with this timeout may hold its reservation: its timeout (1 s when it has
 * none, an optimistic guess) plus the watchdog's grace. */
static double longest_run(fastqueue_worker *w, zend_long timeout)
{
	return (double) (timeout > 0 ? timeout : 1) + w->opt.timeout_grace;
}

/* A prefetched job may start only while its reservation outlasts its run. */
static bool still_safe(fastqueue_worker *w, buffered_job *b)
{
	fastqueue_redis_queue *q = worker_queue(w);
	fastqueue_job *job = Z_FASTQUEUE_JOB_P(&b->job);
	zend_long timeout;

	if (q->retry_after < 0) {
		return true;
	}
	timeout = field_long(job, FASTQUEUE_FIELD_TIMEOUT, w->opt.timeout);
	return now_real() + longest_run(w, timeout) < b->reserved_at + (double) q->retry_after;
}

/* How many jobs to reserve per round trip. A prefetched job may start only while its
 * reservation outlasts a whole run (still_safe); when the worker's timeout leaves no such
 * window, every extra job would be reserved only to be handed back, two round trips each. */
static zend_long usable_prefetch(fastqueue_worker *w)
{
	fastqueue_redis_queue *q = worker_queue(w);
	double run = longest_run(w, w->opt.timeout);

	/* + 1: reservations are counted in whole seconds, so one may already be a second old. */
	if (w->opt.prefetch == 1 || q->retry_after < 0 || run + 1 < (double) q->retry_after) {
		return w->opt.prefetch;
	}
	if (!w->prefetch_warned) {
		w->prefetch_warned = true;
		fprintf(stderr, "FastQueue: prefetch " ZEND_LONG_FMT " unused: a prefetched job must be able to finish "
			"before its reservation ends, and timeout (" ZEND_LONG_FMT " s) + timeout_grace (%.1f s) leaves no room "
			"in retry_after (" ZEND_LONG_FMT " s); reserving one job at a time. Raise retry_after (Laravel's default "
			"is 90) or lower timeout.\n", w->opt.prefetch, w->opt.timeout, w->opt.timeout_grace, q->retry_after);
		fflush(stderr);
	}
	return 1;
}

static void redis_failed(fastqueue_worker *w, const char *doing)
{
	fastqueue_redis_queue *q = worker_queue(w);
	double wait = fmin(0.1 * (double) (1u << (w->redis_failures < 6 ? w->redis_failures : 6)), 5.0);
	w->redis_failures++;
	w->redis_down = q->conn.err_kind == FASTQUEUE_ERR_CONNECTION;
	fprintf(stderr, "FastQueue: %s failed: %s; retrying in %.1f s\n", doing, q->conn.err, wait);
	fflush(stderr);
	fastqueue_signals_sleep(wait);
}

static void redis_ok(fastqueue_worker *w)
{
	if (w->redis_failures) {
		fprintf(stderr, "FastQueue: Redis is back after %u failed attempt(s)\n", w->redis_failures);
		fflush(stderr);
	}
	w->redis_failures = 0;
	w->redis_down = false;
}

static void note_restart_value(fastqueue_worker *w, const fastqueue_reply *first)
{
	const char *s;
	size_t len;
	bool present;

	if (!w->restart_watch) {
		return;
	}
	w->restart_read_at = now_mono();
	present = fastqueue_reply_string(first, &s, &len);
	if (!w->restart_known) {
		/* The value at start could not be read: this one is the baseline. */
		w->restart_seen = present ? zend_string_init(s, len, 0) : NULL;
		w->restart_known = true;
		return;
	}
	if (present != (w->restart_seen != NULL)
		|| (present && (len != ZSTR_LEN(w->restart_seen) || memcmp(s, ZSTR_VAL(w->restart_seen), len) != 0))) {
		w->restart_changed = true;
	}
}

/* The pop script's report of its migration steps, as queue:migrated arguments: a list of
 * [queue name, [members], "delayed"|"reserved"]. Copied out so the reply can be freed before
 * any listener runs. */
static void read_migrations(fastqueue_worker *w, const fastqueue_reply *report, zval *out)
{
	size_t n = fastqueue_reply_array_len(report);

	array_init(out);
	for (size_t i = 0; i + 2 < n; i += 3) {
		const fastqueue_reply *members = fastqueue_reply_array_at(report, i + 2);
		const char *kind, *m;
		size_t kind_len, m_len;
		zend_long qi;
		zval step, list;

		if (!fastqueue_reply_integer(fastqueue_reply_array_at(report, i), &qi) || qi < 1 || (zend_ulong) qi > w->list.count
			|| !fastqueue_reply_string(fastqueue_reply_array_at(report, i + 1), &kind, &kind_len)
			|| !fastqueue_reply_is_array(members)) {
			continue;
		}
		array_init_size(&list, (uint32_t) fastqueue_reply_array_len(members));
		for (size_t j = 0; j < fastqueue_reply_array_len(members); j++) {
			if (fastqueue_reply_string(fastqueue_reply_array_at(members, j), &m, &m_len)) {
				add_next_index_stringl(&list, m, m_len);
			}
		}
		array_init_size(&step, 3);
		add_next_index_str(&step, zend_string_copy(w->list.names[qi - 1]));
		add_next_index_zval(&step, &list);
		add_next_index_stringl(&step, kind, kind_len);
		add_next_index_zval(out, &step);
	}
}

/* queue:migrated, once per migration step, in the order the script took them. */
static void fire_migrations(fastqueue_worker *w, zval *steps)
{
	zval *step;
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(steps), step) {
		if (w->exiting) {
			break;
		}
		zval args[3];
		for (zend_ulong i = 0; i < 3; i++) {
			ZVAL_COPY_VALUE(&args[i], zend_hash_index_find(Z_ARRVAL_P(step), i));
		}
		fire(w, EV_Q_MIGRATED, args, 3);
	} ZEND_HASH_FOREACH_END();
}

/* Puts the jobs of a reserve reply in the buffer, notes the restart key's value, and tells
 * queue:migrated listeners what it migrated. Reserved charged, the script gave each job's
 * reserved copy and attempts count; uncharged (at `at`, until `until`), it sent each job once,
 * and its reserved copy and count are made here from the payload's scan. */
static void buffer_reply(fastqueue_worker *w, fastqueue_reply *r, bool charged, zend_long until,
	uint32_t slot_base, double at, bool report)
{
	size_t n = fastqueue_reply_array_len(r) - (report ? 1 : 0), stride = FASTQUEUE_RESERVE_STRIDE(charged), end = n;
	zend_long qi = 0;
	zval migrations;

	note_restart_value(w, fastqueue_reply_array_at(r, 0));
	/* The jobs' queue. A number that is not one of ours cannot be placed: those jobs stay
	 * reserved and come back after retry_after. */
	if (n > 1 && (!fastqueue_reply_integer(fastqueue_reply_array_at(r, 1), &qi) || qi < 1 || (zend_ulong) qi > w->list.count)) {
		end = 0;
	}
	for (size_t i = 2; i + stride <= end; i += stride) {
		const char *raw, *res = NULL;
		size_t raw_len, res_len = 0;
		zend_long attempts = -1;
		zval job;
		zend_string *job_raw, *why;
		fastqueue_job *fj;
		if (!fastqueue_reply_string(fastqueue_reply_array_at(r, i), &raw, &raw_len)
			|| (charged && (!fastqueue_reply_string(fastqueue_reply_array_at(r, i + 1), &res, &res_len)
				|| !fastqueue_reply_integer(fastqueue_reply_array_at(r, i + 2), &attempts)))) {
			continue;
		}
		job_raw = zend_string_init(raw, raw_len, 0);
		fastqueue_job_create(&job, w->queue, w->list.names[qi - 1], job_raw,
			charged ? zend_string_init(res, res_len, 0) : NULL, attempts);
		fj = Z_FASTQUEUE_JOB_P(&job);
		fj->queue_index = (uint32_t) qi;
		if (!charged) {
			fj->attempts = fastqueue_job_is_valid(fj, &why) ? fastqueue_payload_next_attempts(job_raw, &fj->scan) : -1;
			fj->reserved = fj->attempts >= 0 ? fastqueue_payload_with_attempts(job_raw, &fj->scan, fj->attempts) : NULL;
			if (!fj->reserved) {
				fj->reserved = zend_string_copy(job_raw);
				fj->attempts = -1;
			}
			fj->uncharged = true;
			fj->reserved_until = until;
			fj->slot = slot_base + (uint32_t) (i - 2); /* as pop.lua counts */
		}
		buffer_push(w, &job, at);
	}
	if (report) {
		read_migrations(w, fastqueue_reply_array_at(r, n), &migrations);
	}
	fastqueue_reply_free(r);
	if (report) {
		fire_migrations(w, &migrations);
		zval_ptr_dtor(&migrations);
	}
}

/* One reserve round trip, with the pending acks ahead of it; the jobs go to the buffer.
 * A batch is reserved uncharged, each job charged as it starts; a single job is reserved
 * charged, as Laravel's pop does, since it starts at once: that saves Redis and the worker
 * the start mark, at the cost Laravel's worker also has (should the worker die in the
 * microseconds between the reply and the job's start, the job comes back with the attempt
 * counted). With queue:migrated listeners the script reports what it migrated, and they
 * hear of it once the jobs are in the buffer. FAILURE: Redis failed (reported). */
static zend_result reserve(fastqueue_worker *w)
{
	fastqueue_redis_queue *q = worker_queue(w);
	fastqueue_reply *r;
	zend_long until;
	uint32_t slot_base;
	/* Whole seconds, as the script computes the reservation's end: never later than it is. */
	double at = (double) fastqueue_unix_time();
	bool report = !Z_ISUNDEF(w->listeners[EV_Q_MIGRATED]);
	bool charged = w->reserve_count == 1;

	defer_acks(w);
	if (fastqueue_queue_reserve(q, &w->list, w->reserve_count, charged, report, &until, &slot_base, &r) == FAILURE) {
		settle_deferred(w);
		redis_failed(w, "reserving jobs");
		return FAILURE;
	}
	settle_deferred(w);
	redis_ok(w);
	buffer_reply(w, r, charged, until, slot_base, at, report);
	return SUCCESS;
}

/* Overlap: sends the next batch's reserve (with the pending acks ahead of it) without waiting,
 * so that Redis reserves it while the worker runs the batch in the buffer. Only for daemon()
 * with prefetch, on one slot group outside a cluster, and not once the run is ending. */
static void send_reserve(fastqueue_worker *w)
{
	fastqueue_redis_queue *q = worker_queue(w);

	if (w->in_flight || !w->opt.overlap || w->reserve_count < 2 || w->restart_changed || w->stop_requested
		|| fastqueue_signals.quit || fastqueue_signals.paused || !fastqueue_queue_can_send_reserve(q, &w->list)) {
		return;
	}
	w->flight_at = (double) fastqueue_unix_time();
	w->flight_report = !Z_ISUNDEF(w->listeners[EV_Q_MIGRATED]);
	defer_acks(w);
	/* A failed send closed the connection: taking the reply says so, and a reserve follows. */
	w->in_flight = fastqueue_queue_reserve_send(q, &w->list, w->reserve_count, w->flight_report,
		&w->flight_until, &w->flight_slot) == SUCCESS;
}

/* Takes the overlapped reserve's jobs into the buffer, behind those already there (they were
 * behind them in their queue). FAILURE when its reply was lost or refused: it reserved
 * nothing that will not come back after retry_after, uncharged. */
static zend_result take_in_flight(fastqueue_worker *w)
{
	fastqueue_redis_queue *q = worker_queue(w);
	fastqueue_reply *r;

	if (!w->in_flight) {
		return SUCCESS;
	}
	w->in_flight = false;
	if (fastqueue_queue_reserve_take(q, w->flight_report, &r) == FAILURE) {
		settle_deferred(w);
		if (!fastqueue_conn_is_noscript(&q->conn)) {
			fprintf(stderr, "FastQueue: the reserve sent ahead failed: %s; a new one follows\n", q->conn.err);
			fflush(stderr);
		}
		return FAILURE;
	}
	settle_deferred(w);
	buffer_reply(w, r, false, w->flight_until, w->flight_slot, w->flight_at, w->flight_report);
	return SUCCESS;
}

/* One blocking wait on Redis lasts at most this long: hiredis retries a read interrupted by a
 * signal, so the flags are checked between waits, and a signal is seen well within a second. */
#define WAIT_STEP 0.25

static void poll_restart_key(fastqueue_worker *w);

/* Waits up to block_for (0: for ever) for a job on any of the queues, one BLPOP on all their
 * :notify lists, in steps; stops at a quit or pause signal or stop(), and when the restart key
 * changed (read once a second meanwhile: an idle worker restarts as promptly as a busy one). */
static zend_result wait_for_jobs(fastqueue_worker *w, bool *announced)
{
	fastqueue_redis_queue *q = worker_queue(w);
	double until = now_mono() + q->block_for;

	*announced = false;
	while (!*announced && !fastqueue_signals.quit && !w->stop_requested && !fastqueue_signals.paused) {
		double left = q->block_for == 0 ? WAIT_STEP : fmin(until - now_mono(), WAIT_STEP);
		if (left < 0.001) {
			break; /* BLPOP would read a timeout of 0 as "for ever" */
		}
		if (fastqueue_queue_wait(q, &w->list, left, announced) == FAILURE) {
			redis_failed(w, "waiting for jobs");
			return FAILURE;
		}
		if (!*announced && w->restart_watch && now_mono() - w->restart_read_at >= 1.0) {
			poll_restart_key(w);
			if (w->restart_changed) {
				break;
			}
		}
	}
	return SUCCESS;
}

/* Puts the next job at the head of the buffer when one is ready. Prefetched jobs whose
 * reservation could run out before they finish go back first, with all behind them (the
 * overlapped batch too) so the queue keeps its order; a job just reserved always runs, as no
 * reservation is fresher. With overlap, the overlapped batch becomes the buffer when it runs
 * dry, and the next is sent as a batch starts. Does not wait once a reserve saw the restart
 * key change. Returns whether it waited on Redis. */
static bool fill_buffer(fastqueue_worker *w, bool overlap)
{
	bool announced, waited = false;

	if (w->buf_len && !still_safe(w, &w->buffer[w->buf_head])) {
		take_in_flight(w);
		hand_back(w, w->buffer + w->buf_head, w->buf_len);
		w->buf_head = w->buf_len = 0;
	}
	if (!w->buf_len) {
		take_in_flight(w);
	}
	if (!w->buf_len) {
		/* The overlapped batch came back empty (or there was none): ask again now, as jobs
		 * pushed since it was sent may be there. */
		if (reserve(w) == FAILURE || w->exiting) {
			return false;
		}
		/* Nothing ready: with block_for, wait on every queue's :notify at once, then reserve. */
		if (!w->buf_len && worker_queue(w)->block_for >= 0 && !w->restart_changed) {
			waited = true;
			if (wait_for_jobs(w, &announced) == SUCCESS && announced) {
				reserve(w);
			}
		}
	}
	if (overlap && w->buf_len && !w->exiting) {
		send_reserve(w);
	}
	return waited;
}

/* Takes the job at the head of the buffer into out; false when the buffer is empty. */
static bool take_job(fastqueue_worker *w, zval *out)
{
	if (!w->buf_len) {
		return false;
	}
	ZVAL_COPY_VALUE(out, &w->buffer[w->buf_head].job);
	w->buf_head++;
	w->buf_len--;
	if (!w->buf_len) {
		w->buf_head = 0;
	}
	return true;
}
/* }}} */

/* {{{ stop conditions */
static bool memory_exceeded(fastqueue_worker *w)
{
	return (double) zend_memory_usage(true) / 1048576.0 >= (double) w->opt.memory;
}

/* Reads the restart key on its own (when no reserve ran: paused, maintenance). */
static void poll_restart_key(fastqueue_worker *w)
{
	fastqueue_redis_queue *q = worker_queue(w);
	fastqueue_args a;
	fastqueue_reply *r;

	if (!w->restart_watch) {
		return;
	}
	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "GET", 3);
	fastqueue_args_add_str(&a, w->list.keys[4 * w->list.count]);
	if (fastqueue_conn_command(fastqueue_conn_route_str(&q->conn, w->list.keys[4 * w->list.count]), &a, &r) == SUCCESS) {
		note_restart_value(w, r);
		fastqueue_reply_free(r);
	}
	fastqueue_args_free(&a);
}

/* The reserve call reads the restart key; while prefetched jobs keep the worker from
 * reserving, read it on its own, at most once a second, so a restart is not 31 jobs late. */
static void watch_restart_between_reserves(fastqueue_worker *w)
{
	if (w->restart_watch && w->buf_len > 0 && now_mono() - w->restart_read_at >= 1.0) {
		poll_restart_key(w);
	}
}

/* Laravel's stopIfNecessary, in its order: true when the run ends, with its exit status in
 * *status. "Go on" is the false answer, never a status value, so no status stop() was given
 * can be mistaken for it. */
static bool should_stop(fastqueue_worker *w, double started, bool had_job, int *status)
{
	if (w->stop_requested) {
		*status = w->stop_status;
		return true;
	}
	*status = 0;
	if (fastqueue_signals.quit) return true;
	if (memory_exceeded(w)) {
		*status = 12;
		return true;
	}
	if (w->restart_changed) return true;
	if (w->opt.stop_when_empty && !had_job) return true;
	if (w->opt.max_time && now_mono() - started >= (double) w->opt.max_time) return true;
	return w->opt.max_jobs && w->processed >= w->opt.max_jobs;
}

static bool in_maintenance(fastqueue_worker *w)
{
	struct stat st;
	return w->opt.maintenance_file && !w->opt.force && stat(ZSTR_VAL(w->opt.maintenance_file), &st) == 0;
}

/* Laravel has one paused flag: pause() or SIGUSR2 set it, resume() or SIGCONT clear it. During
 * a run it lives in the signal state, where the handlers can reach it. */
static bool is_paused(fastqueue_worker *w)
{
	return w->running ? fastqueue_signals.paused : w->paused;
}

static void set_paused(fastqueue_worker *w, bool paused)
{
	w->paused = paused;
	if (w->running) {
		fastqueue_signals.paused = paused;
	}
}

/* Whether a job may start now: not paused, not in maintenance, and no looping listener said no. */
static bool should_run(fastqueue_worker *w, zval *queues)
{
	zval args[2];
	if (in_maintenance(w) || is_paused(w)) {
		return false;
	}
	if (Z_ISUNDEF(w->listeners[EV_LOOPING])) {
		return true;
	}
	ZVAL_STR(&args[0], w->opt.name);
	ZVAL_COPY_VALUE(&args[1], queues);
	return fire(w, EV_LOOPING, args, 2);
}

/* A round that may not run a job (paused, maintenance, looping false): Laravel's pauseWorker.
 * Finished jobs are acknowledged and prefetched ones handed back first, so none of them waits
 * for the end of the pause (and runs again after retry_after). */
static void idle_round(fastqueue_worker *w)
{
	flush_round(w);
	/* stop() from a looping listener: no reason to sleep first (a signal cuts the sleep short). */
	if (!w->stop_requested) {
		fastqueue_signals_sleep(w->opt.sleep > 0 ? w->opt.sleep : 1);
	}
	poll_restart_key(w);
}
/* }}} */

/* {{{ a run: daemon() and runNextJob() share its setup and teardown */
/* Parses "high,default,low" (NULL: "default") and sets up a run. */
static zend_result begin_run(fastqueue_worker *w, zend_string *queues)
{
	fastqueue_redis_queue *q = worker_queue(w);
	zend_string **names;
	uint32_t n = 0;
	const char *p, *end;

	if (!queues) {
		p = "default";
		end = p + 7;
	} else {
		p = ZSTR_VAL(queues);
		end = p + ZSTR_LEN(queues);
	}
	if (w->running) {
		zend_throw_error(NULL, "FastQueue\\Worker is already running");
		return FAILURE;
	}
	/* Another worker's run (this one is inside its job or a listener): one set of handlers and
	 * one alarm per process, and ours would take them from it and give back the wrong ones. */
	if (fastqueue_signals.installed) {
		zend_throw_error(NULL, "FastQueue\\Worker::%s() cannot run inside a job or listener of another running worker "
			"(signal handlers and the job alarm are per process)", get_active_function_name());
		return FAILURE;
	}
	names = safe_emalloc((size_t) (end - p) / 2 + 1, sizeof(*names), 0);
	while (p <= end) {
		const char *comma = memchr(p, ',', end - p);
		const char *stop = comma ? comma : end;
		const char *a = p, *b = stop;
		while (a < b && (*a == ' ' || *a == '\t')) a++;
		while (b > a && (b[-1] == ' ' || b[-1] == '\t')) b--;
		if (b > a) {
			names[n++] = zend_string_init(a, b - a, 0);
		}
		p = stop + 1;
	}
	if (n == 0) {
		efree(names);
		zend_argument_value_error(1, "must name at least one queue");
		return FAILURE;
	}
	for (uint32_t i = 0; i < n; i++) {
		if (!fastqueue_queue_name_ok(q, names[i], 1)) {
			for (uint32_t j = 0; j < n; j++) {
				zend_string_release(names[j]);
			}
			efree(names);
			return FAILURE;
		}
	}
	fastqueue_queue_list_init(&w->list, q, names, n, w->opt.restart_key);
	for (uint32_t i = 0; i < n; i++) {
		zend_string_release(names[i]);
	}
	efree(names);
	w->list_ready = true;
	w->running = true;
	w->stop_requested = false;
	w->restart_changed = false;
	w->hooks.ctx = w;
	w->hooks.defer_delete = hook_defer_delete;
	w->hooks.fail = hook_fail;
	w->hooks.released = hook_released;
	w->reserve_count = usable_prefetch(w);
	fastqueue_signals_install();
	fastqueue_signals.paused = w->paused;
	return SUCCESS;
}

static void end_run(fastqueue_worker *w)
{
	flush_round(w);
	w->paused = fastqueue_signals.paused;
	fastqueue_signals_restore();
	fastqueue_queue_list_free(&w->list);
	w->list_ready = false;
	w->running = false;
	w->restart_watch = w->restart_known = false;
	if (w->restart_seen) {
		zend_string_release(w->restart_seen);
		w->restart_seen = NULL;
	}
}

static void read_restart_baseline(fastqueue_worker *w)
{
	fastqueue_redis_queue *q = worker_queue(w);
	fastqueue_args a;
	fastqueue_reply *r;
	const char *s;
	size_t len;

	if (!w->opt.restart_key) {
		return;
	}
	w->restart_watch = true;
	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "GET", 3);
	fastqueue_args_add_str(&a, w->list.keys[4 * w->list.count]);
	if (fastqueue_conn_command(fastqueue_conn_route_str(&q->conn, w->list.keys[4 * w->list.count]), &a, &r) == SUCCESS) {
		if (fastqueue_reply_string(r, &s, &len)) {
			w->restart_seen = zend_string_init(s, len, 0);
		}
		w->restart_known = true;
		fastqueue_reply_free(r);
	} else {
		fprintf(stderr, "FastQueue: could not read the restart key: %s\n", q->conn.err);
		fflush(stderr);
	}
	fastqueue_args_free(&a);
}
/* }}} */

/* {{{ the loops, each run under one guard against fatal errors */
typedef struct _daemon_run {
	zval queues;                  /* the queue list as given, for looping listeners */
	bool stop;                    /* a stop condition held */
	int status;                   /* and the exit status it gives */
} daemon_run;

static void daemon_loop(fastqueue_worker *w, void *arg)
{
	daemon_run *run = arg;
	zval job;
	double started = now_mono();

	while (!run->stop && !w->exiting) {
		bool waited, had_job = false;
		if (!should_run(w, &run->queues)) {
			if (w->exiting) break;
			idle_round(w);
			/* Laravel's pauseWorker checks with no job: stop_when_empty ends a paused worker. */
			run->stop = should_stop(w, started, false, &run->status);
			continue;
		}
		waited = fill_buffer(w, true);
		if (w->exiting) break;
		/* A restart seen by the reserve that brought the next job: it goes back unstarted,
		 * as Laravel stops before it pops another. */
		if (!w->restart_changed && take_job(w, &job)) {
			had_job = true;
			run_job(w, &job);
			zval_ptr_dtor(&job);
			watch_restart_between_reserves(w);
			if (w->opt.rest > 0) {
				send_acks(w);
				fastqueue_signals_sleep(w->opt.rest);
			}
		} else if (!waited && !w->redis_failures && !w->restart_changed) {
			/* With block_for the wait already happened; Laravel sleeps again, we do not. */
			fastqueue_signals_sleep(w->opt.sleep);
		}
		run->stop = should_stop(w, started, had_job || w->redis_failures, &run->status);
	}
}

static void next_job(fastqueue_worker *w, void *arg)
{
	bool *ran = arg;
	zval job;
	bool waited = fill_buffer(w, false);

	if (w->exiting) {
		return;
	}
	if (take_job(w, &job)) {
		run_job(w, &job);
		zval_ptr_dtor(&job);
		*ran = true;
	} else if (!waited && !w->redis_failures) {
		fastqueue_signals_sleep(w->opt.sleep);
	}
}

/* Runs body; a fatal error in a job or in a listener (which bails out past every frame)
 * first leaves nothing of ours behind: finished jobs acknowledged, prefetched ones handed
 * back, the handlers and timer as they were. The job that was running stays reserved and
 * comes back after retry_after with this attempt counted, as after kill -9. Only w, body and
 * arg are used after the longjmp, and none of them changes in between. */
static void run_guarded(fastqueue_worker *w, void (*body)(fastqueue_worker *, void *), void *arg)
{
	zend_try {
		body(w, arg);
	} zend_catch {
		fastqueue_signals_end_job();
		if (!Z_ISUNDEF(w->current)) {
			Z_FASTQUEUE_JOB_P(&w->current)->hooks = NULL;
		}
		end_run(w);
		zend_bailout();
	} zend_end_try();
}
/* }}} */

PHP_METHOD(FastQueue_Worker, daemon)
{
	zend_string *queues = NULL;
	fastqueue_worker *w = Z_WORKER_P(ZEND_THIS);
	daemon_run run;
	zval status_zv;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR(queues)
	ZEND_PARSE_PARAMETERS_END();

	if (begin_run(w, queues) == FAILURE) {
		RETURN_THROWS();
	}
	ZVAL_STR(&run.queues, queues ? zend_string_copy(queues) : zend_string_init("default", 7, 0));
	run.stop = false;
	run.status = 0;
	read_restart_baseline(w);
	run_guarded(w, daemon_loop, &run);
	end_run(w);
	zval_ptr_dtor(&run.queues);
	if (w->exiting) {
		RETURN_THROWS();
	}
	ZVAL_LONG(&status_zv, run.status);
	fire(w, EV_STOPPING, &status_zv, 1);
	if (EG(exception)) {
		RETURN_THROWS();
	}
	RETURN_LONG(run.status);
}

PHP_METHOD(FastQueue_Worker, runNextJob)
{
	zend_string *queues = NULL;
	fastqueue_worker *w = Z_WORKER_P(ZEND_THIS);
	bool ran = false;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR(queues)
	ZEND_PARSE_PARAMETERS_END();

	if (begin_run(w, queues) == FAILURE) {
		RETURN_THROWS();
	}
	run_guarded(w, next_job, &ran);
	end_run(w);
	/* A quit signal ends a daemon() run; here it was only held back until the job was done
	 * and acknowledged. Unlike daemon() the caller cannot tell, so it goes to the caller's
	 * disposition now: SIG_DFL ends the process, a pcntl handler runs, SIG_IGN ignores it. */
	fastqueue_signals_raise_deferred_quit();
	if (EG(exception)) {
		RETURN_THROWS();
	}
	RETURN_BOOL(ran);
}

PHP_METHOD(FastQueue_Worker, stop)
{
	zend_long status = 0;
	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(status)
	ZEND_PARSE_PARAMETERS_END();
	fastqueue_worker *w = Z_WORKER_P(ZEND_THIS);
	(void) return_value;
	/* daemon() returns it as the process's exit status: only 0-255 survive exit(). */
	if (status < 0 || status > 255) {
		zend_argument_value_error(1, "must be between 0 and 255");
		RETURN_THROWS();
	}
	w->stop_requested = true;
	w->stop_status = (int) status;
}

PHP_METHOD(FastQueue_Worker, pause)
{
	ZEND_PARSE_PARAMETERS_NONE();
	(void) return_value;
	set_paused(Z_WORKER_P(ZEND_THIS), true);
}

PHP_METHOD(FastQueue_Worker, resume)
{
	ZEND_PARSE_PARAMETERS_NONE();
	(void) return_value;
	set_paused(Z_WORKER_P(ZEND_THIS), false);
}

PHP_METHOD(FastQueue_Worker, isPaused)
{
	ZEND_PARSE_PARAMETERS_NONE();
	fastqueue_worker *w = Z_WORKER_P(ZEND_THIS);
	RETURN_BOOL(is_paused(w));
}

PHP_METHOD(FastQueue_Worker, stats)
{
	ZEND_PARSE_PARAMETERS_NONE();
	fastqueue_worker *w = Z_WORKER_P(ZEND_THIS);
	array_init_size(return_value, 8);
	add_assoc_long(return_value, "processed", w->processed);
	add_assoc_long(return_value, "failed", w->failed);
	add_assoc_long(return_value, "released", w->released);
	add_assoc_long(return_value, "exceptions", w->exceptions);
	add_assoc_long(return_value, "timeouts", w->timeouts);
	add_assoc_double(return_value, "started_at", w->started_at);
	add_assoc_double(return_value, "busy_seconds", w->busy);
	add_assoc_long(return_value, "memory_peak", (zend_long) zend_memory_peak_usage(true));
}

PHP_METHOD(FastQueue_Worker, on)
{
	zend_string *event;
	zval *listener;
	fastqueue_worker *w = Z_WORKER_P(ZEND_THIS);
	int ev;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(event)
		Z_PARAM_ZVAL(listener)
	ZEND_PARSE_PARAMETERS_END();

	if (!zend_is_callable(listener, 0, NULL)) {
		zend_argument_type_error(2, "must be a valid callback");
		RETURN_THROWS();
	}
	for (ev = 0; ev < EV_COUNT; ev++) {
		if (zend_string_equals_cstr(event, event_names[ev], strlen(event_names[ev]))) {
			break;
		}
	}
	if (ev == EV_COUNT) {
		zend_argument_value_error(1, "must be one of looping, processing, processed, exception, released, failed, timeout, "
			"stopping, queue:reserved, queue:migrated, queue:deleted, queue:released; \"%s\" given", ZSTR_VAL(event));
		RETURN_THROWS();
	}
	if (Z_ISUNDEF(w->listeners[ev])) {
		array_init(&w->listeners[ev]);
	}
	/* fire() may be walking this array: add to a copy of it then. */
	SEPARATE_ARRAY(&w->listeners[ev]);
	Z_TRY_ADDREF_P(listener);
	add_next_index_zval(&w->listeners[ev], listener);
	RETURN_OBJ_COPY(Z_OBJ_P(ZEND_THIS));
}

/* {{{ options */
/* Each value bounded like later()'s delay: time() + backoff is the released job's score. */
static zend_result opt_backoff(zval *v, worker_options *o)
{
	zval *item;
	uint32_t n = 0;
	zend_long one;

	if (Z_TYPE_P(v) == IS_LONG) {
		if (fastqueue_opt_long(v, 3, "backoff", 0, FASTQUEUE_MAX_DELAY, &one) == FAILURE) {
			return FAILURE;
		}
		o->backoff = erealloc(o->backoff, sizeof(zend_long));
		o->backoff[0] = one;
		o->backoff_count = 1;
		return SUCCESS;
	}
	if (Z_TYPE_P(v) != IS_ARRAY || zend_hash_num_elements(Z_ARRVAL_P(v)) == 0) {
		zend_argument_type_error(3, "option \"backoff\" must be an int or a non-empty list of ints");
		return FAILURE;
	}
	o->backoff = safe_erealloc(o->backoff, zend_hash_num_elements(Z_ARRVAL_P(v)), sizeof(zend_long), 0);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), item) {
		if (Z_TYPE_P(item) != IS_LONG || Z_LVAL_P(item) < 0 || Z_LVAL_P(item) > FASTQUEUE_MAX_DELAY) {
			zend_argument_value_error(3, "option \"backoff\" must hold only integers between 0 and %d", FASTQUEUE_MAX_DELAY);
			return FAILURE;
		}
		o->backoff[n++] = Z_LVAL_P(item);
	} ZEND_HASH_FOREACH_END();
	o->backoff_count = n;
	return SUCCESS;
}

static zend_result read_worker_option(worker_options *o, zend_string *key, zval *v)
{
	const char *k = ZSTR_VAL(key);
	if (zend_string_equals_literal(key, "name")) return fastqueue_opt_string(v, 3, k, false, false, &o->name);
	if (zend_string_equals_literal(key, "sleep")) return fastqueue_opt_number(v, 3, k, 0, FASTQUEUE_MAX_WAIT, &o->sleep);
	if (zend_string_equals_literal(key, "tries")) return fastqueue_opt_long(v, 3, k, 0, ZEND_LONG_MAX, &o->tries);
	if (zend_string_equals_literal(key, "backoff")) return opt_backoff(v, o);
	if (zend_string_equals_literal(key, "timeout")) return fastqueue_opt_long(v, 3, k, 0, FASTQUEUE_MAX_WAIT, &o->timeout);
	if (zend_string_equals_literal(key, "memory")) return fastqueue_opt_long(v, 3, k, 1, ZEND_LONG_MAX / 1048576, &o->memory);
	if (zend_string_equals_literal(key, "max_jobs")) return fastqueue_opt_long(v, 3, k, 0, ZEND_LONG_MAX, &o->max_jobs);
	if (zend_string_equals_literal(key, "max_time")) return fastqueue_opt_long(v, 3, k, 0, ZEND_LONG_MAX, &o->max_time);
	if (zend_string_equals_literal(key, "rest")) return fastqueue_opt_number(v, 3, k, 0, FASTQUEUE_MAX_WAIT, &o->rest);
	if (zend_string_equals_literal(key, "force")) return fastqueue_opt_bool(v, 3, k, &o->force);
	if (zend_string_equals_literal(key, "stop_when_empty")) return fastqueue_opt_bool(v, 3, k, &o->stop_when_empty);
	if (zend_string_equals_literal(key, "restart_key")) return fastqueue_opt_string(v, 3, k, true, false, &o->restart_key);
	if (zend_string_equals_literal(key, "maintenance_file")) return fastqueue_opt_string(v, 3, k, true, false, &o->maintenance_file);
	if (zend_string_equals_literal(key, "failed_store")) return fastqueue_opt_bool(v, 3, k, &o->failed_store);
	if (zend_string_equals_literal(key, "prefetch")) return fastqueue_opt_long(v, 3, k, 1, 1000, &o->prefetch);
	if (zend_string_equals_literal(key, "overlap")) return fastqueue_opt_bool(v, 3, k, &o->overlap);
	if (zend_string_equals_literal(key, "timeout_grace")) {
		if (fastqueue_opt_number(v, 3, k, 0, FASTQUEUE_MAX_WAIT, &o->timeout_grace) == FAILURE) return FAILURE;
		if (o->timeout_grace <= 0) {
			zend_argument_value_error(3, "option \"timeout_grace\" must be greater than 0");
			return FAILURE;
		}
		return SUCCESS;
	}
	if (zend_string_equals_literal(key, "timeout_mode")) {
		if (Z_TYPE_P(v) != IS_STRING) {
			zend_argument_type_error(3, "option \"timeout_mode\" must be of type string, %s given", zend_zval_type_name(v));
			return FAILURE;
		}
		if (zend_string_equals_literal(Z_STR_P(v), "kill")) {
			o->timeout_throw = false;
		} else if (zend_string_equals_literal(Z_STR_P(v), "throw")) {
			o->timeout_throw = true;
		} else {
			zend_argument_value_error(3, "option \"timeout_mode\" must be \"kill\" or \"throw\"");
			return FAILURE;
		}
		return SUCCESS;
	}
	zend_argument_value_error(3, "contains unknown option \"%s\"", k);
	return FAILURE;
}

static void options_free(worker_options *o)
{
	if (o->name) zend_string_release(o->name);
	if (o->restart_key) zend_string_release(o->restart_key);
	if (o->maintenance_file) zend_string_release(o->maintenance_file);
	if (o->backoff) efree(o->backoff);
	memset(o, 0, sizeof(*o));
}

static zend_result parse_worker_options(HashTable *options, worker_options *o)
{
	zend_string *key;
	zval *v;

	o->name = zend_string_init("default", 7, 0);
	o->sleep = 3;
	o->tries = 1;
	o->backoff = emalloc(sizeof(zend_long));
	o->backoff[0] = 0;
	o->backoff_count = 1;
	o->timeout = 60;
	o->memory = 128;
	o->failed_store = true;
	o->prefetch = 1;
	o->overlap = true;
	o->timeout_grace = 1.0;
	if (!options) {
		return SUCCESS;
	}
	ZEND_HASH_FOREACH_STR_KEY_VAL(options, key, v) {
		if (!key) {
			zend_argument_value_error(3, "must be an array with string keys");
			return FAILURE;
		}
		ZVAL_DEREF(v);
		if (read_worker_option(o, key, v) == FAILURE) {
			return FAILURE;
		}
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}
/* }}} */

PHP_METHOD(FastQueue_Worker, __construct)
{
	zval *queue, *handler = NULL;
	HashTable *options = NULL;
	fastqueue_worker *w = Z_WORKER_P(ZEND_THIS);
	char *error = NULL;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_OBJECT_OF_CLASS(queue, fastqueue_ce_RedisQueue)
		Z_PARAM_OPTIONAL
		Z_PARAM_ZVAL_OR_NULL(handler)
		Z_PARAM_ARRAY_HT(options)
	ZEND_PARSE_PARAMETERS_END();

	if (w->queue) {
		zend_throw_error(NULL, "FastQueue\\Worker is already constructed");
		RETURN_THROWS();
	}
	if (!fastqueue_redis_queue_from_obj(Z_OBJ_P(queue))->default_queue) {
		zend_argument_value_error(1, "must be a constructed FastQueue\\RedisQueue");
		RETURN_THROWS();
	}
	if (handler && !zend_is_callable_ex(handler, NULL, 0, NULL, &w->handler_fcc, &error)) {
		zend_argument_type_error(2, "must be a valid callback or null, %s", error ? error : "not callable");
		if (error) efree(error);
		RETURN_THROWS();
	}
	if (error) efree(error);
	if (parse_worker_options(options, &w->opt) == FAILURE) {
		options_free(&w->opt);
		RETURN_THROWS();
	}
	if (handler) {
		ZVAL_COPY(&w->handler, handler);
	}
	w->queue = Z_OBJ_P(queue);
	GC_ADDREF(w->queue);
	w->started_at = now_real();
}

/* {{{ object handlers */
static zend_object *worker_create(zend_class_entry *ce)
{
	fastqueue_worker *w = zend_object_alloc(sizeof(fastqueue_worker), ce);
	zend_object_std_init(&w->std, ce);
	object_properties_init(&w->std, ce);
	w->std.handlers = &worker_handlers;
	ZVAL_UNDEF(&w->handler);
	ZVAL_UNDEF(&w->current);
	for (int i = 0; i < EV_COUNT; i++) {
		ZVAL_UNDEF(&w->listeners[i]);
	}
	return &w->std;
}

static void worker_free(zend_object *obj)
{
	fastqueue_worker *w = worker_from_obj(obj);
	free_limits(&w->limits);
	for (uint32_t i = 0; i < w->buf_len; i++) {
		zval_ptr_dtor(&w->buffer[w->buf_head + i].job);
	}
	if (w->buffer) efree(w->buffer);
	drop_acks(w, w->nacks);
	if (w->acks) efree(w->acks);
	if (w->list_ready) fastqueue_queue_list_free(&w->list);
	if (w->restart_seen) zend_string_release(w->restart_seen);
	zval_ptr_dtor(&w->handler);
	zval_ptr_dtor(&w->current);
	for (int i = 0; i < EV_COUNT; i++) {
		zval_ptr_dtor(&w->listeners[i]);
	}
	options_free(&w->opt);
	if (w->queue) OBJ_RELEASE(w->queue);
	zend_object_std_dtor(obj);
}

/* Closures that capture the worker would leak without this. */
static HashTable *worker_get_gc(zend_object *obj, zval **table, int *n)
{
	fastqueue_worker *w = worker_from_obj(obj);
	zend_get_gc_buffer *buf = zend_get_gc_buffer_create();

	zend_get_gc_buffer_add_zval(buf, &w->handler);
	zend_get_gc_buffer_add_zval(buf, &w->current);
	for (int i = 0; i < EV_COUNT; i++) {
		zend_get_gc_buffer_add_zval(buf, &w->listeners[i]);
	}
	for (uint32_t i = 0; i < w->buf_len; i++) {
		zend_get_gc_buffer_add_zval(buf, &w->buffer[w->buf_head + i].job);
	}
	if (w->queue) {
		zend_get_gc_buffer_add_obj(buf, w->queue);
	}
	zend_get_gc_buffer_use(buf, table, n);
	return zend_std_get_properties(obj);
}
/* }}} */

void fastqueue_worker_minit(zend_class_entry *ce)
{
	ce->create_object = worker_create;
	memcpy(&worker_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	worker_handlers.offset = XtOffsetOf(fastqueue_worker, std);
	worker_handlers.free_obj = worker_free;
	worker_handlers.get_gc = worker_get_gc;
	worker_handlers.clone_obj = NULL;
	fastqueue_signals_minit();
}
