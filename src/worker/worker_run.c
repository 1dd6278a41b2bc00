/* FastQueue\Worker, running one job: its limits (tries, timeout, backoff, retryUntil), calling
 * its handler or its class, and ending it: deleted, released for another try or failed. */
#include "exceptions.h"
#include "worker_private.h"
#include "failed.h"
#include "signals.h"
#include "payload.h"
#include "seconds.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include <sys/resource.h>

/* {{{ the job's limits */
void fastqueue_worker_free_limits(job_limits *l)
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
	fastqueue_worker_free_limits(l);
	l->max_tries = fastqueue_worker_field_long(job, FASTQUEUE_FIELD_MAX_TRIES, w->opt.tries);
	/* As Laravel's Job::retryUntil(): older payloads carry the deadline as "timeoutAt". */
	l->retry_until = fastqueue_worker_field_long(job, FASTQUEUE_FIELD_RETRY_UNTIL, fastqueue_worker_field_long(job, FASTQUEUE_FIELD_TIMEOUT_AT, 0));
	l->max_exceptions = fastqueue_worker_field_long(job, FASTQUEUE_FIELD_MAX_EXCEPTIONS, -1);
	l->timeout = fastqueue_worker_field_long(job, FASTQUEUE_FIELD_TIMEOUT, w->opt.timeout);
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
/* The longest of the job's backoff (else the worker's), in seconds. */
static zend_long longest_backoff(fastqueue_worker *w, const job_limits *l)
{
	zend_long longest = 0;

	if (Z_ISUNDEF(l->backoff)) {
		for (uint32_t i = 0; i < w->opt.backoff_count; i++) {
			longest = MAX(longest, w->opt.backoff[i]);
		}
		return longest;
	}
	if (Z_TYPE(l->backoff) == IS_LONG) {
		return MAX(Z_LVAL(l->backoff), 0);
	}
	for (const char *p = Z_STRVAL(l->backoff), *end = p + Z_STRLEN(l->backoff); p < end; p++) {
		if (*p >= '0' && *p <= '9') {
			char *stop;
			longest = MAX(longest, ZEND_STRTOL(p, &stop, 10));
			p = stop;
		}
	}
	return longest;
}
/* }}} */

/* {{{ crash records (crash.c) */
/* A record lives a day past the reservation's end, the job's longest backoff and its
 * retryUntil: the next attempt reads it at its reserve, after the job waited its turn (pop.lua's
 * record_ttl gives the records it writes the same lifetime). */
#define CRASH_RECORD_SLACK 86400

/* Each part at most ten years (the longest delay a release takes), so that a payload's huge
 * backoff or retryUntil cannot overflow the sum. */
static zend_long crash_ttl_part(zend_long seconds)
{
	return MIN(MAX(seconds, 0), FASTQUEUE_MAX_DELAY);
}

static zend_long crash_record_ttl(fastqueue_worker *w, const job_limits *l)
{
	zend_long ttl = CRASH_RECORD_SLACK + crash_ttl_part(worker_queue(w)->retry_after) + crash_ttl_part(longest_backoff(w, l));

	if (l->retry_until > 0) {
		zend_long now = fastqueue_clock_unix();
		ttl += l->retry_until > now ? crash_ttl_part(l->retry_until - now) : 0;
	}
	return ttl;
}

/* This attempt's crash record made ready before the job's code runs: QUEUE:crash:UUID:ATTEMPT,
 * in the queue's hash slot. Nothing is sent: the record is written only if the worker dies. */
static void arm_crash_record(fastqueue_worker *w, fastqueue_job *job, const job_limits *l, zend_string *name)
{
	if (!l->uuid || job->attempts < 1) {
		fastqueue_crash_disarm();
		return;
	}
	/* The recorder reads the name only if the worker dies: kept until the next job's. */
	if (w->crash_name) {
		zend_string_release(w->crash_name);
	}
	w->crash_name = zend_string_copy(name);
	fastqueue_crash_arm(fastqueue_queue_list_key(&w->list, job->queue_index, 0), l->uuid, job->attempts, name,
		crash_record_ttl(w, l));
}

/* The job's code called exit(): the process ends once it has unwound. */
static void record_exit(void)
{
	char cause[64];
	int n = snprintf(cause, sizeof(cause), "the job called exit(%d)", EG(exit_status));
	fastqueue_crash_record(cause, n > 0 ? MIN((size_t) n, sizeof(cause) - 1) : 0);
}

/* The previous attempt ended its worker: said on stderr as the job starts again. */
static void say_previous_crash(const fastqueue_job *job)
{
	if (job->previous_crash) {
		fprintf(stderr, "FastQueue: %s\n", ZSTR_VAL(job->previous_crash));
		fflush(stderr);
	}
}
/* }}} */

/* {{{ ending a job: ack, fail, release */
/* The job left :reserved for good (acknowledged, deleted or failed): queue:deleted. */
static void job_deleted(fastqueue_worker *w, fastqueue_job *job)
{
	zval job_zv;
	fastqueue_worker_slot_freed(w, job);
	ZVAL_OBJ(&job_zv, &job->std);
	fastqueue_worker_fire_job(w, EV_Q_DELETED, &job_zv);
}

/* $job->delete() inside a job: acknowledged with the next command. The job counts as deleted
 * before the listeners hear of it, as Laravel's deleteReserved runs after delete() set it. */
static void hook_defer_delete(void *ctx, fastqueue_job *job)
{
	fastqueue_worker_add_ack((fastqueue_worker *) ctx, job);
	job->deleted = true;
	job_deleted((fastqueue_worker *) ctx, job);
}

/* The job went to :delayed (its own release() or the worker's retry): queue:released. */
static void job_released(fastqueue_worker *w, fastqueue_job *job, zend_long delay)
{
	zval args[2];
	fastqueue_worker_slot_freed(w, job);
	ZVAL_OBJ(&args[0], &job->std);
	ZVAL_LONG(&args[1], delay);
	fastqueue_worker_fire(w, EV_Q_RELEASED, args, 2);
}

static void hook_released(void *ctx, fastqueue_job *job, zend_long delay)
{
	job_released((fastqueue_worker *) ctx, job, delay);
}

/* A Throwable of class ce (an Exception's or an Error's) with message (taken), not thrown:
 * made where it is raised, as a throw would make it, and handed to the job's exception path. */
static void throwable_new(zval *out, zend_class_entry *ce, zend_string *message)
{
	zend_class_entry *base = instanceof_function(ce, zend_ce_exception) ? zend_ce_exception : zend_ce_error;
	zval m;

	object_init_ex(out, ce);
	ZVAL_STR(&m, message);
	zend_update_property_ex(base, Z_OBJ_P(out), ZSTR_KNOWN(ZEND_STR_MESSAGE), &m);
	zval_ptr_dtor(&m);
}

/* An exception object of class ce whose message is fmt with name in it (not thrown). */
static void new_exception(zval *out, zend_class_entry *ce, const char *fmt, const char *name)
{
	throwable_new(out, ce, zend_strpprintf(0, fmt, name));
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
	double asked = w->metrics ? fastqueue_clock_mono() : 0;
	ok = w->opt.failed_store ? fastqueue_failed_record(q, job, exception) : fastqueue_job_remove_reserved(job);
	if (w->metrics) {
		fastqueue_worker_redis_waited(w, asked);
	}
	if (ok == FAILURE) {
		/* The job stays reserved: it comes back after retry_after and fails then. */
		fprintf(stderr, "FastQueue: could not fail job %s: %s\n", ZSTR_VAL(job->queue), q->conn.err);
		fflush(stderr);
	}
	job->failed = true;
	job->deleted = true;
	w->stats.failed++;
	/* As Laravel's fail(): marked failed, deleted (queue:deleted), then the failed event. */
	if (ok == SUCCESS) {
		job_deleted(w, job);
	}
	ZVAL_OBJ(&job_zv, &job->std);
	fastqueue_worker_fire_job_value(w, EV_FAILED, &job_zv, exception);
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
	/* After a crash, the record of why its last attempt ended the worker follows. */
	throwable_new(out, fastqueue_ce_MaxAttemptsExceededException, zend_strpprintf(0,
		"%s has been attempted too many times or run too long. The job may have previously timed out.%s%s", ZSTR_VAL(name),
		job->previous_crash ? " " : "", job->previous_crash ? ZSTR_VAL(job->previous_crash) : ""));
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
		/* No count is no count: the exception is not held against the job. */
		if (fastqueue_conn_expect_integer(c, "INCR", r, &count) == FAILURE) {
			fprintf(stderr, "FastQueue: could not count the job's exceptions: %s\n", q->conn.err);
			fflush(stderr);
		}
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
		return l->retry_until <= fastqueue_clock_unix();
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
	double asked = w->metrics ? fastqueue_clock_mono() : 0;
	zend_result ok;

	delay = fastqueue_clamp_delay(delay);
	ok = fastqueue_queue_release(q, job->queue, job->reserved, fastqueue_job_uncharged_member(job),
		fastqueue_clock_unix() + delay, &released);
	if (w->metrics) {
		fastqueue_worker_redis_waited(w, asked);
	}
	if (ok == FAILURE) {
		fprintf(stderr, "FastQueue: could not release job %s: %s; it comes back after retry_after\n",
			ZSTR_VAL(job->queue), q->conn.err);
		fflush(stderr);
		return;
	}
	job->released = true;
	w->stats.released++;
	ZVAL_LONG(&d, delay);
	job_released(w, job, delay);
	fastqueue_worker_fire_job_value(w, EV_RELEASED, job_zv, &d);
}

/* Laravel's handleJobException: fail when out of tries, time or exceptions, else release. */
static void handle_exception(fastqueue_worker *w, fastqueue_job *job, zval *job_zv, const job_limits *l, zval *e)
{
	w->stats.exceptions++;
	if (!job->failed) {
		bool timed_out = Z_TYPE_P(e) == IS_OBJECT && instanceof_function(Z_OBJCE_P(e), fastqueue_ce_TimeoutException);
		if (tries_used_up(l, job) || exceptions_used_up(w, l) || (timed_out && l->fail_on_timeout)) {
			fail_job(w, job, e);
		}
	}
	fastqueue_worker_fire_job_value(w, EV_EXCEPTION, job_zv, e);
	if (!job->deleted && !job->released && !job->failed) {
		release_job(w, job, job_zv, backoff_for(w, l, job->attempts));
	}
}

/* What a running job's delete(), release() and fail() call back into. */
void fastqueue_worker_set_job_hooks(fastqueue_worker *w)
{
	w->hooks.ctx = w;
	w->hooks.defer_delete = hook_defer_delete;
	w->hooks.fail = hook_fail;
	w->hooks.released = hook_released;
}
/* }}} */

/* {{{ a job's figures ('metrics' on) */
/* User + system CPU seconds of PHP's thread: the lease and exporter threads are not the job's. */
static double thread_cpu_seconds(void)
{
	struct rusage ru;
#ifdef RUSAGE_THREAD
	getrusage(RUSAGE_THREAD, &ru);
#else
	getrusage(RUSAGE_SELF, &ru);
#endif
	return (double) ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double) ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

/* getrusage is a system call, about 0.6 us here: two per job would cost a no-op job's worker
 * at prefetch 32 several per cent of its CPU. Around jobs shorter than this (seconds of wall
 * time), the CPU time is read at most once per this long, which bounds the error of any job's
 * CPU time by it; longer jobs are read as they end. */
#define CPU_READ_EVERY 0.001

static void read_cpu(fastqueue_worker *w, double now)
{
	w->cpu_last.wall = now;
	w->cpu_last.cpu = thread_cpu_seconds();
}

/* The process's real peak survives the reset of each job's: stats()'s memory_peak reads it. */
static void keep_process_peak(fastqueue_worker *w)
{
	size_t peak = zend_memory_peak_usage(true);
	if (peak > w->stats.memory_peak) {
		w->stats.memory_peak = peak;
	}
}

/* How long a job on its first attempt waited: from when it became due (Laravel 12+'s
 * createdAt, whole seconds, plus its dispatch delay) to now. Later attempts became due when
 * they were released, which the payload does not say. */
static void measure_wait(fastqueue_worker *w, fastqueue_job *job)
{
	zend_long created, delay;

	w->measure.f.wait_known = false;
	if (job->attempts != 1) {
		return;
	}
	created = fastqueue_worker_field_long(job, FASTQUEUE_FIELD_CREATED_AT, -1);
	if (created < 0) {
		return;
	}
	delay = fastqueue_worker_field_long(job, FASTQUEUE_FIELD_DELAY, 0);
	w->measure.f.wait_known = true;
	w->measure.f.wait_seconds = fastqueue_clock_wall() - (double) created - (double) (delay > 0 ? delay : 0);
}

static void measure_begin(fastqueue_worker *w)
{
	memset(&w->measure, 0, sizeof(w->measure));
	w->measure.timeouts_before = w->stats.timeouts;
	fastqueue_metrics_set_state(w->metrics, FASTQUEUE_STATE_BUSY);
}

/* The exposition's job line: copied by the accumulator, which keeps no pointer into the job. */
static void publish_job(fastqueue_worker *w, fastqueue_job *job, zend_string *name, double started)
{
	zend_string *uuid = w->limits.uuid;
	fastqueue_job_identity id = {ZSTR_VAL(name), ZSTR_LEN(name), uuid ? ZSTR_VAL(uuid) : NULL, uuid ? ZSTR_LEN(uuid) : 0,
		ZSTR_VAL(job->queue), ZSTR_LEN(job->queue), started};

	fastqueue_metrics_job_started(w->metrics, &id);
}

/* Just before the handler: the allocation peak starts again from what is allocated now. */
static void measure_handler_start(fastqueue_worker *w, fastqueue_job *job, zend_string *name)
{
	job_measure *m = &w->measure;
	double now;

	keep_process_peak(w);
	zend_memory_reset_peak_usage();
	m->handler_started = true;
	now = fastqueue_clock_mono();
	m->wall_start = now;
	publish_job(w, job, name, now);
	m->cpu_read_at_start = !w->cpu_last.wall || now - w->cpu_last.wall >= CPU_READ_EVERY;
	if (m->cpu_read_at_start) {
		read_cpu(w, now);
		m->cpu_start = w->cpu_last.cpu;
	} else {
		/* Read less than CPU_READ_EVERY ago: since then the thread used at most the wall time
		 * that passed, so the job's CPU time comes out at most that much short. */
		m->cpu_start = w->cpu_last.cpu + (now - w->cpu_last.wall);
	}
}

/* Just after the handler (or at a 'kill' timeout inside it). */
static void measure_handler_end(fastqueue_worker *w)
{
	job_measure *m = &w->measure;
	double now, cpu;

	if (!m->handler_started || m->f.ran) {
		return;
	}
	now = fastqueue_clock_mono();
	m->f.run_seconds = now - m->wall_start;
	if (m->cpu_read_at_start || m->f.run_seconds >= CPU_READ_EVERY) {
		read_cpu(w, now);
		cpu = w->cpu_last.cpu - m->cpu_start;
	} else {
		/* A short job that began without a reading: one thread's CPU time is at most its wall
		 * time, which stands for it (it falls in the lowest bucket either way). */
		cpu = m->f.run_seconds;
	}
	m->f.cpu_seconds = cpu < 0 ? 0 : (cpu > m->f.run_seconds ? m->f.run_seconds : cpu);
	m->f.memory_peak_bytes = zend_memory_peak_usage(false);
	m->f.ran = true;
	keep_process_peak(w);
}

/* The attempt's outcome from the job's state: failed, released, deleted; a job that is none of
 * them (its release failed on Redis, exit() inside it) comes back for another attempt. */
static fastqueue_outcome outcome_of(fastqueue_job *job)
{
	if (job->failed) {
		return FASTQUEUE_OUTCOME_FAILED;
	}
	if (job->released || !job->deleted) {
		return FASTQUEUE_OUTCOME_RELEASED;
	}
	return FASTQUEUE_OUTCOME_PROCESSED;
}

static const char *const outcome_words[FASTQUEUE_OUTCOME_COUNT] = {"processed", "released", "failed"};

static void fire_measured(fastqueue_worker *w, zval *job_zv)
{
	const fastqueue_job_figures *f = &w->measure.f;
	fastqueue_job *job = Z_FASTQUEUE_JOB_P(job_zv);
	zval args[2];

	ZVAL_COPY_VALUE(&args[0], job_zv);
	array_init_size(&args[1], 7);
	add_assoc_str(&args[1], "queue", zend_string_copy(job->queue));
	add_assoc_string(&args[1], "outcome", (char *) outcome_words[f->outcome]);
	add_assoc_bool(&args[1], "timed_out", f->timed_out);
	if (f->wait_known) {
		add_assoc_double(&args[1], "wait_seconds", f->wait_seconds);
	} else {
		add_assoc_null(&args[1], "wait_seconds");
	}
	add_assoc_double(&args[1], "run_seconds", f->run_seconds);
	add_assoc_double(&args[1], "cpu_seconds", f->cpu_seconds);
	add_assoc_long(&args[1], "memory_peak_bytes", (zend_long) f->memory_peak_bytes);
	fastqueue_worker_fire(w, EV_MEASURED, args, 2);
	zval_ptr_dtor(&args[1]);
}

void fastqueue_worker_measure_end(fastqueue_worker *w, zval *job_zv, bool fire)
{
	fastqueue_job *job = Z_FASTQUEUE_JOB_P(job_zv);
	fastqueue_lease_counts leases;
	job_measure *m = &w->measure;

	measure_handler_end(w);
	m->f.outcome = outcome_of(job);
	m->f.timed_out = w->stats.timeouts != m->timeouts_before;
	m->f.memory_bytes = zend_memory_usage(false);
	fastqueue_metrics_record_job(w->metrics, ZSTR_VAL(job->queue), ZSTR_LEN(job->queue), &m->f);
	fastqueue_metrics_set_state(w->metrics, FASTQUEUE_STATE_IDLE);
	if (w->lease) {
		/* Without a lease thread the counts change only as a run ends (end_lease sets them). */
		fastqueue_worker_lease_counts(w, &leases);
		fastqueue_metrics_set_leases(w->metrics, leases.renewed, leases.lost, leases.failures);
	}
	if (fire && !Z_ISUNDEF(w->listeners[EV_MEASURED])) {
		fire_measured(w, job_zv);
	}
}
/* }}} */

/* {{{ running one job */
static const char *visibility(const zend_function *fn)
{
	return (fn->common.fn_flags & ZEND_ACC_PRIVATE) ? "private" : "protected";
}

/* Calls $obj->method($job, $data) as code outside the class would: visibility holds, a
 * static method is called statically, __call answers for a method it may not see. A method
 * it may not call is PHP's Error (or our Exception when there is none) in *refused. */
static void call_job_method(zval *obj, zend_string *method, zval *args, zval *refused)
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
		/* Every field zeroed first: PHP 8.6 adds consumed_args (arguments the callee may take
		 * over), which left unset could hand it the caller's zvals. */
		fci = empty_fcall_info;
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
		throwable_new(refused, zend_ce_error, zend_strpprintf(0, "Call to %s method %s::%s() from global scope",
			visibility(fn), ZSTR_VAL(ce->name), ZSTR_VAL(fn->common.function_name)));
	} else {
		throwable_new(refused, fastqueue_ce_Exception, zend_strpprintf(0, "Job class \"%s\" has no method \"%s\"",
			ZSTR_VAL(ce->name), ZSTR_VAL(method)));
	}
	if (error) efree(error);
	zval_ptr_dtor(&callable);
}

/* No handler: Laravel's resolution without a container, "Class@method" (method fire when
 * absent), run as (new Class)->method($job, $data) from outside the class. Only "job" and
 * "data" are decoded. What stops it before the method runs (no such class, a constructor or
 * method it may not call) goes to *error; what the job's code throws stays thrown. */
static void call_job_class(zval *job_zv, zval *error)
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
		/* An autoloader's exception stays: it is the job's. */
		if (!EG(exception)) {
			throwable_new(error, fastqueue_ce_Exception, zend_strpprintf(0, "Job class \"%s\" not found", ZSTR_VAL(cls)));
		}
	} else if (ce->constructor && !(ce->constructor->common.fn_flags & ZEND_ACC_PUBLIC)) {
		throwable_new(error, zend_ce_error, zend_strpprintf(0, "Call to %s %s::__construct() from global scope",
			visibility(ce->constructor), ZSTR_VAL(ce->name)));
	} else if (object_init_ex(&obj, ce) == SUCCESS) {
		if (ce->constructor) {
			zend_call_known_instance_method_with_0_params(ce->constructor, Z_OBJ(obj), NULL);
		}
		if (!EG(exception)) {
			call_job_method(&obj, method, args, error);
		}
		zval_ptr_dtor(&obj);
		/* Its destructor threw: PHP would have made the error pending then its previous. */
		if (EG(exception) && !Z_ISUNDEF_P(error)) {
			zend_exception_set_previous(EG(exception), Z_OBJ_P(error));
			ZVAL_UNDEF(error);
		}
	}
	zend_string_release(cls);
	zend_string_release(method);
	zval_ptr_dtor(&name_zv);
	zval_ptr_dtor(&data);
}

/* Runs the job's handler, or its class; an error that stopped the class before it ran is
 * in *error (else UNDEF). */
static void call_handler(fastqueue_worker *w, zval *job_zv, zval *error)
{
	zend_fcall_info fci;
	zval rv;

	ZVAL_UNDEF(error);
	if (Z_ISUNDEF(w->handler)) {
		call_job_class(job_zv, error);
		return;
	}
	fci = empty_fcall_info; /* PHP 8.6's consumed_args too (see call_job_method) */
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


/* At the job's timeout, at a safe point (signals.c calls this from the VM interrupt). */
/* In 'kill' mode the job has reached a safe point: failing it runs failed(), the failed-job
 * record and the stopping listeners, which Laravel lets take as long as they need. A slow
 * database or a busy machine must not cut them short, so they get at least this long. */
#define TIMEOUT_FAIL_STEP_MIN 10.0

/* The worker's one throw: the TimeoutException raised into the running job ('throw' mode).
 * Unlike the errors that stop a job before it runs, it must be thrown: only a thrown
 * exception unwinds the job's PHP frames (its catch and finally blocks run) back to
 * call_handler, from the safe point where the job was interrupted. */
static void throw_timeout(fastqueue_worker *w, zend_string *name, zend_long timeout)
{
	zend_throw_exception_ex(fastqueue_ce_TimeoutException, 0, "%s has timed out after " ZEND_LONG_FMT " s", ZSTR_VAL(name), timeout);
	w->timeout_thrown = true;
}

static void on_timeout(void *ctx)
{
	fastqueue_worker *w = ctx;
	fastqueue_job *job = Z_FASTQUEUE_JOB_P(&w->current);
	const job_limits *l = &w->limits;  /* run_job read them before the timer started */
	zval e, status;

	w->stats.timeouts++;
	/* The watchdog stays armed: what runs now must not hang the worker either. */
	fastqueue_signals_extend_grace(w->opt.timeout_throw ? 0.0 : TIMEOUT_FAIL_STEP_MIN);
	if (w->opt.timeout_throw) {
		zend_string *name = fastqueue_job_display_name(job);
		/* Listeners first: fastqueue_worker_fire() clears what they throw, which must not be ours. */
		fastqueue_worker_fire_job(w, EV_TIMEOUT, &w->current);
		if (!w->exiting) {
			throw_timeout(w, name, l->timeout);
		}
		zend_string_release(name);
		return;
	}
	/* 'kill', Laravel's semantics: fail it if it may not run again, then end the process. */
	fastqueue_worker_fire_job(w, EV_TIMEOUT, &w->current);
	if (!job->failed && !job->deleted && !job->released
		&& (l->fail_on_timeout || tries_used_up(l, job) || exceptions_used_up(w, l))) {
		max_attempts_exception(&e, job);
		fail_job(w, job, &e);
		zval_ptr_dtor(&e);
	}
	if (!job->failed && !job->deleted && !job->released) {
		/* It comes back after retry_after: its next attempt learns why. */
		char cause[96];
		int n = snprintf(cause, sizeof(cause), "it ran past its timeout of " ZEND_LONG_FMT " s and the worker ended it "
			"(timeout_mode kill)", l->timeout);
		fastqueue_crash_record(cause, n > 0 ? MIN((size_t) n, sizeof(cause) - 1) : 0);
	}
	if (w->metrics) {
		/* The process ends here: the attempt is recorded now (failed when it was failed just
		 * above, else released: it comes back after retry_after), before the exit path. */
		fastqueue_worker_measure_end(w, &w->current, false);
	}
	fastqueue_worker_flush_round(w);
	ZVAL_LONG(&status, w->opt.timeout_exit_status);
	fastqueue_worker_fire(w, EV_STOPPING, &status, 1);
	fastqueue_metrics_export_last_words(w->exporter);
	fflush(stdout);
	fflush(stderr);
	_exit((int) w->opt.timeout_exit_status);
}

/* Fails a job before it runs, with exception e (consumed): not a job it can run. */
static void fail_unrunnable(fastqueue_worker *w, fastqueue_job *job, zval *job_zv, zval *e)
{
	w->stats.exceptions++;
	fail_job(w, job, e);
	fastqueue_worker_fire_job_value(w, EV_EXCEPTION, job_zv, e);
	zval_ptr_dtor(e);
}

static void payload_exception(zval *out, zend_string *message)
{
	throwable_new(out, fastqueue_ce_PayloadException, message);
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

/* From its start to its end, listeners included, the job's reservation is kept alive. */
static void hold_lease(fastqueue_worker *w, fastqueue_job *job)
{
	if (w->lease && job->reserved_until > 0) {
		fastqueue_lease_hold(w->lease, fastqueue_queue_list_key(&w->list, job->queue_index, FASTQUEUE_KEY_RESERVED),
			job->reserved, job->reserved_until);
	}
}

void fastqueue_worker_run_job(fastqueue_worker *w, zval *job_zv)
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
		fastqueue_worker_report("an exception was thrown between jobs (by a destructor the garbage collector ran?)", EG(exception));
		zend_clear_exception();
	}
	ZVAL_COPY(&w->current, job_zv);
	job->hooks = &w->hooks;
	w->stats.processed++;
	w->timeout_thrown = false;
	if (w->metrics) {
		measure_begin(w);
	}
	fastqueue_worker_mark_started(w, job);
	hold_lease(w, job);
	/* Laravel's pop hands out the job as it reserves it: its reserved copy is in :reserved now. */
	fastqueue_worker_fire_job(w, EV_Q_RESERVED, job_zv);
	if (w->exiting) {
		goto done;
	}
	fastqueue_worker_fire_job(w, EV_PROCESSING, job_zv);
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
	if (w->metrics) {
		measure_wait(w, job);
	}
	say_previous_crash(job);
	/* Its last run died (timeout, kill -9, fatal error): attempts already exceed its tries. */
	if ((l->retry_until && fastqueue_clock_unix() > l->retry_until)
		|| (!l->retry_until && l->max_tries > 0 && job->attempts > l->max_tries)) {
		max_attempts_exception(&e, job);
		fail_unrunnable(w, job, job_zv, &e);
		goto done;
	}

	name = fastqueue_job_display_name(job);
	arm_crash_record(w, job, l, name);
	fastqueue_signals_start_job(l->timeout, w->opt.timeout_grace, ZSTR_VAL(name), on_timeout, w);
	if (w->metrics) {
		measure_handler_start(w, job, name);
	}
	zend_string_release(name);
	t0 = fastqueue_clock_mono();
	/* A fatal error in here unwinds to the guard around the whole run (run_guarded). */
	call_handler(w, job_zv, &e);
	if (w->metrics) {
		measure_handler_end(w);
	}
	fastqueue_signals_end_job();
	/* The job's code is over: a TimeoutException from here on (a listener's own) is not its. */
	w->timeout_thrown = false;
	w->stats.busy += fastqueue_clock_mono() - t0;

	if (EG(exception)) {
		if (fastqueue_worker_unwinding(w)) {
			record_exit();
			goto done;
		}
		ZVAL_OBJ_COPY(&e, EG(exception));
		zend_clear_exception();
		handle_exception(w, job, job_zv, l, &e);
		zval_ptr_dtor(&e);
	} else if (!Z_ISUNDEF(e)) {
		/* The job class could not run (no such class, method, or one it may not call). */
		handle_exception(w, job, job_zv, l, &e);
		zval_ptr_dtor(&e);
	} else {
		if (!job->deleted && !job->released && !job->failed) {
			fastqueue_worker_add_ack(w, job);
			job->deleted = true;
			job_deleted(w, job);
		}
		fastqueue_worker_reserve_ahead(w);
		fastqueue_worker_fire_job(w, EV_PROCESSED, job_zv);
	}
done:
	fastqueue_crash_disarm();
	if (w->metrics) {
		fastqueue_worker_measure_end(w, job_zv, !w->exiting);
	}
	if (w->lease) {
		fastqueue_lease_drop(w->lease);
	}
	w->timeout_thrown = false;
	job->hooks = NULL;
	zval_ptr_dtor(&w->current);
	ZVAL_UNDEF(&w->current);
}
/* }}} */
